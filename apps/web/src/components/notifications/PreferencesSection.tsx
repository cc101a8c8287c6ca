import { Alert, Box, Button, Card, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import type { NotificationChannel, NotificationPreference } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchError } from '../FetchError';
import { LoadingState } from '../LoadingState';
import { NOTIFICATIONS_KEY, notificationsApi, preferencesQuery } from './notifications-api';

const CHANNELS: NotificationChannel[] = ['inApp', 'email', 'sms', 'digest'];

/** Per type and channel; security notices are shown checked and cannot be changed. */
export function PreferencesSection() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const stored = useQuery(preferencesQuery());
  const [draft, setDraft] = useState<NotificationPreference[]>([]);
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);
  const save = useMutation({
    mutationFn: () =>
      notificationsApi.savePreferences({
        data: draft
          .filter((p) => !p.locked)
          .map(({ type, inApp, email, sms, digest }) => ({ type, inApp, email, sms, digest })),
      }),
    onSuccess: (data) => queryClient.setQueryData([...NOTIFICATIONS_KEY, 'preferences'], data),
  });
  const toggle = (type: string, channel: NotificationChannel, value: boolean) =>
    setDraft((list) => list.map((p) => (p.type === type ? { ...p, [channel]: value } : p)));

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notification-preferences">
      <Stack gap="md">
        <Title order={2} size="h4" id="notification-preferences">
          {t('preferences.title')}
        </Title>
        <Text size="sm">{t('preferences.intro')}</Text>
        {stored.isPending && <LoadingState />}
        {stored.isError && <FetchError error={stored.error} onRetry={() => stored.refetch()} />}
        {draft.length > 0 && (
          // A phone shows the type column and scrolls the channels sideways: a named, focusable region.
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('preferences.title')}>
            <Table striped miw={480} aria-labelledby="notification-preferences">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('preferences.type')}</Table.Th>
                  {CHANNELS.map((channel) => (
                    <Table.Th scope="col" key={channel}>
                      {t(`channels.${channel}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.map((p) => (
                  <Table.Tr key={p.type}>
                    <Table.Th scope="row" fw={400}>
                      {t(`types.${p.type}`)}
                      {p.locked && (
                        <Text size="xs" c="dimmed">
                          {t('preferences.locked')}
                        </Text>
                      )}
                    </Table.Th>
                    {CHANNELS.map((channel) => (
                      <Table.Td key={channel}>
                        <Checkbox
                          aria-label={`${t(`types.${p.type}`)}: ${t(`channels.${channel}`)}`}
                          checked={p[channel]}
                          disabled={p.locked}
                          onChange={(event) => toggle(p.type, channel, event.currentTarget.checked)}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {t('preferences.failed')}
          </Alert>
        )}
        {save.isSuccess && (
          <Text role="status" size="sm">
            {t('preferences.saved')}
          </Text>
        )}
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={draft.length === 0}
          w="fit-content"
        >
          {t('preferences.save')}
        </Button>
      </Stack>
    </Card>
  );
}
