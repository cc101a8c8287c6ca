import { Button, Card, Stack, Title } from '@mantine/core';
import type { AccountActivity, TrustedBrowser } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../data-table/DataTable';
import { activityQuery, formatWhen, SECURITY_KEY, securityApi, trustedBrowsersQuery } from './security-api';

/** The account's security events of the last 90 days, newest first. */
export function ActivitySection() {
  const { t } = useTranslation('security');
  const activity = useQuery(activityQuery());
  const columns: DataColumn<AccountActivity>[] = [
    { key: 'at', header: t('activity.at'), cell: (row) => formatWhen(row.at), nowrap: true },
    { key: 'type', header: t('activity.event'), cell: (row) => t(`activity.types.${row.type}`) },
    { key: 'device', header: t('sessions.device'), cell: (row) => row.device ?? '' },
    { key: 'ip', header: t('sessions.ip'), cell: (row) => row.ip ?? '' },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="security-activity">
      <Stack gap="md">
        <Title order={2} size="h4" id="security-activity">
          {t('activity.title')}
        </Title>
        <DataTable
          columns={columns}
          rows={activity.data ?? []}
          rowKey={(row) => `${row.at}-${row.type}`}
          caption={t('activity.title')}
          loading={activity.isPending}
          emptyText={t('empty')}
          narrowLayout="stack"
        />
      </Stack>
    </Card>
  );
}

/** Browsers that skip the second factor for 30 days; each can be forgotten. */
export function TrustedBrowsersSection() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const trusted = useQuery(trustedBrowsersQuery());
  const forget = async (id: number) => {
    await securityApi.removeTrustedBrowser(id).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
  };
  const columns: DataColumn<TrustedBrowser>[] = [
    { key: 'device', header: t('sessions.device'), cell: (row) => row.device ?? t('unknownDevice') },
    { key: 'createdAt', header: t('trusted.since'), cell: (row) => formatWhen(row.createdAt), nowrap: true },
    { key: 'expiresAt', header: t('trusted.until'), cell: (row) => formatWhen(row.expiresAt), nowrap: true },
    {
      key: 'action',
      header: t('trusted.forget'),
      cell: (row) => (
        <Button size="xs" variant="subtle" color="red" onClick={() => forget(row.id)}>
          {t('trusted.forget')}
        </Button>
      ),
    },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="security-trusted">
      <Stack gap="md">
        <Title order={2} size="h4" id="security-trusted">
          {t('trusted.title')}
        </Title>
        <DataTable
          columns={columns}
          rows={trusted.data ?? []}
          rowKey={(row) => row.id}
          caption={t('trusted.title')}
          loading={trusted.isPending}
          emptyText={t('empty')}
          narrowLayout="stack"
        />
      </Stack>
    </Card>
  );
}
