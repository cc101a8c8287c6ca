import { Button, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import type { PayMode } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DefinitionGrid } from '../../../components/DefinitionGrid';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { formatAmount, formatDate } from '../../../lib/format';
import { usePayoutRecords } from '../api/revenues-api';
import { particularSearch } from './particular-params';

/** The Select's value for "every pay mode" (a Select option cannot be the empty string). */
const ALL = 'ALL';

/**
 * The Particular view (docs/internal/README.md, "Screens"): the revenue's pay-out records one per page, "Displaying n -
 * n of total", Previous / Next, and a pay-mode filter whose change starts again at the first record. Page and mode live
 * in the URL, so Back returns to the record seen before.
 */
export function ParticularPayouts({
  revenueId,
  payModes,
  payMode,
  page,
}: {
  revenueId: number;
  payModes: readonly PayMode[];
  payMode: PayMode | '';
  page: number;
}) {
  const { t } = useTranslation('revenue');
  const navigate = useNavigate();
  const records = usePayoutRecords(revenueId, payMode, page);
  const go = (mode: PayMode | '', to: number) => navigate(particularSearch(mode, to));

  const data = records.data;
  // While the next record loads, the pager keeps its place but the previous record is not shown under the new
  // number: "Displaying 2 - 2" beside record 1 would be a wrong figure.
  const loadingNext = records.isPlaceholderData;
  const record = loadingNext ? undefined : data?.payoutRecords[0];
  const total = data?.totalSize ?? 0;
  return (
    <Stack gap="md">
      <Select
        label={t('payout.payMode')}
        value={payMode || ALL}
        allowDeselect={false}
        data={[
          { value: ALL, label: t('payout.allPayModes') },
          ...payModes.map((mode) => ({
            value: mode,
            label: t(`payout.payModes.${mode}`, { defaultValue: mode }),
          })),
        ]}
        onChange={(value) => go(value && value !== ALL ? (value as PayMode) : '', 0)}
        maw={260}
      />
      {records.isError ? (
        <FetchError error={records.error} onRetry={() => void records.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <>
          <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label={t('payout.pager')}>
            <Text aria-live="polite" fw={600}>
              {loadingNext
                ? t('common:app.loading')
                : total === 0
                  ? t('payout.noRecords')
                  : t('payout.displaying', { from: page + 1, to: page + 1, total })}
            </Text>
            <Group gap="xs">
              <Button variant="default" disabled={page === 0} onClick={() => go(payMode, page - 1)}>
                {t('payout.previous')}
              </Button>
              <Button variant="default" disabled={page + 1 >= total} onClick={() => go(payMode, page + 1)}>
                {t('payout.next')}
              </Button>
            </Group>
          </Group>
          {loadingNext ? (
            <Loader size="sm" aria-hidden="true" />
          ) : record ? (
            <Card withBorder radius="md" padding="md" component="section" aria-label={t('payout.record')}>
              <DefinitionGrid
                cols={3}
                items={[
                  { label: t('payout.producer'), value: record.producer.name },
                  { label: t('payout.dueDate'), value: formatDate(record.dueDate) },
                  { label: t('payout.installmentNo'), value: String(record.installmentNo) },
                  {
                    label: t('payout.recordPayMode'),
                    value: t(`payout.payModes.${record.payMode}`, { defaultValue: record.payMode }),
                  },
                  { label: t('payout.payOutAmount'), value: formatAmount(record.payOutAmount) },
                ]}
              />
            </Card>
          ) : (
            total > 0 && <Text c="dimmed">{t('payout.noRecords')}</Text>
          )}
          {!loadingNext && (
            <DefinitionGrid
              cols={3}
              items={[{ label: t('payout.filteredTotal'), value: formatAmount(data.payOutAmount) }]}
            />
          )}
        </>
      )}
    </Stack>
  );
}
