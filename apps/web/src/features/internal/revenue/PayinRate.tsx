import { Text } from '@mantine/core';
import type { RevenuePayin } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { formatAmount, formatDate, orDash } from '../../../lib/format';
import { formatRevenueRate } from './revenue-format';

/** The pay-in rate in effect (the `rate` of the pay-in answer, docs/internal/README.md) and the total pay-in rate of
 * the instalments.
 */
export function PayinRate({ payin }: { payin: RevenuePayin }) {
  const { t } = useTranslation('revenue');
  const { rate } = payin;
  const total = { label: t('payin.totalPayinPercent'), value: formatRevenueRate(payin.totalPayinPercent) };
  if (!rate) {
    return (
      <>
        <DefinitionGrid cols={4} items={[total]} />
        <Text c="dimmed">{t('payin.noRate')}</Text>
      </>
    );
  }
  return (
    <DefinitionGrid
      cols={4}
      items={[
        total,
        { label: t('payin.rate'), value: formatRevenueRate(rate.rate) },
        { label: t('payin.annualBonus'), value: formatRevenueRate(rate.annualBonus) },
        { label: t('payin.singleTopup'), value: formatRevenueRate(rate.singleTopup) },
        { label: t('payin.payTerm'), value: orDash(rate.payTerm) },
        { label: t('payin.renewal'), value: formatRevenueRate(rate.renewal) },
        { label: t('payin.issueAge'), value: orDash(rate.issueAge) },
        { label: t('payin.trail'), value: formatRevenueRate(rate.trail) },
        { label: t('payin.sumInsured'), value: formatAmount(rate.sumInsured) },
        { label: t('payin.effectiveDate'), value: formatDate(rate.effectiveDate) },
      ]}
    />
  );
}
