import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './usePageTitle';

/**
 * Stand-in body of a screen that an area issue has not built yet: a card titled with the screen name.
 * `namespace` is the feature's lazily loaded i18n namespace, whose `placeholder` text is shown.
 */
export function ScreenPlaceholder({
  title,
  namespace,
  children,
}: {
  title: string;
  namespace: 'public' | 'client' | 'producer' | 'internal';
  children?: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  usePageTitle(title);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{t('placeholder')}</Text>
        {children}
      </Stack>
    </Card>
  );
}
