import type { DocumentNode, PerformanceResponse } from '@portal/contract';
import { API_ROUTES, apiPath } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { RangeChoice } from '../../../components/performance/PerformanceView';
import { api } from '../../../lib/api-client';

/** The producer detail endpoints (docs/producer/details.md): addressed by record id; the server checks the caller's
 * team.
 */
const routes = API_ROUTES.producerDetails;

export type DetailKind = 'policy' | 'serviceRecord' | 'client';

export const DETAIL_PATHS: Record<
  DetailKind,
  { html: (id: number) => string; pdf: ((id: number) => string) | null }
> = {
  policy: {
    html: (id) => apiPath(routes.policyHtml, { id }),
    pdf: (id) => apiPath(routes.policyPdf, { id }),
  },
  serviceRecord: { html: (id) => apiPath(routes.serviceRecordHtml, { id }), pdf: null },
  client: {
    html: (id) => apiPath(routes.clientHtml, { id }),
    pdf: (id) => apiPath(routes.clientPdf, { id }),
  },
};

/** The detail's HTML fragment (text, not JSON: the api client hands back the body as it came). */
export function detailHtmlQuery(kind: DetailKind, language: string, id: number | null) {
  return queryOptions({
    queryKey: ['producer-details', kind, language, id] as const,
    queryFn: async ({ signal }) => {
      const body = await api.get<unknown>(DETAIL_PATHS[kind].html(id ?? 0), { signal });
      return typeof body === 'string' ? body : '';
    },
    enabled: id !== null,
    // A detail is looked at once; opening it again should show what the server has now.
    staleTime: 0,
    gcTime: 60_000,
  });
}

export function documentTreeQuery(language: string, accountNo: string | null) {
  return queryOptions({
    queryKey: ['producer-details', 'documents', language, accountNo] as const,
    queryFn: ({ signal }) =>
      api.get<DocumentNode[]>(routes.clientDocuments.path, {
        query: { account_no: accountNo ?? '' },
        signal,
      }),
    enabled: accountNo !== null,
    staleTime: 0,
  });
}

/** GET /b2b/clients/{clientId}/performance for one plan: the figures and chart the client sees for it. */
export function planPerformanceQuery(language: string, clientId: number, planNo: string, range: RangeChoice) {
  const search = new URLSearchParams(
    Object.entries({ ...range, planNo }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return queryOptions({
    queryKey: ['b2b', 'performance', language, clientId, search] as const,
    queryFn: ({ signal }) =>
      api.get<PerformanceResponse>(
        `${apiPath(API_ROUTES.performance.producerClient, { id: clientId })}?${search}`,
        {
          signal,
        },
      ),
  });
}
