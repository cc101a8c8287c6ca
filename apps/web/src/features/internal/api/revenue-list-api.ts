import { API_ROUTES, INTERNAL_PERMISSIONS, type RevenueListOptions } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The staff revenue index (docs/internal/README.md; docs/internal/staff-area-plan.md (g7)): `POST
 * /internal/revenues/search` with the contract's `revenueList` criteria; the server answers with the list mechanism's
 * page. No export in this issue.
 */
export const REVENUE_LIST_PATH = API_ROUTES.internalRevenues.search.path;

/** Where a revenue's row leads: its detail, whose index route opens the summary tab. */
export const revenueDetailPath = (revenueId: number) => `${INTERNAL_PERMISSIONS.revenues}/${revenueId}`;

/**
 * GET /internal/revenues/options: the service companies and the commission type codes the index's filters offer,
 * read from the database. They change seldom, so one fetch serves the session's visits to the index.
 */
export function useRevenueListOptions() {
  return useQuery({
    queryKey: ['internal-revenue-options'],
    queryFn: ({ signal }) =>
      api.get<RevenueListOptions>(API_ROUTES.internalRevenues.options.path, { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

/**
 * Navigation state the detail screen leaves after a delete (`navigate('…/internal/revenues', { state })`): the index
 * announces it once.
 */
export interface RevenueIndexNavigationState {
  deletedRefNo?: string;
}
