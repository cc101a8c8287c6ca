import { INTERNAL_PERMISSIONS } from '@portal/contract';

/**
 * The staff revenue index (issue 11 plan (a), (g7)): `POST /internal/revenues/search` with the contract's
 * `revenueList` criteria; the server answers with the list mechanism's page. No export in this issue.
 */
export const REVENUE_LIST_PATH = `${INTERNAL_PERMISSIONS.revenues}/search`;

/** Where a revenue's row leads: its detail, whose index route opens the summary tab. */
export const revenueDetailPath = (revenueId: number) => `${INTERNAL_PERMISSIONS.revenues}/${revenueId}`;

/** Commission type codes offered by the filter (spec 2 §3: R, A and T have their own labels; others exist too). */
export const FILTER_COMMISSION_TYPES = ['R', 'A', 'T', 'C', 'O'] as const;

/**
 * Navigation state the detail screen leaves after a delete (`navigate('…/internal/revenues', { state })`): the index
 * announces it once.
 */
export interface RevenueIndexNavigationState {
  deletedRefNo?: string;
}
