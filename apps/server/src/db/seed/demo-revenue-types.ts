import type { PayinMode, PaymentFrequency, ProductCategory } from '@portal/contract';

/**
 * The shape of a demo revenue spec (demo-revenue-specs.ts) and the helpers the list is written with.
 *
 * Figures: `basis` is the premium (R), assets under management (A, T) or contribution (C, O) in the plan's
 * currency; each pay-in instalment is `basis × rate`; each producer's pay-out is the revenue's pay-in × the sum of
 * their rate lines. Everything is rounded to the cent once and the pay-out records split a pay-out in cents, so
 * every total is the exact sum of its lines.
 */

/** How much of a pay-in instalment has been received: all at once, all in two receipts, half, or nothing. */
export type PayinState = 'settled' | 'settledTwice' | 'part' | 'outstanding';

/** A rate line of a producer's pay-out: a label and a fraction of the revenue's pay-in (4 dp). */
export type RateLine = readonly [label: string, rate: string];

export interface PayinItemSpec {
  /** Fraction of `basis` (4 dp). */
  rate: string;
  state: PayinState;
}

export interface PayeeSpec {
  /** Advisor Code. */
  producer: string;
  rateInfo: readonly RateLine[];
  /** Overrides a senior earns on a junior's business (the rate pop-up's second table). */
  overrideRateInfo?: readonly RateLine[];
  payMode?: 'BANK' | 'CHEQUE';
}

export interface RevenueSpec {
  refNo: string;
  /** What the revenue demonstrates (docs/internal/README.md). */
  shows: string;
  /** R premium, A/T AUM, C contribution; O another contribution-based code. */
  commissionType: 'R' | 'A' | 'T' | 'C' | 'O';
  /** The first in-force afs plan of this category, serviced by `producer`, in `currency`. */
  plan: { category: ProductCategory; producer: string; currency: string };
  /** Commission on one item of the plan (its basic plan), not on the whole plan. */
  policyItem?: 'BASIC';
  company: 'AFSL' | 'AWM';
  /** Premium date and pay-in effective date. */
  start: string;
  basis: string;
  /** Split cases: the plan's whole amount, of which `basis` is this company's share. */
  combinedBasis?: string;
  payin: readonly PayinItemSpec[];
  payees: readonly PayeeSpec[];
  /** `instalments`: pay-out records per producer, due monthly on the 25th from the month after `start`;
   * `settled`: the first n instalments of every producer are paid out. */
  payout: { instalments: number; settled: number };
  /** Type C only. */
  lapseSurrenderOn?: string;
  /** Split cases: the two revenues of one plan share it. */
  joinSeqNo?: number;
  isOrphanCase?: boolean;
  editable: boolean;
  deletable: boolean;
  /** The premium frequency the commission follows (a payment-frequency code: A annual, Q, M, S single). */
  payMode: PaymentFrequency;
  term: number | null;
  /** BANK_TRANSFER when absent. */
  payinMode?: PayinMode;
  salesCampaign?: string;
  internalRemark?: string;
  upfrontWrapFee?: string;
}

export const servicing = (producer: string, rate: string, payMode?: 'CHEQUE'): PayeeSpec => ({
  producer,
  rateInfo: [['Base rate', rate]],
  payMode,
});
export const override = (producer: string, label: string, rate: string, payMode?: 'CHEQUE'): PayeeSpec => ({
  producer,
  rateInfo: [],
  overrideRateInfo: [[label, rate]],
  payMode,
});

export const settled = (rate: string): PayinItemSpec => ({ rate, state: 'settled' });
export const settledTwice = (rate: string): PayinItemSpec => ({ rate, state: 'settledTwice' });
export const part = (rate: string): PayinItemSpec => ({ rate, state: 'part' });
export const outstanding = (rate: string): PayinItemSpec => ({ rate, state: 'outstanding' });
