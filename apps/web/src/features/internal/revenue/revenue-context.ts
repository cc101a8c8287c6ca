import type { RevenueDetail } from '@portal/contract';
import { useOutletContext } from 'react-router';

/**
 * The detail document, handed by the detail frame to its tab routes. The frame renders the tabs only once the
 * document is loaded (one load, one failure screen for all three), so a tab always has it.
 */
export function useRevenueDetail(): RevenueDetail {
  return useOutletContext<RevenueDetail>();
}

/** A canonical positive integer id from the URL, else null (the server would refuse it anyway). */
export function parseRevenueId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2 ** 31 - 1 ? Number(value) : null;
}
