import { Anchor, Table, Text } from '@mantine/core';
import type { Holding } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { openDownload } from '../../../lib/api-client';
import {
  DASH,
  formatDate,
  formatExchangeRate,
  formatMoney,
  formatPrice,
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
  // Holdings are usually all priced at the same month-end: then the date is said once, above the table.
  const dates = new Set(holdings.map((h) => h.valueOn));
  const commonDate = dates.size === 1 ? holdings[0]?.valueOn : undefined;
  const columns: DataColumn<Holding>[] = [
    {
      key: 'fund',
      header: t('holdings.fund'),
      width: 200,
      cell: (holding) => (
        <>
          {holding.factsheetPath ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={500}
              ta="left"
              onClick={() => holding.factsheetPath && openDownload(holding.factsheetPath)}
              aria-label={t('holdings.factsheetOf', { fund: holding.description })}
            >
              {holding.description}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {holding.description}
            </Text>
          )}
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
    ...(commonDate
      ? []
      : [{ key: 'valueOn', header: t('holdings.valueOn'), cell: (h: Holding) => formatDate(h.valueOn) }]),
    {
      key: 'value',
      header: t('holdings.value'),
      align: 'right',
      cell: (h) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(h.value, h.currency)}</span>,
    },
    {
      key: 'rate',
      header: t('holdings.exchangeRate'),
      align: 'right',
      cell: (h) => formatExchangeRate(h.exchangeRate),
    },
    {
      key: 'valuation',
      header: t('holdings.valuationValue', { currency: valuationCurrency }),
      align: 'right',
      cell: (h) => (
        <Text size="sm" fw={600} className="tabular" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(h.valuationValue, h.currencyPrefix || valuationCurrency)}
        </Text>
      ),
    },
  ];
  return (
    <>
      {commonDate && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('holdings.pricesAsOf', { date: formatDate(commonDate) })}
        </Text>
      )}
      <DataTable
        columns={columns}
        rows={holdings}
        rowKey={(h) => `${h.holdingType}-${h.code}-${h.currency}-${h.unitType ?? ''}`}
        caption={t('holdings.caption')}
        emptyText={t('holdings.none')}
        minWidth={760}
      />
      {total !== null && (
        <Table mt={-1} className="holdings-total">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('holdings.total', { currency: valuationCurrency })}</Table.Th>
              <Table.Td ta="right" fw={700} className="tabular" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(total, valuationCurrency)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
