import type { MeResponse, SiteInfo } from '@portal/contract';
import { API_ROUTES } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api, fetchMe, onMeFetched } from './api-client';

/**
 * The session: who is signed in (`GET /me`) and which site this is (`GET /site_info`). The app loads both before
 * rendering any route (SessionGate), so inside routes the hooks below always return data.
 */

/** Site info exactly as the contract defines it (optional back-office URL and links included). */
export type WebSiteInfo = SiteInfo;

export const sessionKeys = {
  me: ['session', 'me'] as const,
  siteInfo: ['session', 'site-info'] as const,
};

export function fetchSiteInfo(): Promise<WebSiteInfo> {
  return api.get<WebSiteInfo>(API_ROUTES.system.siteInfo.path);
}

export const meQueryOptions = queryOptions({
  queryKey: sessionKeys.me,
  // No abort signal: concurrent /me refreshes (422 retries) share one request.
  queryFn: () => fetchMe(),
  staleTime: Number.POSITIVE_INFINITY,
});

export const siteInfoQueryOptions = queryOptions({
  queryKey: sessionKeys.siteInfo,
  queryFn: fetchSiteInfo,
  staleTime: Number.POSITIVE_INFINITY,
});

function loaded<T>(data: T | undefined, what: string): T {
  if (data === undefined) throw new Error(`${what} used outside SessionGate (session not loaded yet)`);
  return data;
}

/** The current session (`/me`). Only valid under SessionGate, i.e. in any route or layout. */
export function useMe(): MeResponse {
  return loaded(useQuery(meQueryOptions).data, 'useMe');
}

export function useSiteInfo(): WebSiteInfo {
  return loaded(useQuery(siteInfoQueryOptions).data, 'useSiteInfo');
}

export function useCurrentClient() {
  return useMe().currentClient;
}

export function useCurrentProducer() {
  return useMe().currentProducer;
}

export function useCurrentStaff() {
  return useMe().currentStaff;
}

/** Re-reads `/me` (after login, logout or a change that affects the session) and returns the new session. */
export function useRefreshSession(): () => Promise<MeResponse> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const me = await fetchMe();
    queryClient.setQueryData(sessionKeys.me, me);
    return me;
  }, [queryClient]);
}

/** Keeps the cached `/me` in step with refreshes the API client makes by itself (CSRF retry). */
export function useMeCacheSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => onMeFetched((me) => queryClient.setQueryData(sessionKeys.me, me)), [queryClient]);
}

/**
 * Forgets what the signed-in person saw (every cached answer but the session and the site), so nothing of theirs
 * stays in memory for whoever uses the browser next: after a logout, or when the session ended on the server.
 */
export function forgetSignedInData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
}
