import { Badge, Button, Group, Pagination, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  hongKongToday,
  REVIEW_QUEUE_ORDERS,
  REVIEW_QUEUE_STATUSES,
  type ReviewQueueItem,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { formatDate } from '../../../lib/format';
import {
  type QueueFilter,
  REVIEW_PAGE_SIZE,
  type ReviewQueueOrder,
  reviewQueueQuery,
} from '../api/case-review-api';
import { CaseReviewModal } from '../case-review/CaseReviewModal';
import { InternalScreenHeader } from '../components/InternalScreenHeader';

/**
 * Case requirements (/internal/case_requirements, with the "Case requirements" menu row): what clients sent and the
 * office has not decided, oldest first; a row opens its case, where the office reviews documents, accepts, rejects or
 * waives items and moves the case's stage under the stage rule (docs/producer/cases.md).
 */
export default function CaseRequirementsScreen() {
  const { t } = useTranslation(['case-review', 'domain', 'lists']);
  const [status, setStatus] = useState<QueueFilter>('');
  const [order, setOrder] = useState<ReviewQueueOrder>('oldest');
  const [page, setPage] = useState(1);
  const [openCase, setOpenCase] = useState<number | null>(null);
  const queue = useQuery(reviewQueueQuery(status, order, page));

  const columns: DataColumn<ReviewQueueItem>[] = [
    {
      key: 'since',
      header: t('queue.since'),
      cell: (row) => formatDate(hongKongToday(new Date(row.statusChangedAt))),
      nowrap: true,
    },
    {
      key: 'case',
      header: t('queue.case'),
      cell: (row) => row.planNo ?? `#${row.applicationId}`,
      pin: 'start',
    },
    { key: 'client', header: t('queue.client'), cell: (row) => row.clientName ?? '—' },
    { key: 'producer', header: t('queue.producer'), cell: (row) => row.producerCode, nowrap: true },
    {
      key: 'item',
      header: t('queue.item'),
      cell: (row) => t(`domain:requirementType.${row.type}`),
      wide: true,
    },
    {
      key: 'documents',
      header: t('queue.documents'),
      cell: (row) => String(row.documentCount),
      align: 'right',
    },
    { key: 'due', header: t('queue.due'), cell: (row) => formatDate(row.dueDate), nowrap: true },
    {
      key: 'status',
      header: t('queue.status'),
      cell: (row) => <Badge variant="light">{t(`domain:requirementStatus.${row.status}`)}</Badge>,
      pin: 'end',
    },
  ];

  return (
    <Stack gap="lg">
      <InternalScreenHeader title={t('title')} intro={t('intro')} />
      <Group gap="md" align="flex-end">
        <Select
          label={t('queue.filter')}
          data={[
            { value: '', label: t('queue.allAwaiting') },
            ...REVIEW_QUEUE_STATUSES.map((value) => ({
              value,
              label: t(`domain:requirementStatus.${value}`),
            })),
          ]}
          value={status}
          onChange={(value) => {
            setStatus((value ?? '') as QueueFilter);
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 300 }}
        />
        <Select
          label={t('queue.order')}
          data={REVIEW_QUEUE_ORDERS.map((value) => ({ value, label: t(`queue.orders.${value}`) }))}
          value={order}
          onChange={(value) => {
            setOrder((value ?? 'oldest') as ReviewQueueOrder);
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>
      {queue.isPending ? (
        <LoadingState label={t('queue.loading')} />
      ) : queue.isError ? (
        <FetchError error={queue.error} onRetry={() => queue.refetch()} />
      ) : queue.data.data.length === 0 ? (
        <Text role="status">{t('queue.empty')}</Text>
      ) : (
        <DataTable
          columns={columns}
          rows={queue.data.data}
          rowKey={(row) => row.id}
          caption={t('queue.caption', { count: queue.data.totalSize })}
          minWidth={960}
          rowActions={{
            header: t('queue.action'),
            render: (row) => (
              <Button size="xs" variant="light" onClick={() => setOpenCase(row.applicationId)}>
                {t('queue.open')}
                <VisuallyHidden>
                  {` (${t('queue.openFor', { item: t(`domain:requirementType.${row.type}`), case: row.planNo ?? `#${row.applicationId}` })})`}
                </VisuallyHidden>
              </Button>
            ),
          }}
        />
      )}
      {queue.data && queue.data.totalSize > REVIEW_PAGE_SIZE && (
        <Pagination
          total={Math.ceil(queue.data.totalSize / REVIEW_PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`lists:pager.${control}`) })}
          getItemProps={(item) => ({
            'aria-label': t('lists:pager.page', { page: item }),
            'aria-current': item === page ? 'page' : undefined,
          })}
        />
      )}
      {openCase !== null && <CaseReviewModal applicationId={openCase} onClose={() => setOpenCase(null)} />}
    </Stack>
  );
}
