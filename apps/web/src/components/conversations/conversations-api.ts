import {
  API_ROUTES,
  apiPath,
  type ConversationCreated,
  type ConversationDetail,
  type ConversationListResponse,
  type ConversationUnreadCount,
  type MessageRetracted,
  type MessageSent,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, downloadUrl } from '../../lib/api-client';

const R = API_ROUTES.conversations;

/** Every conversation query shares this prefix: a message sent or read refreshes the lists, threads and badge. */
export const CONVERSATIONS_KEY = ['conversations'] as const;

/** The header badge asks again this often (and whenever the window gets focus): new messages show without a reload. */
export const UNREAD_POLL_MS = 30_000;

/** `viewingAs`: the team member chosen in "viewing as" (producers only); their conversations, read-only. */
const viewing = (viewingAs: number | undefined) => (viewingAs === undefined ? {} : { producerId: viewingAs });

export const conversationListQuery = (page: number, viewingAs?: number) =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'list', page, viewingAs ?? null],
    queryFn: ({ signal }) =>
      api.get<ConversationListResponse>(R.list.path, { query: { page, ...viewing(viewingAs) }, signal }),
  });

export const conversationQuery = (id: number, viewingAs?: number) =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'thread', id, viewingAs ?? null],
    queryFn: ({ signal }) =>
      api.get<ConversationDetail>(apiPath(R.detail, { id }), { query: viewing(viewingAs), signal }),
  });

export const unreadConversationsQuery = () =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'unread'],
    queryFn: ({ signal }) => api.get<ConversationUnreadCount>(R.unreadCount.path, { signal }),
    refetchInterval: UNREAD_POLL_MS,
  });

/** JSON without files; multipart (`body` and each file as `files`) with them. */
function messageBody(fields: Record<string, string | number | undefined>, files: File[]): unknown {
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, String(value));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

export const startConversation = (
  input: { subject: string; body: string; planNo?: string; clientId?: number },
  files: File[] = [],
) => api.post<ConversationCreated>(R.start.path, messageBody(input, files));

export const sendMessage = (id: number, body: string, files: File[]) =>
  api.post<MessageSent>(apiPath(R.send, { id }), messageBody({ body }, files));

export const retractMessage = (id: number, messageId: number) =>
  api.post<MessageRetracted>(apiPath(R.retract, { id, messageId }));

export const markConversationRead = (id: number) =>
  api.post<ConversationUnreadCount>(apiPath(R.markRead, { id }));

export const attachmentUrl = (id: number, attachmentId: number, viewingAs?: number) =>
  downloadUrl(apiPath(R.attachment, { id, attachmentId }), viewing(viewingAs));
