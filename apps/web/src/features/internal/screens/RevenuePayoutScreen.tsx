import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { formatAmount } from '../../../lib/format';
import { LinkTabs } from '../revenue/LinkTabs';
import { OverallPayouts } from '../revenue/OverallPayouts';
import { ParticularPayouts } from '../revenue/ParticularPayouts';
import { PAYOUT_VIEWS, pageOf, payModeOf, payoutViewOf } from '../revenue/particular-params';
import { useRevenueDetail } from '../revenue/revenue-context';
import { RevenueSection } from '../revenue/SectionCard';

/**
 * Pay-out tab (docs/internal/README.md, "Screens"): the pay-out totals and the instalment title, then the Overall view
 * (per producer) or the Particular view (record by record), chosen by `?view=`.
 */
export default function RevenuePayoutScreen() {
  const { t } = useTranslation('revenue');
  const { revenue, payout } = useRevenueDetail();
  const [params] = useSearchParams();
  const view = payoutViewOf(params.get('view'));
  return (
    <Stack gap="md">
      <RevenueSection title={payout.installmentInfoTitle}>
        <DefinitionGrid
          cols={3}
          items={[
            {
              label: t('payout.totalEntitledPayoutAmount'),
              value: formatAmount(payout.totalEntitledPayoutAmount),
            },
            {
              label: t('payout.totalSettledPayoutAmount'),
              value: formatAmount(payout.totalSettledPayoutAmount),
            },
            {
              label: t('payout.totalOutstandingPayoutAmount'),
              value: formatAmount(payout.totalOutstandingPayoutAmount),
            },
          ]}
        />
      </RevenueSection>
      <LinkTabs
        label={t('payout.views')}
        active={view}
        tabs={PAYOUT_VIEWS.map((name) => ({
          key: name,
          label: t(`payout.view.${name}`),
          to: `?view=${name}`,
        }))}
      />
      {view === 'overall' ? (
        <OverallPayouts payouts={payout.overallPayouts} />
      ) : payout.payModes.length === 0 && payout.overallPayouts.length === 0 ? (
        <Text c="dimmed">{t('payout.noRecords')}</Text>
      ) : (
        <ParticularPayouts
          revenueId={revenue.revenueId}
          payModes={payout.payModes}
          payMode={payModeOf(params.get('pay_mode'))}
          page={pageOf(params.get('page'))}
        />
      )}
    </Stack>
  );
}
