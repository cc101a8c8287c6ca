import type { DocumentNode } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The producer detail endpoints (spec 1 §7): addressed by record id; the server checks the caller's team. */
export type DetailKind = 'policy' | 'serviceRecord' | 'client';

export const DETAIL_PATHS: Record<
  DetailKind,
  { html: (id: number) => string; pdf: ((id: number) => string) | null }
> = {
  policy: { html: (id) => `/b2b/policy_detail/${id}.html`, pdf: (id) => `/b2b/policy_detail/${id}.pdf` },
  serviceRecord: { html: (id) => `/b2b/service_record_detail/${id}.html`, pdf: null },
  client: { html: (id) => `/b2b/client_detail/${id}.html`, pdf: (id) => `/b2b/client_detail/${id}.pdf` },
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
      api.get<DocumentNode[]>('/b2b/clients/list_document', {
        query: { account_no: accountNo ?? '' },
        signal,
      }),
    enabled: accountNo !== null,
    staleTime: 0,
  });
}
