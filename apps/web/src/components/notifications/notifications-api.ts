import {
  API_ROUTES,
  type Delivery,
  type MarkNotificationsRead,
  type NotificationListResponse,
  type NotificationPreferencesResponse,
  type NotificationPreferencesUpdate,
} from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const R = API_ROUTES.notifications;

/** Every query of the centre shares this prefix: a new notification refreshes them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** The bell's count, set by the stream as events arrive (or by polling when the stream is refused). */
export const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'] as const;

export const notificationPageQuery = (language: string, page: number) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'page', language, page],
    queryFn: () => api.get<NotificationListResponse>(R.list.path, { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const preferencesQuery = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'preferences'],
    queryFn: () => api.get<NotificationPreferencesResponse>(R.preferences.path).then((r) => r.data),
  });

export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'deliveries', id],
    queryFn: () => api.get<{ data: Delivery[] }>(R.deliveries.path, { query: { id } }).then((r) => r.data),
  });

export const notificationsApi = {
  markRead: (body: MarkNotificationsRead) => api.post<{ unread: number }>(R.read.path, body),
  savePreferences: (body: NotificationPreferencesUpdate) =>
    api.put<NotificationPreferencesResponse>(R.updatePreferences.path, body).then((r) => r.data),
};
