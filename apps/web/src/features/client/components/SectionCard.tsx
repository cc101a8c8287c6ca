import { Card, Group, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled section of a screen: a card that is also a labelled region landmark. */
export function SectionCard({
  title,
  children,
  actions,
  order = 2,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  order?: 2 | 3;
}) {
  const id = useId();
  return (
    <Card
      component="section"
      aria-labelledby={id}
      withBorder
      radius="md"
      padding="lg"
      className="section-card"
    >
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={order} size={order === 2 ? 'h4' : 'h5'} id={id}>
          {title}
        </Title>
        {actions && (
          <Group gap="xs" data-no-print>
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Card>
  );
}
