import { Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale, useLocalePath } from '../../lib/locale';
import { FetchError } from '../FetchError';
import { LoadingState } from '../LoadingState';
import { usePageTitle } from '../usePageTitle';
import { DeliveryLine } from './DeliveryLine';
import { formatNotificationTime } from './format';
import { NOTIFICATIONS_KEY, notificationPageQuery, notificationsApi, UNREAD_KEY } from './notifications-api';
import { PreferencesSection } from './PreferencesSection';

/**
 * The notification centre of every area (docs/notifications.md): newest first, twenty a page, unread ones marked;
 * opening one marks it read and goes to its screen; "mark all read"; how each was delivered; the preferences.
 */
export function NotificationCentre() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  const { language } = useLocale();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const feed = useQuery(notificationPageQuery(language, page));
  const markRead = useMutation({
    mutationFn: notificationsApi.markRead,
    onSuccess: async (answer) => {
      queryClient.setQueryData(UNREAD_KEY, answer.unread);
      await queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'page'] });
    },
  });

  const open = async (notification: Notification) => {
    if (!notification.read) await markRead.mutateAsync({ ids: [notification.id] }).catch(() => undefined);
    if (notification.link) navigate(localePath(notification.link));
  };

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button
          variant="light"
          onClick={() => markRead.mutate({ all: true })}
          loading={markRead.isPending}
          disabled={!feed.data || feed.data.unread === 0}
        >
          {t('markAllRead')}
        </Button>
      </Group>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notifications-list">
        <Stack gap="md">
          <Title order={2} size="h4" id="notifications-list">
            {feed.data ? t('unreadCount', { count: feed.data.unread }) : t('listTitle')}
          </Title>
          {feed.isPending && <LoadingState />}
          {feed.isError && <FetchError error={feed.error} onRetry={() => feed.refetch()} />}
          {feed.data && feed.data.data.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
          {feed.data && feed.data.data.length > 0 && (
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              data-testid="notification-list"
            >
              {feed.data.data.map((notification) => (
                <li key={notification.id}>
                  <Card withBorder padding="sm" radius="sm" bg={notification.read ? undefined : 'blue.0'}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={2} miw={0} style={{ flex: 1 }}>
                        <Text fw={notification.read ? 400 : 700}>
                          {!notification.read && (
                            <VisuallyHidden component="span">{t('unread')}: </VisuallyHidden>
                          )}
                          {notification.title}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {formatNotificationTime(notification.at)} · {t(`types.${notification.type}`)}
                        </Text>
                        <DeliveryLine id={notification.id} />
                      </Stack>
                      <Button size="xs" variant="subtle" onClick={() => open(notification)}>
                        {notification.link ? t('open') : t('markRead')}
                      </Button>
                    </Group>
                  </Card>
                </li>
              ))}
            </Stack>
          )}
          <Group justify="space-between">
            <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              {t('previous')}
            </Button>
            <Text size="sm" aria-live="polite">
              {t('page', { page })}
            </Text>
            <Button
              variant="default"
              size="xs"
              disabled={!feed.data?.more}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('next')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <PreferencesSection />
    </Stack>
  );
}
