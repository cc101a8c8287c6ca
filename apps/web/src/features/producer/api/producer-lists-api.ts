import { API_ROUTES, type FollowupTypeOption } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Statements of the selected clients (docs/producer/web-lists.md): `party_ids` plus the current query without page and
 * size. The lists' own calls are API_ROUTES.producerLists (the list and the Excel export of each).
 */
export const STATEMENT_BUNDLE_PATHS = {
  pdf: API_ROUTES.statements.bundlePdf.path,
  zip: API_ROUTES.statements.bundleZip.path,
} as const;

/** GET /b2b/get_all_followup_type: the follow-up types, named in the request's language (hence the key). */
export function followupTypesQuery(language: string) {
  return queryOptions({
    queryKey: ['b2b', 'followup-types', language] as const,
    queryFn: ({ signal }) =>
      api.get<FollowupTypeOption[]>(API_ROUTES.producerLists.followupTypes.path, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}
