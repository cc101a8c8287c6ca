import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  DISPUTE_REASONS,
  type DisputeReason,
  LEDGER_STAGES,
  type LedgerLine,
  type LedgerStage,
  type LedgerTotals,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { DownloadButton } from '../../../components/download/DownloadButton';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { isApiError } from '../../../lib/api-client';
import { formatAmount, formatDate } from '../../../lib/format';
import {
  clawbackExposureQuery,
  commissionLedgerQuery,
  LEDGER_EXPORT_PATH,
  ledgerQueryParams,
  useCreateDispute,
} from './ledger-api';

const PAGE_SIZE = 20;

/** The five stage totals of the criteria, in the reporting currency. */
function Totals({ totals, currency }: { totals: LedgerTotals; currency: string }) {
  const { t } = useTranslation('commissions');
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
      {LEDGER_STAGES.map((stage) => (
        <Card key={stage} withBorder padding="sm" radius="md">
          <Text size="xs" c="dimmed">
            {t(`ledger.stage.${stage}`)}
          </Text>
          <Text fw={600} data-testid={`ledger-total-${stage}`}>
            {currency} {formatAmount(totals[stage])}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The form of a dispute: why, and a comment; the server's refusal is shown in the form. */
function DisputeModal({ line, onClose }: { line: LedgerLine; onClose: () => void }) {
  const { t } = useTranslation('commissions');
  const [reason, setReason] = useState<DisputeReason>('wrong_amount');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateDispute();
  const submit = () => {
    if (comment.trim() === '') {
      setError(t('ledger.dispute.commentRequired'));
      return;
    }
    create.mutate(
      { ledgerLineId: line.id, reason, comment },
      {
        onSuccess: onClose,
        onError: (failure) => setError(isApiError(failure) ? failure.message : t('ledger.dispute.failed')),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('ledger.dispute.title', { policyNo: line.policyNo ?? '' })}>
      <Stack gap="md">
        <Text size="sm">
          {t(`ledger.stage.${line.stage}`)} · {formatDate(line.date)} · {line.currency}{' '}
          {formatAmount(line.amount)}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label={t('ledger.dispute.reason')}
          data={DISPUTE_REASONS.map((value) => ({ value, label: t(`ledger.reason.${value}`) }))}
          value={reason}
          onChange={(value) => value && setReason(value as DisputeReason)}
          allowDeselect={false}
        />
        <Textarea
          label={t('ledger.dispute.comment')}
          required
          rows={3}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ledger.dispute.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('ledger.dispute.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Clawback exposure: what the in-window policies would claw back if they lapsed today. */
function Exposure({ producerId }: { producerId: number }) {
  const { t, i18n } = useTranslation('commissions');
  const exposure = useQuery(clawbackExposureQuery(i18n.language, producerId));
  if (exposure.isPending) return <LoadingState label={t('ledger.exposure.loading')} />;
  if (exposure.isError) return <FetchError error={exposure.error} onRetry={() => exposure.refetch()} />;
  const { data, total, currency } = exposure.data;
  type Row = (typeof data)[number];
  const columns: DataColumn<Row>[] = [
    { key: 'policyNo', header: t('ledger.column.policyNo'), cell: (row) => row.policyNo, pin: 'start' },
    { key: 'producer', header: t('ledger.column.producer'), cell: (row) => row.producerCode },
    {
      key: 'percent',
      header: t('ledger.exposure.percent'),
      cell: (row) => `${row.clawbackPercent}%`,
      align: 'right',
    },
    {
      key: 'amount',
      header: t('ledger.exposure.atRisk'),
      cell: (row) => formatAmount(row.amountAtRisk),
      align: 'right',
    },
    {
      key: 'windowEnd',
      header: t('ledger.exposure.windowEnds'),
      cell: (row) => formatDate(row.windowEndsOn),
    },
    {
      key: 'payment',
      header: t('ledger.exposure.payment'),
      cell: (row) =>
        row.paymentStatus === 'OVERDUE' ? (
          <Badge color="red">{t('ledger.exposure.overdue')}</Badge>
        ) : (
          t('ledger.exposure.paid')
        ),
    },
  ];
  return (
    <Stack gap="xs">
      <Text>{t('ledger.exposure.total', { amount: `${currency} ${formatAmount(total)}` })}</Text>
      {data.length === 0 ? (
        <Text role="status">{t('ledger.exposure.empty')}</Text>
      ) : (
        <DataTable
          columns={columns}
          rows={data}
          rowKey={(row) => `${row.policyNo}-${row.producerCode}`}
          caption={t('ledger.exposure.title')}
          minWidth={640}
        />
      )}
    </Stack>
  );
}

/**
 * The commission ledger of the producer being viewed (with their team): stage totals over every line, the lines
 * newest first with a dispute button each, the Excel export of the same criteria, and the clawback exposure.
 */
export function CommissionLedger({ producerId }: { producerId: number }) {
  const { t, i18n } = useTranslation('commissions');
  const [stage, setStage] = useState<LedgerStage | ''>('');
  const [page, setPage] = useState(1);
  const [disputing, setDisputing] = useState<LedgerLine | null>(null);
  const ledger = useQuery(
    commissionLedgerQuery(i18n.language, { producerId, stage, page, sizePerPage: PAGE_SIZE }),
  );

  const columns: DataColumn<LedgerLine>[] = [
    { key: 'date', header: t('ledger.column.date'), cell: (line) => formatDate(line.date), nowrap: true },
    {
      key: 'policyNo',
      header: t('ledger.column.policyNo'),
      cell: (line) => line.policyNo ?? '—',
      pin: 'start',
    },
    { key: 'stage', header: t('ledger.column.stage'), cell: (line) => t(`ledger.stage.${line.stage}`) },
    { key: 'producer', header: t('ledger.column.producer'), cell: (line) => line.producerCode },
    { key: 'insurer', header: t('ledger.column.insurer'), cell: (line) => line.insurerCode ?? '—' },
    {
      key: 'amount',
      header: t('ledger.column.amount'),
      cell: (line) => `${line.currency} ${formatAmount(line.amount)}`,
      align: 'right',
      nowrap: true,
    },
    {
      key: 'reason',
      header: t('ledger.column.reason'),
      cell: (line) =>
        line.disputeStatus ? (
          <Badge variant="light">{t(`ledger.disputeStatus.${line.disputeStatus}`)}</Badge>
        ) : (
          (line.reason ?? '')
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ledger-heading">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} size="h4" id="ledger-heading">
              {t('ledger.title')}
            </Title>
            <Group gap="sm" align="flex-end">
              <Select
                label={t('ledger.stageFilter')}
                data={[
                  { value: '', label: t('ledger.allStages') },
                  ...LEDGER_STAGES.map((value) => ({ value, label: t(`ledger.stage.${value}`) })),
                ]}
                value={stage}
                onChange={(value) => {
                  setStage((value ?? '') as LedgerStage | '');
                  setPage(1);
                }}
                allowDeselect={false}
                w={180}
              />
              <DownloadButton
                path={LEDGER_EXPORT_PATH}
                query={ledgerQueryParams({ producerId, stage })}
                fallbackName="commission-ledger.xlsx"
                variant="light"
              >
                {t('ledger.export')}
              </DownloadButton>
            </Group>
          </Group>
          {ledger.isPending ? (
            <LoadingState label={t('ledger.loading')} />
          ) : ledger.isError ? (
            <FetchError error={ledger.error} onRetry={() => ledger.refetch()} />
          ) : (
            <>
              <Totals totals={ledger.data.totals} currency={ledger.data.currency} />
              {ledger.data.data.length === 0 ? (
                <Text role="status">{t('ledger.empty')}</Text>
              ) : (
                <DataTable
                  columns={columns}
                  rows={ledger.data.data}
                  rowKey={(line) => line.id}
                  caption={t('ledger.title')}
                  minWidth={820}
                  rowActions={{
                    header: t('ledger.column.dispute'),
                    render: (line) =>
                      line.disputeStatus ? null : (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setDisputing(line)}
                          aria-label={t('ledger.dispute.open', {
                            policyNo: line.policyNo ?? '',
                            date: formatDate(line.date),
                          })}
                        >
                          {t('ledger.dispute.button')}
                        </Button>
                      ),
                  }}
                />
              )}
              {ledger.data.totalSize > PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(ledger.data.totalSize / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`ledger.page.${control}`) })}
                />
              )}
            </>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="exposure-heading">
        <Title order={2} size="h4" id="exposure-heading" mb="sm">
          {t('ledger.exposure.title')}
        </Title>
        <Exposure producerId={producerId} />
      </Card>
      {disputing && <DisputeModal line={disputing} onClose={() => setDisputing(null)} />}
    </Stack>
  );
}
