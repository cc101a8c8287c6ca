import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { API_ROUTES, type DeliveryLogEntry } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { FetchError } from '../../../components/FetchError';
import { formatNotificationTime } from '../../../components/notifications/format';
import { usePageTitle } from '../../../components/usePageTitle';
import { api } from '../../../lib/api-client';

/**
 * /internal/delivery_log (staff with the Delivery Log menu row): every notification, newest first, with each
 * channel's attempts and outcome (docs/notifications.md, "Delivery log").
 */
export default function DeliveryLogScreen() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('log.title'));
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['notifications', 'delivery-log', page],
    queryFn: () =>
      api.get<{ data: DeliveryLogEntry[]; more: boolean }>(API_ROUTES.notifications.deliveryLog.path, {
        query: { page },
      }),
    placeholderData: keepPreviousData,
  });
  const columns: DataColumn<DeliveryLogEntry>[] = [
    { key: 'at', header: t('log.at'), cell: (row) => formatNotificationTime(row.createdAt), nowrap: true },
    { key: 'type', header: t('log.type'), cell: (row) => t(`types.${row.type}`) },
    {
      key: 'recipient',
      header: t('log.recipient'),
      cell: (row) => `${t(`log.audiences.${row.audience}`)} ${row.recipientId}`,
    },
    {
      key: 'deliveries',
      header: t('log.deliveries'),
      cell: (row) =>
        row.deliveries.length === 0
          ? t('delivery.inAppOnly')
          : row.deliveries
              .map(
                (d) =>
                  `${t(`channels.${d.channel}`)}: ${t(`log.status.${d.status}`)} (${d.attempts}${
                    d.at ? `, ${formatNotificationTime(d.at)}` : ''
                  })`,
              )
              .join('; '),
    },
  ];
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('log.title')}
      </Title>
      {log.isError ? (
        <FetchError error={log.error} onRetry={() => log.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          rows={log.data?.data ?? []}
          rowKey={(row) => row.notificationId}
          caption={t('log.title')}
          loading={log.isPending}
          emptyText={t('empty')}
          narrowLayout="stack"
        />
      )}
      <Group justify="space-between">
        <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          {t('previous')}
        </Button>
        <Text size="sm" aria-live="polite">
          {t('page', { page })}
        </Text>
        <Button variant="default" size="xs" disabled={!log.data?.more} onClick={() => setPage((p) => p + 1)}>
          {t('next')}
        </Button>
      </Group>
    </Stack>
  );
}
