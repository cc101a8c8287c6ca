import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AccountSession } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../data-table/DataTable';
import { formatWhen, messageOf, SECURITY_KEY, securityApi, sessionsQuery } from './security-api';

type Guarded = <T>(action: () => Promise<T>) => Promise<T | undefined>;

/** Where the account is signed in: end one session, or every other one. */
export function SessionsSection({ guarded }: { guarded: Guarded }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const [error, setError] = useState<string | null>(null);
  const rows = sessions.data ?? [];

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await guarded(action);
      await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    } catch (failure) {
      setError(messageOf(failure, t('networkError')));
    }
  }

  const columns: DataColumn<AccountSession>[] = [
    {
      key: 'device',
      header: t('sessions.device'),
      cell: (row) => (
        <Group gap="xs">
          <Text size="sm">{row.device ?? t('unknownDevice')}</Text>
          {row.current && <Badge variant="light">{t('sessions.current')}</Badge>}
        </Group>
      ),
    },
    { key: 'ip', header: t('sessions.ip'), cell: (row) => row.ip ?? '' },
    {
      key: 'lastSeenAt',
      header: t('sessions.lastSeen'),
      cell: (row) => formatWhen(row.lastSeenAt),
      nowrap: true,
    },
    {
      key: 'action',
      header: <VisuallyHidden>{t('sessions.end')}</VisuallyHidden>,
      cell: (row) =>
        row.current ? null : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => run(() => securityApi.endSession(row.id))}
          >
            {t('sessions.end')}
          </Button>
        ),
    },
  ];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="security-sessions">
      <Stack gap="md">
        <Title order={2} size="h4" id="security-sessions">
          {t('sessions.title')}
        </Title>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          caption={t('sessions.title')}
          loading={sessions.isPending}
          emptyText={t('empty')}
          narrowLayout="stack"
        />
        {rows.length > 1 && (
          <Group>
            <Button variant="default" onClick={() => run(() => securityApi.endOtherSessions())}>
              {t('sessions.endOthers')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
