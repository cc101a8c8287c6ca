import { API_ROUTES, type NotificationListResponse, type NotificationStreamEvent } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, apiUrl } from '../../lib/api-client';
import { useLocale } from '../../lib/locale';
import { CONVERSATIONS_KEY } from '../conversations/conversations-api';
import { NOTIFICATIONS_KEY, UNREAD_KEY } from './notifications-api';

/** How often the bell asks when the live stream was refused (its cap) or the browser has none. */
export const POLL_MS = 60_000;

/**
 * The unread count for the bell, live (docs/notifications.md): one EventSource per tab on the notification stream,
 * which opens with the count and then sends each new notification; a new one also refreshes the centre's pages, and
 * a new message the conversations (so a reply shows in an open thread the moment it is sent). When
 * the stream is refused (429 past the person's cap, 503 past the process's) the count is polled every minute.
 */
export function useLiveNotifications(): number {
  const queryClient = useQueryClient();
  const { language } = useLocale();
  const [polling, setPolling] = useState(() => typeof EventSource === 'undefined');
  const unread = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () =>
      api.get<NotificationListResponse>(API_ROUTES.notifications.list.path).then((r) => r.unread),
    refetchInterval: polling ? POLL_MS : false,
  });

  // The language is in the stream's URL (events are worded in it): a new language opens a new stream.
  const streamUrl = `${apiUrl(API_ROUTES.notifications.stream.path)}#${language}`;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(streamUrl.split('#')[0] ?? '', { withCredentials: true });
    const read = (event: MessageEvent<string>) => JSON.parse(event.data) as Partial<NotificationStreamEvent>;
    const showUnread = (data: Partial<NotificationStreamEvent>) => {
      if (typeof data.unread === 'number') queryClient.setQueryData(UNREAD_KEY, data.unread);
    };
    const setUnread = (event: MessageEvent<string>) => showUnread(read(event));
    const onNotification = (event: MessageEvent<string>) => {
      const data = read(event);
      showUnread(data);
      queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'page'] }).catch(() => undefined);
      // A message arrived: the conversation lists, the open thread and the Messages badge ask again at once (without
      // the stream they poll every 30 s).
      if (data.notification?.type === 'message_received')
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }).catch(() => undefined);
    };
    source.addEventListener('unread', setUnread);
    source.addEventListener('notification', onNotification);
    source.onopen = () => setPolling(false);
    // A refused stream is closed for good by the browser (it retries only a dropped one): poll instead.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setPolling(true);
    };
    return () => source.close();
  }, [queryClient, streamUrl]);

  return unread.data ?? 0;
}
