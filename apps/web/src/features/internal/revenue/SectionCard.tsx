import { Card, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled part of a revenue tab: a region named by its heading. */
export function RevenueSection({
  title,
  aside,
  children,
}: {
  title: string;
  /** Beside the heading (a badge, a button). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
