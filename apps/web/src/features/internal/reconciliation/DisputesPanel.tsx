import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { type CommissionDispute, DISPUTE_STATUSES, type DisputeStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { isApiError } from '../../../lib/api-client';
import { formatAmount, formatDate } from '../../../lib/format';
import { disputesQuery, useUpdateDispute } from '../api/reconciliation-api';

type Outcome = 'investigating' | 'resolved' | 'rejected';

/** Moves a dispute on: investigate, resolve with a signed adjustment, or reject with a reason. */
function DisputeModal({ dispute, onClose }: { dispute: CommissionDispute; onClose: () => void }) {
  const { t } = useTranslation('reconciliation');
  const [outcome, setOutcome] = useState<Outcome>(dispute.status === 'open' ? 'investigating' : 'resolved');
  const [amount, setAmount] = useState('');
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateDispute(dispute.id);
  const choices: Outcome[] =
    dispute.status === 'open' ? ['investigating', 'resolved', 'rejected'] : ['resolved', 'rejected'];
  const save = () => {
    setError(null);
    update.mutate(
      {
        version: dispute.version,
        status: outcome,
        ...(outcome === 'resolved' ? { adjustmentAmount: amount.trim() } : {}),
        ...(resolution.trim() ? { resolution: resolution.trim() } : {}),
      },
      {
        onSuccess: onClose,
        onError: (failure) => {
          if (!isApiError(failure)) return setError(t('disputes.failed'));
          const fields = Object.values(failure.fieldErrors).flat();
          setError(fields.length > 0 ? fields.join(' ') : failure.message);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('disputes.modalTitle', { policyNo: dispute.policyNo ?? '' })}>
      <Stack gap="md">
        <Text size="sm">
          {dispute.producerCode} · {t(`disputes.reason.${dispute.reason}`)} · {dispute.currency}{' '}
          {formatAmount(dispute.amount)}
        </Text>
        <Text size="sm" c="dimmed">
          {dispute.comment}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label={t('disputes.outcome')}
          data={choices.map((value) => ({ value, label: t(`disputes.status.${value}`) }))}
          value={outcome}
          onChange={(value) => value && setOutcome(value as Outcome)}
          allowDeselect={false}
        />
        {outcome === 'resolved' && (
          <TextInput
            label={t('disputes.adjustment', { currency: dispute.currency })}
            description={t('disputes.adjustmentHint')}
            required
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
          />
        )}
        <Textarea
          label={t(outcome === 'rejected' ? 'disputes.rejectReason' : 'disputes.resolution')}
          required={outcome === 'rejected'}
          rows={3}
          value={resolution}
          onChange={(event) => setResolution(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('disputes.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('disputes.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The reconciliation tasks: producers' disputes, newest first, by status, with their history. */
export function DisputesPanel() {
  const { t } = useTranslation('reconciliation');
  const [status, setStatus] = useState<DisputeStatus | ''>('');
  const [page, setPage] = useState(1);
  const [working, setWorking] = useState<CommissionDispute | null>(null);
  const disputes = useQuery(disputesQuery(status, page));
  const columns: DataColumn<CommissionDispute>[] = [
    {
      key: 'createdAt',
      header: t('disputes.column.raised'),
      cell: (d) => formatDate(d.createdAt.slice(0, 10)),
      nowrap: true,
    },
    { key: 'policyNo', header: t('disputes.column.policyNo'), cell: (d) => d.policyNo ?? '—', pin: 'start' },
    {
      key: 'producer',
      header: t('disputes.column.producer'),
      cell: (d) => `${d.producerCode} ${d.producerName}`,
    },
    { key: 'reason', header: t('disputes.column.reason'), cell: (d) => t(`disputes.reason.${d.reason}`) },
    {
      key: 'amount',
      header: t('disputes.column.amount'),
      cell: (d) => `${d.currency} ${formatAmount(d.amount)}`,
      align: 'right',
      nowrap: true,
    },
    { key: 'comment', header: t('disputes.column.comment'), cell: (d) => d.comment, wide: true },
    {
      key: 'status',
      header: t('disputes.column.status'),
      cell: (d) => <Badge variant="light">{t(`disputes.status.${d.status}`)}</Badge>,
      pin: 'end',
    },
  ];
  return (
    <Stack gap="md">
      <Select
        label={t('disputes.statusFilter')}
        data={[
          { value: '', label: t('disputes.allStatuses') },
          ...DISPUTE_STATUSES.map((value) => ({ value, label: t(`disputes.status.${value}`) })),
        ]}
        value={status}
        onChange={(value) => {
          setStatus((value ?? '') as DisputeStatus | '');
          setPage(1);
        }}
        allowDeselect={false}
        w={220}
      />
      {disputes.isPending ? (
        <LoadingState label={t('disputes.loading')} />
      ) : disputes.isError ? (
        <FetchError error={disputes.error} onRetry={() => disputes.refetch()} />
      ) : disputes.data.data.length === 0 ? (
        <Text role="status">{t('disputes.empty')}</Text>
      ) : (
        <DataTable
          columns={columns}
          rows={disputes.data.data}
          rowKey={(d) => d.id}
          caption={t('disputes.title')}
          minWidth={900}
          rowActions={{
            header: t('disputes.column.action'),
            render: (d) =>
              d.status === 'open' || d.status === 'investigating' ? (
                <Button size="xs" variant="light" onClick={() => setWorking(d)}>
                  {t('disputes.workButton')}
                  {/* Which dispute, for a screen reader: the visible words stay at the start of the name. */}
                  <VisuallyHidden>
                    {` (${t('disputes.work', { policyNo: d.policyNo ?? '', producer: d.producerCode })})`}
                  </VisuallyHidden>
                </Button>
              ) : (
                <Text size="xs">
                  {d.adjustmentAmount
                    ? `${d.currency} ${formatAmount(d.adjustmentAmount)}`
                    : (d.resolution ?? '')}
                </Text>
              ),
          }}
        />
      )}
      {disputes.data && disputes.data.totalSize > 20 && (
        <Pagination total={Math.ceil(disputes.data.totalSize / 20)} value={page} onChange={setPage} />
      )}
      {working && <DisputeModal dispute={working} onClose={() => setWorking(null)} />}
    </Stack>
  );
}
