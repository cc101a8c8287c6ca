import { Box, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ProducerHome } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../lib/format';
import { useStageName } from '../components/stage-name';

/** Cell backgrounds, from none to the busiest cell's; the text stays dark on each for contrast. */
const SHADES = [
  'transparent',
  'var(--mantine-color-orange-0)',
  'var(--mantine-color-orange-1)',
  'var(--mantine-color-orange-2)',
];

/**
 * Overdue cases by sub-partner and stage: the figure in each cell, its background darker the larger its share of
 * the busiest cell (the shade only repeats the number, so nothing is said by colour alone).
 */
export function OverdueHeatMap({
  rows,
  others,
  stages,
}: {
  rows: ProducerHome['overdueBySubPartner'];
  /** The direct reports beyond those named, summed into one row. */
  others: ProducerHome['overdueOthers'];
  stages: number[];
}) {
  const { t } = useTranslation('producer');
  const stageName = useStageName();
  const max = Math.max(0, ...rows.flatMap((row) => row.byStage.map((cell) => cell.overdue)));
  const cells = (byStage: ProducerHome['overdueBySubPartner'][number]['byStage']) =>
    stages.map((stage) => {
      const value = byStage.find((cell) => cell.stage === stage)?.overdue ?? 0;
      return (
        <Table.Td key={stage} ta="right" p={0}>
          <Box px="sm" py={6} bg={shade(Math.min(value, max))}>
            {formatInteger(value)}
          </Box>
        </Table.Td>
      );
    });
  const darkest = SHADES.length - 1;
  const shade = (value: number) =>
    SHADES[value === 0 || max === 0 ? 0 : Math.min(darkest, Math.ceil((value / max) * darkest))];
  if (rows.length === 0) return <Text c="dimmed">{t('home.heatMap.empty')}</Text>;
  return (
    <ScrollArea
      type="auto"
      offsetScrollbars
      // A table wider than a phone scrolls sideways: the keyboard must reach it too (a named, focusable region).
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('home.heatMap.caption') }}
    >
      <Table withTableBorder withColumnBorders miw={120 + stages.length * 88}>
        {/* The section's heading says what the table is; the caption names it for screen readers (a visible caption
            inside the sideways scroller was cut on a phone). */}
        <Table.Caption>
          <VisuallyHidden>{t('home.heatMap.caption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('home.heatMap.subPartner')}</Table.Th>
            {stages.map((stage) => (
              <Table.Th key={stage} scope="col" ta="right">
                {stageName(stage)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.producerId}>
              <Table.Th scope="row" fw={500}>
                {row.name}
              </Table.Th>
              {cells(row.byStage)}
            </Table.Tr>
          ))}
          {others && (
            <Table.Tr>
              <Table.Th scope="row" fw={500} fs="italic">
                {t('home.heatMap.others', { count: others.producers })}
              </Table.Th>
              {cells(others.byStage)}
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
