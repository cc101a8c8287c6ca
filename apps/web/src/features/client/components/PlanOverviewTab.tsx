import { Stack, Text } from '@mantine/core';
import type { PlanDetail } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { SanitizedHtml } from '../../../components/SanitizedHtml';
import { AdditionalHoldingsTable } from './AdditionalHoldingsTable';
import { AllocationSection } from './AllocationSection';
import { AssetsPerformanceSection } from './AssetsPerformanceSection';
import { HoldingsTable } from './HoldingsTable';
import { LifePolicyValuesGrid } from './LifePolicyValuesSection';
import { PlanReturnsSection } from './PlanReturnsSection';
import { SectionCard } from './SectionCard';

/**
 * Overview tab: policy values (life plans), holdings and allocations (investment plans) and performance. Each
 * section appears only when the plan has that kind of data.
 */
export function PlanOverviewTab({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('client');
  const showPolicyValues = !plan.disabledPolicyValueSection && plan.lifePolicyValues !== null;
  const hasAdditional =
    plan.isAdditionalFundExist &&
    (plan.additionalHoldings.abfFund.length > 0 || plan.additionalHoldings.etfFund.length > 0);
  const hasFigures =
    showPolicyValues ||
    plan.holdings.length > 0 ||
    hasAdditional ||
    plan.allocation.length > 0 ||
    plan.portfolio.length > 0 ||
    !!plan.assetsPerformance;
  return (
    <Stack gap="lg">
      {!hasFigures && (
        <Text size="sm" c="dimmed" role="note">
          {t('planDetail.noValues')}
        </Text>
      )}
      {showPolicyValues && plan.lifePolicyValues && (
        <SectionCard title={t('policyValues.title')} order={3}>
          <Text size="sm" c="dimmed" mb="sm">
            {t('policyValues.explain')}
          </Text>
          <LifePolicyValuesGrid values={plan.lifePolicyValues} />
        </SectionCard>
      )}
      {plan.holdings.length > 0 && (
        <SectionCard title={t('holdings.title')} order={3}>
          <HoldingsTable
            holdings={plan.holdings}
            total={plan.totalPortfolioValue}
            valuationCurrency={plan.valuationCurrency}
          />
        </SectionCard>
      )}
      {hasAdditional && (
        <SectionCard title={t('holdings.additionalTitle')} order={3}>
          <Stack gap="lg">
            <Text size="sm" c="dimmed">
              {t('holdings.additionalApart')}
            </Text>
            {plan.additionalHoldings.abfFund.length > 0 && (
              <AdditionalHoldingsTable
                rows={plan.additionalHoldings.abfFund}
                caption={t('holdings.abfFund')}
              />
            )}
            {plan.additionalHoldings.etfFund.length > 0 && (
              <AdditionalHoldingsTable
                rows={plan.additionalHoldings.etfFund}
                caption={t('holdings.etfFund')}
              />
            )}
          </Stack>
        </SectionCard>
      )}
      {plan.allocation.length > 0 && (
        <SectionCard title={t('allocation.title')} order={3}>
          <AllocationSection
            entries={plan.allocation}
            title={t('allocation.chartTitle')}
            nameHeader={t('allocation.fund')}
          />
        </SectionCard>
      )}
      {plan.portfolio.length > 0 && (
        <SectionCard title={t('allocation.portfolioTitle')} order={3}>
          <AllocationSection
            entries={plan.portfolio}
            title={t('allocation.portfolioChartTitle')}
            nameHeader={t('allocation.assetClass')}
            byAssetClass
          />
        </SectionCard>
      )}
      {plan.assetsPerformance && (
        <SectionCard title={t('performance.title')} order={3}>
          <AssetsPerformanceSection performance={plan.assetsPerformance} />
        </SectionCard>
      )}
      {plan.assetsPerformance && <PlanReturnsSection planNo={plan.planNo} />}
      {plan.lifeDisclaimer && (
        <SectionCard title={t('plan.disclaimer')} order={3}>
          <Text component="div" size="sm" c="dimmed">
            <SanitizedHtml html={plan.lifeDisclaimer} />
          </Text>
        </SectionCard>
      )}
    </Stack>
  );
}
