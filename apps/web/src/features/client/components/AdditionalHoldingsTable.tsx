import type { AdditionalHolding } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { formatDate, formatMoney, formatPrice, formatUnits } from '../../../lib/format';

/** Additional funds held beside the plan (ABF or ETF), one table per kind. */
export function AdditionalHoldingsTable({
  rows,
  caption,
}: {
  rows: readonly AdditionalHolding[];
  caption: string;
}) {
  const { t } = useTranslation('client');
  const columns: DataColumn<AdditionalHolding>[] = [
    { key: 'code', header: t('holdings.code'), cell: (row) => row.code },
    { key: 'name', header: t('holdings.fund'), cell: (row) => row.name },
    { key: 'currency', header: t('holdings.currency'), cell: (row) => row.currency },
    {
      key: 'units',
      header: t('holdings.unitHeld'),
      align: 'right',
      cell: (row) => formatUnits(row.unitHeld),
    },
    { key: 'price', header: t('holdings.price'), align: 'right', cell: (row) => formatPrice(row.price) },
    { key: 'valueOn', header: t('holdings.valueOn'), cell: (row) => formatDate(row.valueOn) },
    {
      key: 'value',
      header: t('holdings.value'),
      align: 'right',
      // The currency beside the amount: these lots are not in the plan's valuation currency.
      cell: (row) => formatMoney(row.value, row.currency),
    },
  ];
  return (
    <DataTable columns={columns} rows={rows} rowKey={(row) => row.code} caption={caption} captionVisible />
  );
}
