import { ColorSwatch, Grid, Group, Table, Text, useMantineTheme, VisuallyHidden } from '@mantine/core';
import type { AllocationEntry } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DonutWithLegend, resolveColor } from '../../../components/charts/DonutWithLegend';
import { chartColor } from '../../../components/charts/legend-columns';
import { formatPercent } from '../../../lib/format';

/**
 * One allocation (premium allocation by fund, or portfolio by asset class): a donut beside a table that names
 * every slice, so the table is both the legend and the accessible form of the chart.
 */
export function AllocationSection({
  entries,
  title,
  nameHeader,
  byAssetClass = false,
}: {
  entries: readonly AllocationEntry[];
  title: string;
  nameHeader: string;
  /** Portfolio entries are asset classes themselves: no separate asset-class column. */
  byAssetClass?: boolean;
}) {
  const { t } = useTranslation('client');
  const theme = useMantineTheme();
  const colored = entries.map((entry, index) => ({
    entry,
    color: chartColor(index),
  }));
  const summary = colored.map(({ entry }) => `${entry.name}: ${formatPercent(entry.percentage)}`).join(', ');
  return (
    <Grid gap="xl" align="center">
      <Grid.Col span={{ base: 12, lg: 'content' }}>
        <DonutWithLegend
          title={title}
          summary={summary}
          withLegend={false}
          size={260}
          thickness={44}
          segments={colored.map(({ entry, color }) => ({
            key: entry.code,
            label: entry.name,
            // The chart only needs proportions; the exact figures are in the table.
            value: Number(entry.percentage),
            color,
          }))}
          valueFormatter={(value) => formatPercent(value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 'auto' }}>
        <Table striped verticalSpacing="xs">
          <VisuallyHidden component="caption">{title}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{nameHeader}</Table.Th>
              {!byAssetClass && <Table.Th scope="col">{t('allocation.assetClass')}</Table.Th>}
              <Table.Th scope="col" ta="right">
                {t('allocation.percentage')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {colored.map(({ entry, color }) => (
              <Table.Tr key={entry.code}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch
                      color={resolveColor(theme, color)}
                      size={12}
                      radius="xs"
                      withShadow={false}
                      aria-hidden="true"
                    />
                    <Text size="sm">{entry.name}</Text>
                  </Group>
                </Table.Td>
                {!byAssetClass && <Table.Td>{entry.assetClass}</Table.Td>}
                <Table.Td ta="right" className="tabular">
                  {formatPercent(entry.percentage)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Grid.Col>
    </Grid>
  );
}
