import type { FollowupTypeOption } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Paths of the three producer lists (spec 1 §7): the list call and the Excel export of each. */
export const PRODUCER_LIST_PATHS = {
  newBusiness: { list: '/b2b/new_business', export: '/b2b/nb_export' },
  serviceRecords: { list: '/b2b/service_records', export: '/b2b/sr_export' },
  clients: { list: '/b2b/clients', export: '/b2b/client_export' },
} as const;

/** Statements of the selected clients (spec 1 §7): `party_ids` plus the current query without page and size. */
export const STATEMENT_BUNDLE_PATHS = {
  pdf: '/statement/download_pdf',
  zip: '/statement/download_zip',
} as const;

/** GET /b2b/get_all_followup_type: the follow-up types, named in the request's language (hence the key). */
export function followupTypesQuery(language: string) {
  return queryOptions({
    queryKey: ['b2b', 'followup-types', language] as const,
    queryFn: ({ signal }) => api.get<FollowupTypeOption[]>('/b2b/get_all_followup_type', { signal }),
    staleTime: 60 * 60 * 1000,
  });
}
