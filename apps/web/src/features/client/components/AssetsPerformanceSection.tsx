import { Box, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { AssetsPerformance } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { AreaLineChart } from '../../../components/charts/AreaLineChart';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { formatAmount, formatDate, formatMoney, formatMonth, formatPercent } from '../../../lib/format';

/** Value, premiums, withdrawals and gain/loss of an investment plan, with its month-end values over time. */
export function AssetsPerformanceSection({ performance }: { performance: AssetsPerformance }) {
  const { t } = useTranslation('client');
  const { currency } = performance;
  const gain = performance.gainLoss;
  const gainColor = gain === null ? undefined : gain.startsWith('-') ? 'red.9' : 'teal.9';
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <DefinitionGrid
        cols={2}
        items={[
          {
            label: t('performance.totalPortfolioValue'),
            value: formatMoney(performance.totalPortfolioValue, currency),
          },
          {
            label: t('performance.totalPremiumPaid'),
            value: formatMoney(performance.totalPremiumPaid, currency),
          },
          {
            label: t('performance.totalWithdrawalAmount'),
            value: formatMoney(performance.totalWithdrawalAmount, currency),
          },
          {
            label: t('performance.gainLoss'),
            value: (
              <Text component="span" c={gainColor} fw={600} size="sm">
                {formatMoney(gain, currency)}
                {performance.gainLossPercentage !== null &&
                  ` (${formatPercent(performance.gainLossPercentage)})`}
              </Text>
            ),
          },
        ]}
      />
      {performance.history.length > 1 && (
        <Box>
          <Box aria-hidden="true">
            <AreaLineChart
              height={200}
              points={performance.history.map((point) => ({
                label: formatMonth(point.month),
                // Drawing only: the exact values are in the table below.
                value: Number(point.value),
              }))}
              color="brand.7"
              valueFormatter={(value) => formatAmount(value)}
              yAxisWidth={90}
            />
          </Box>
          {/* The same figures for screen readers, which skip the drawing. */}
          <VisuallyHidden>
            <table>
              <caption>{t('performance.historyCaption', { currency })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('performance.asOfDate')}</th>
                  <th scope="col">{t('performance.value', { currency })}</th>
                </tr>
              </thead>
              <tbody>
                {performance.history.map((point) => (
                  <tr key={point.month}>
                    <td>{formatDate(point.asOfDate)}</td>
                    <td>{formatMoney(point.value, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </Box>
      )}
    </SimpleGrid>
  );
}
