import './mantine-styles';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../lib/i18n';
import { NotificationsHost } from './NotificationsHost';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, localizedTheme } from './theme';

/** Everything a screen relies on except the router: theme, data cache, notifications, i18n. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { t } = useTranslation();
  // `t` changes with the language, so the close buttons' names follow the page's language.
  const theme = useMemo(
    () => localizedTheme({ close: t('app.close'), closeNotification: t('app.closeNotification') }),
    [t],
  );
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <NotificationsHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
