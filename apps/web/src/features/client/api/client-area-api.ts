import type {
  ClientProfile,
  MarkMessageReadResponse,
  MessageListResponse,
  PerformancePreset,
  PerformanceResponse,
  PlanDetail,
  PlanListResponse,
} from '@portal/contract';
import { API_ROUTES, apiPath } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Fetchers and query options of the client area. Query keys carry the language: the server answers some texts
 * (statuses, messages) in the request's language, so a language switch must not show the previous one's cache.
 */

const routes = API_ROUTES.clientArea;

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
    queryFn: ({ signal }) => api.get<PlanListResponse>(routes.plans.path, { signal }).then((r) => r.data),
  });
}

export function planDetailQuery(language: string, id: number) {
  return queryOptions({
    queryKey: clientAreaKeys.plan(language, id),
    queryFn: ({ signal }) => api.get<PlanDetail>(apiPath(routes.plan, { id }), { signal }),
  });
}

export function profileQuery(language: string) {
  return queryOptions({
    queryKey: clientAreaKeys.profile(language),
    queryFn: ({ signal }) => api.get<ClientProfile>(routes.profile.path, { signal }),
  });
}

export function messagesQuery(language: string) {
  return queryOptions({
    queryKey: clientAreaKeys.messages(language),
    queryFn: ({ signal }) =>
      api.get<MessageListResponse>(routes.messages.path, { signal }).then((r) => r.data),
  });
}

export function markMessageRead(id: number) {
  return api.post<MarkMessageReadResponse>(apiPath(routes.markMessageRead, { id }), undefined);
}

export interface PerformanceParams {
  planNo?: string;
  /** One consolidated statement account (its party id); never with planNo. */
  partyId?: string;
  preset?: PerformancePreset;
  from?: string;
  to?: string;
  currency?: string;
}

/** GET /b2c/performance: one plan (planNo), one account (partyId) or the whole portfolio, over a preset or a from/to range. */
export function performanceQuery(language: string, params: PerformanceParams) {
  const search = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return queryOptions({
    queryKey: ['b2c', 'performance', language, search] as const,
    queryFn: ({ signal }) =>
      api.get<PerformanceResponse>(`${API_ROUTES.performance.client.path}${search ? `?${search}` : ''}`, {
        signal,
      }),
  });
}
