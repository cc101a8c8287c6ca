import { Anchor, Table, Text } from '@mantine/core';
import type { Holding } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { openDownload } from '../../../lib/api-client';
import {
  DASH,
  formatAmount,
  formatDate,
  formatMoney,
  formatPrice,
  formatRate,
  formatUnits,
} from '../../../lib/format';

/**
 * Fund and cash holdings. Units and prices carry 4 decimals, amounts 2; each line is valued in its own currency and
 * in the plan's valuation currency at the exchange rate shown. The total is the server's (exact decimal) sum.
 */
export function HoldingsTable({
  holdings,
  total,
  valuationCurrency,
}: {
  holdings: readonly Holding[];
  total: string | null;
  valuationCurrency: string;
}) {
  const { t } = useTranslation('client');
  const columns: DataColumn<Holding>[] = [
    {
      key: 'fund',
      header: t('holdings.fund'),
      cell: (holding) => (
        <>
          <Text size="sm" fw={500}>
            {holding.factsheetPath ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => holding.factsheetPath && openDownload(holding.factsheetPath)}
                aria-label={t('holdings.factsheetOf', { fund: holding.description })}
              >
                {holding.description}
              </Anchor>
            ) : (
              holding.description
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {holding.holdingType === 'cash'
              ? t('holdings.cash')
              : [holding.code, holding.unitType && t('holdings.unitType', { type: holding.unitType })]
                  .filter(Boolean)
                  .join(' · ')}
          </Text>
        </>
      ),
    },
    { key: 'currency', header: t('holdings.currency'), cell: (h) => h.currency },
    {
      key: 'units',
      header: t('holdings.unitHeld'),
      align: 'right',
      cell: (h) => (h.holdingType === 'cash' ? DASH : formatUnits(h.unitHeld)),
    },
    {
      key: 'price',
      header: t('holdings.price'),
      align: 'right',
      cell: (h) => (h.holdingType === 'cash' ? DASH : formatPrice(h.price)),
    },
    { key: 'valueOn', header: t('holdings.valueOn'), cell: (h) => formatDate(h.valueOn) },
    { key: 'value', header: t('holdings.value'), align: 'right', cell: (h) => formatAmount(h.value) },
    {
      key: 'rate',
      header: t('holdings.exchangeRate'),
      align: 'right',
      cell: (h) => formatRate(h.exchangeRate),
    },
    {
      key: 'valuation',
      header: t('holdings.valuationValue', { currency: valuationCurrency }),
      align: 'right',
      cell: (h) => (
        <Text size="sm" fw={600} className="tabular">
          {formatMoney(h.valuationValue, h.currencyPrefix || valuationCurrency)}
        </Text>
      ),
    },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={holdings}
        rowKey={(h) => `${h.holdingType}-${h.code}-${h.currency}-${h.unitType ?? ''}`}
        caption={t('holdings.caption')}
        emptyText={t('holdings.none')}
        minWidth={900}
      />
      {total !== null && (
        <Table mt={-1} className="holdings-total">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('holdings.total', { currency: valuationCurrency })}</Table.Th>
              <Table.Td ta="right" fw={700} className="tabular">
                {formatMoney(total, valuationCurrency)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
