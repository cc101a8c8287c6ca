import { Stack } from '@mantine/core';
import type { PlanDetail } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePaymentFrequencyLabel, usePolicyStatusLabel } from '../lib/labels';
import { PolicyItemsTable } from './PolicyItemsTable';
import { SectionCard } from './SectionCard';

function Lines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines have no identity of their own
        <span key={index} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </>
  );
}

/**
 * Details tab: the people on the plan, its contract terms and payments, and its items. Fields a product does not
 * have (null) are left out rather than shown empty, except the core ones every plan carries.
 */
export function PlanDetailsTab({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('client');
  const statusLabel = usePolicyStatusLabel();
  const frequencyLabel = usePaymentFrequencyLabel();
  const money = (value: string | null, currency = plan.currency) => formatMoney(value, currency);
  return (
    <Stack gap="lg">
      <SectionCard title={t('details.people')} order={3}>
        <DefinitionGrid
          items={[
            { label: t('plan.policyOwner'), value: plan.policyOwner },
            { label: t('plan.jointOwner'), value: plan.jointOwner, show: plan.jointOwner !== null },
            { label: t('plan.insured'), value: plan.insured },
            { label: t('plan.beneficiary'), value: plan.beneficiary, show: plan.beneficiary !== null },
            { label: t('plan.address'), value: <Lines lines={plan.address} /> },
            { label: t('plan.contactNo'), value: plan.contactNo },
            { label: t('plan.email'), value: plan.email },
            { label: t('plan.companyName'), value: plan.companyName },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('details.contract')} order={3}>
        <DefinitionGrid
          items={[
            { label: t('plan.productName'), value: plan.productName },
            { label: t('plan.provider'), value: plan.providerShortName },
            { label: t('plan.planNo'), value: plan.planNo },
            { label: t('plan.policyStatus'), value: statusLabel(plan.policyStatusCode, plan.policyStatus) },
            { label: t('plan.commenceDate'), value: formatDate(plan.commenceDate) },
            { label: t('plan.policyTerm'), value: plan.policyTerm, show: plan.policyTerm !== null },
            { label: t('plan.portfolioType'), value: plan.portfolioType, show: plan.portfolioType !== null },
            { label: t('plan.currency'), value: plan.currency },
            { label: t('plan.valuationCurrency'), value: plan.valuationCurrency },
            { label: t('plan.sumInsured'), value: money(plan.sumInsured), show: plan.sumInsured !== null },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('details.payments')} order={3}>
        <DefinitionGrid
          items={[
            { label: t('plan.paymentFrequency'), value: frequencyLabel(plan.paymentFrequency) },
            { label: t('plan.payTerm'), value: plan.payTerm, show: plan.payTerm !== null },
            { label: t('plan.paymentMethod'), value: plan.paymentMethod },
            { label: t('plan.paymentStatus'), value: plan.paymentStatus, show: plan.paymentStatus !== null },
            { label: t('plan.modalPremium'), value: money(plan.modalPremium) },
            {
              label: t('plan.totalPremiumPaid'),
              value: money(plan.totalPremiumPaid),
              show: plan.totalPremiumPaid !== null,
            },
            {
              label: t('plan.estimatedPremiumAndLevyAmount'),
              value: money(plan.estimatedPremiumAndLevyAmount),
              show: plan.estimatedPremiumAndLevyAmount !== null,
            },
            {
              label: t('plan.nextContributeDueOn'),
              value: formatDate(plan.nextContributeDueOn),
              show: plan.nextContributeDueOn !== null,
            },
            {
              label: t('plan.pendingTranAmount'),
              value: money(plan.pendingTranAmount, plan.valuationCurrency),
              show: plan.pendingTranAmount !== null,
            },
            {
              label: t('plan.totalWithdrawalAmount'),
              value: money(plan.totalWithdrawalAmount, plan.totalWithdrawalCurrency ?? plan.currency),
              show: plan.totalWithdrawalAmount !== null,
            },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('policyItems.title')} order={3}>
        <PolicyItemsTable items={plan.policyItems} currency={plan.currency} />
      </SectionCard>
    </Stack>
  );
}
