import type {
  ClientProfile,
  MarkMessageReadResponse,
  MessageListResponse,
  PlanDetail,
  PlanListResponse,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Fetchers and query options of the client area. Query keys carry the language: the server answers some texts
 * (statuses, messages) in the request's language, so a language switch must not show the previous one's cache.
 */

export const clientAreaKeys = {
  plans: (language: string) => ['b2c', 'plans', language] as const,
  plan: (language: string, id: number) => ['b2c', 'plan', language, id] as const,
  planForms: (language: string, id: number) => ['b2c', 'plan-forms', language, id] as const,
  profile: (language: string) => ['b2c', 'profile', language] as const,
  messages: (language: string) => ['b2c', 'messages', language] as const,
};

export function plansQuery(language: string) {
  return queryOptions({
    queryKey: clientAreaKeys.plans(language),
    // Fresh for half a minute: the answer the page asked for while My Plan's code downloaded (app/first-screen.ts)
    // is the one the screen shows, not asked for again when it mounts; a plan list changes by the day, not second.
    staleTime: 30_000,
    queryFn: ({ signal }) => api.get<PlanListResponse>('/b2c/plans', { signal }).then((r) => r.data),
  });
}

export function planDetailQuery(language: string, id: number) {
  return queryOptions({
    queryKey: clientAreaKeys.plan(language, id),
    queryFn: ({ signal }) => api.get<PlanDetail>(`/b2c/plans/${id}`, { signal }),
  });
}

export function profileQuery(language: string) {
  return queryOptions({
    queryKey: clientAreaKeys.profile(language),
    queryFn: ({ signal }) => api.get<ClientProfile>('/b2c/profile', { signal }),
  });
}

export function messagesQuery(language: string) {
  return queryOptions({
    queryKey: clientAreaKeys.messages(language),
    queryFn: ({ signal }) => api.get<MessageListResponse>('/b2c/messages', { signal }).then((r) => r.data),
  });
}

export function markMessageRead(id: number) {
  return api.post<MarkMessageReadResponse>(`/b2c/messages/${id}/read`, undefined);
}
