import { PAY_MODES, type PayMode } from '@portal/contract';

/*
 * The Particular view's place in the URL: `?view=particular&pay_mode=BANK&page=2` (docs/internal/staff-area-plan.md
 * (a)). The page is 0-based like the API's; page 0 and every mode are the defaults and are left out of the URL.
 */

export const PAYOUT_VIEWS = ['overall', 'particular'] as const;
export type PayoutView = (typeof PAYOUT_VIEWS)[number];

export function payoutViewOf(value: string | null): PayoutView {
  return value === 'particular' ? 'particular' : 'overall';
}

export function payModeOf(value: string | null): PayMode | '' {
  return (PAY_MODES as readonly string[]).includes(value ?? '') ? (value as PayMode) : '';
}

/** A canonical non-negative integer, else page 0. */
export function pageOf(value: string | null): number {
  return value && /^(0|[1-9]\d{0,8})$/.test(value) ? Number(value) : 0;
}

/** The query string of a Particular page; changing the mode starts again at page 0 (docs/internal/README.md,
 * "Screens").
 */
export function particularSearch(payMode: PayMode | '', page: number): string {
  const params = new URLSearchParams({ view: 'particular' });
  if (payMode) params.set('pay_mode', payMode);
  if (page > 0) params.set('page', String(page));
  return `?${params}`;
}
