import type { PolicyItem } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { formatMoney, orDash } from '../../../lib/format';

/** The plan's basic item and its riders. */
export function PolicyItemsTable({ items, currency }: { items: readonly PolicyItem[]; currency: string }) {
  const { t } = useTranslation('client');
  const columns: DataColumn<PolicyItem>[] = [
    {
      key: 'type',
      header: t('policyItems.policyType'),
      cell: (item) =>
        item.policyType === 'BASIC' || item.policyType === 'RIDER'
          ? t(`policyItems.type.${item.policyType}`)
          : item.policyType,
    },
    { key: 'product', header: t('policyItems.productName'), cell: (item) => item.productName },
    { key: 'policyTerm', header: t('policyItems.policyTerm'), cell: (item) => orDash(item.policyTerm) },
    { key: 'payTerm', header: t('policyItems.payTerm'), cell: (item) => orDash(item.payTerm) },
    {
      key: 'sumInsured',
      header: t('policyItems.sumInsured'),
      align: 'right',
      cell: (item) => formatMoney(item.sumInsured, currency),
    },
    {
      key: 'modalPremium',
      header: t('policyItems.modalPremium'),
      align: 'right',
      cell: (item) => formatMoney(item.modalPremium, currency),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      caption={t('policyItems.caption')}
      emptyText={t('policyItems.none')}
    />
  );
}
