import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PlanDetail } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatMoney } from '../../../lib/format';
import { usePaymentFrequencyLabel, usePolicyStatusLabel } from '../lib/labels';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md" className="plan-figure">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="lg" fw={700} mt={4} className="tabular" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** Status badge and headline figures of a plan, with the total portfolio value and its alert. */
export function PlanSummary({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('client');
  const { t: td } = useTranslation('domain');
  const statusLabel = usePolicyStatusLabel();
  const frequencyLabel = usePaymentFrequencyLabel();
  const tpv = plan.totalPortfolioValue ?? plan.exTotalPortfolioValue;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" color={plan.isTerminated ? 'gray' : 'teal'} size="lg" radius="sm">
          {statusLabel(plan.policyStatusCode, plan.policyStatus)}
        </Badge>
        <Badge variant="outline" color="brand" size="lg" radius="sm">
          {td(`productCategory.${plan.productCategory}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('plan.planNoValue', { planNo: plan.planNo })} · {plan.providerShortName}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {tpv !== null && (
          <Figure
            label={t('plan.totalPortfolioValue')}
            value={formatMoney(tpv, plan.valuationCurrency)}
            // Says which total this is: the holdings' value, not the insurer's total policy value below.
            hint={t('plan.portfolioValueHint', { currency: plan.valuationCurrency })}
          />
        )}
        {plan.sumInsured !== null && (
          <Figure label={t('plan.sumInsured')} value={formatMoney(plan.sumInsured, plan.currency)} />
        )}
        {plan.modalPremium !== null && (
          <Figure
            label={t('plan.modalPremium')}
            value={formatMoney(plan.modalPremium, plan.currency)}
            hint={frequencyLabel(plan.paymentFrequency) ?? undefined}
          />
        )}
        {plan.totalPremiumPaid !== null && (
          <Figure
            label={t('plan.totalPremiumPaid')}
            value={formatMoney(plan.totalPremiumPaid, plan.currency)}
          />
        )}
        <Figure label={t('plan.commenceDate')} value={formatDate(plan.commenceDate)} />
      </SimpleGrid>
      {plan.totalPortfolioValueAlert && (
        <Alert color="yellow" variant="light" title={t('plan.totalPortfolioValueAlertTitle')} role="note">
          {t('plan.totalPortfolioValueAlert', {
            value: tpv === null ? formatAmount(null) : formatMoney(tpv, plan.valuationCurrency),
          })}
        </Alert>
      )}
    </Stack>
  );
}
