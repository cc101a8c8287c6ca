import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DASH } from '../lib/format';

export interface Definition {
  label: string;
  value: ReactNode;
  /** Hidden when false (fields that do not apply to a product). */
  show?: boolean;
}

/**
 * Label/value pairs as a real description list (<dl>), laid out in a responsive grid. Empty values show a dash so
 * the grid stays aligned.
 */
export function DefinitionGrid({
  items,
  cols = 3,
  phoneCols = 1,
}: {
  items: readonly Definition[];
  cols?: 1 | 2 | 3 | 4;
  /** Two for many short facts (a revenue's thirty header facts would otherwise be one long column on a phone). */
  phoneCols?: 1 | 2;
}) {
  const shown = items.filter((item) => item.show !== false);
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: phoneCols, xs: Math.min(cols, 2), md: cols }}
      spacing="lg"
      verticalSpacing="md"
      m={0}
    >
      {shown.map((item) => (
        <Box key={item.label} className="definition">
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
            {item.label}
          </Text>
          <Text component="dd" m={0} mt={2} size="sm" fw={500}>
            {item.value === null || item.value === undefined || item.value === '' ? DASH : item.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
