import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/usePageTitle';

/**
 * The frame of every account screen (registration, activation, forgotten password, reset): a centred card with the
 * screen's title (the page's h1 and the browser tab title) and a short explanation.
 */
export function AccountCard({
  title,
  intro,
  children,
  maxWidth = 520,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}) {
  usePageTitle(title);
  return (
    <Card withBorder radius="md" shadow="xs" padding="xl" maw={maxWidth} mx="auto" w="100%">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" size="sm">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
