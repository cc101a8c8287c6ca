import './mantine-styles';
import './global.css';
import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../lib/i18n';
import { StepUpHost } from '../components/account-security/StepUpHost';
import { NotificationsHost } from './NotificationsHost';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, localizedTheme } from './theme';

/**
 * The portal has one colour scheme. Mantine's default manager reads and watches localStorage for a stored choice;
 * the first localStorage read of a page opens the origin's storage, ~5 ms of the main thread before the first
 * screen on a fast machine (four times that on a phone), for a choice the portal never offers.
 */
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/** Everything a screen relies on except the router: theme, data cache, notifications, i18n. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { t } = useTranslation();
  // Keyed by the words, not by `t`: `t` is a new function whenever a namespace loads, and a new theme re-renders
  // every Mantine component of the page (on My Plan, the bell's and the area's namespaces arriving re-rendered the
  // whole screen twice, most of Lighthouse's blocking time). The words change only with the language.
  const close = t('app.close');
  const closeNotification = t('app.closeNotification');
  const theme = useMemo(() => localizedTheme({ close, closeNotification }), [close, closeNotification]);
  return (
    <QueryClientProvider client={client}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={lightOnly}
        forceColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
      >
        <NotificationsHost />
        <StepUpHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
