import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { RevenuePayout } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { formatAmount, formatDate, formatMonth } from '../../../lib/format';
import { RatePopup } from './RatePopup';
import { formatRevenueRate } from './revenue-format';

type OverallPayout = RevenuePayout['overallPayouts'][number];

/**
 * The Overall view of the pay-outs: per producer the total rate (its rate pop-up beside it), the effective date,
 * the pay amount and revenue month, and the settlements so far as a timeline, oldest first.
 */
export function OverallPayouts({ payouts }: { payouts: readonly OverallPayout[] }) {
  const { t } = useTranslation('revenue');
  if (payouts.length === 0) return <Text c="dimmed">{t('payout.noPayouts')}</Text>;
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {payouts.map((payout) => (
        <Card key={payout.producerId} component="li" withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {payout.producerName}
            </Title>
            <DefinitionGrid
              cols={4}
              items={[
                {
                  label: t('payout.totalRate'),
                  value: (
                    <Group gap="xs" component="span" wrap="nowrap">
                      <span>{formatRevenueRate(payout.totalRate)}</span>
                      <RatePopup producerName={payout.producerName} popup={payout.payoutRatePopup} />
                    </Group>
                  ),
                },
                { label: t('payout.payoutEffectiveDate'), value: formatDate(payout.payoutEffectiveDate) },
                { label: t('payout.payAmount'), value: formatAmount(payout.settlementInfo.payAmount) },
                { label: t('payout.revenueMonth'), value: formatMonth(payout.settlementInfo.revenueMonth) },
              ]}
            />
            <SettlementTimeline payout={payout} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function SettlementTimeline({ payout }: { payout: OverallPayout }) {
  const { t } = useTranslation('revenue');
  const { timeline } = payout.settlementInfo;
  const title = t('payout.timeline', { name: payout.producerName });
  if (timeline.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('payout.noSettlements')}
      </Text>
    );
  }
  return (
    <Box component="ol" aria-label={title} m={0} pl={0} style={{ listStyle: 'none' }}>
      {timeline.map((settlement) => (
        <Box
          component="li"
          key={`${settlement.ref_no}-${settlement.bank_in_on}`}
          pl="md"
          pb="xs"
          style={{ borderLeft: '2px solid var(--mantine-color-gray-4)', position: 'relative' }}
        >
          <Text size="sm" fw={600}>
            {formatDate(settlement.bank_in_on)} · {settlement.ref_no}
          </Text>
          <Text size="sm">
            {t('payout.settledLine', { amount: formatAmount(settlement.settled_amount) })}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
