import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { ScrollableTable } from '../../../components/data-table/ScrollableTable';
import { formatAmount, formatInteger } from '../../../lib/format';
import { useRevenueDetail } from '../revenue/revenue-context';
import { formatRevenueRate } from '../revenue/revenue-format';
import { RevenueSection } from '../revenue/SectionCard';

/** Notes with the line breaks staff typed; nothing (a dash) when empty. */
function notes(text: string | null) {
  return text ? <span style={{ whiteSpace: 'pre-line' }}>{text}</span> : '';
}

/**
 * Summary tab (docs/internal/README.md, "Screens"): the notes, the pay-in totals (with a badge while some pay-in is
 * outstanding) and the pay-outs per producer with their totals.
 */
export default function RevenueSummaryScreen() {
  const { t } = useTranslation('revenue');
  const { summary } = useRevenueDetail();
  return (
    <Stack gap="md">
      <RevenueSection title={t('summary.notes')}>
        <DefinitionGrid
          cols={2}
          items={[
            { label: t('field.description'), value: notes(summary.description) },
            { label: t('field.internalRemark'), value: notes(summary.internalRemark) },
          ]}
        />
      </RevenueSection>
      <RevenueSection
        title={t('summary.payin')}
        aside={
          summary.showBadge && (
            <Badge color="orange" variant="light">
              {t('summary.outstandingBadge')}
            </Badge>
          )
        }
      >
        <DefinitionGrid
          cols={3}
          items={[
            { label: t('summary.totalInstallmentNo'), value: formatInteger(summary.totalInstallmentNo) },
            { label: t('summary.noOfSettled'), value: formatInteger(summary.noOfSettled) },
            { label: t('summary.payinTotalRate'), value: formatRevenueRate(summary.payinTotalRate) },
            {
              label: t('summary.totalEntitledPayinAmount'),
              value: formatAmount(summary.totalEntitledPayinAmount),
            },
            {
              label: t('summary.totalSettledPayinAmount'),
              value: formatAmount(summary.totalSettledPayinAmount),
            },
            {
              label: t('summary.totalOutstandingPayinAmount'),
              value: formatAmount(summary.totalOutstandingPayinAmount),
            },
          ]}
        />
      </RevenueSection>
      <RevenueSection title={t('summary.payout')}>
        {summary.payouts.length === 0 ? (
          <Text c="dimmed">{t('summary.noPayouts')}</Text>
        ) : (
          <ScrollableTable caption={t('summary.payouts')} minWidth={300}>
            <Table striped>
              <Table.Caption>{t('summary.payouts')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('summary.producer')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('summary.totalRate')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('summary.payAmount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.payouts.map((payout) => (
                  <Table.Tr key={payout.producerId}>
                    <Table.Th scope="row" fw={500}>
                      {payout.producerName}
                    </Table.Th>
                    <Table.Td ta="right">{formatRevenueRate(payout.totalRate)}</Table.Td>
                    <Table.Td ta="right">{formatAmount(payout.payAmount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{t('summary.payoutTotalRate')}</Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {formatRevenueRate(summary.payoutTotalRate)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatAmount(summary.totalPayAmount)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </ScrollableTable>
        )}
        <DefinitionGrid
          cols={3}
          items={[
            { label: t('summary.totalPayAmount'), value: formatAmount(summary.totalPayAmount) },
            { label: t('summary.totalSettledAmount'), value: formatAmount(summary.totalSettledAmount) },
            {
              label: t('summary.totalOutstandingAmount'),
              value: formatAmount(summary.totalOutstandingAmount),
            },
          ]}
        />
      </RevenueSection>
    </Stack>
  );
}
