import type { LocalizedLabel } from '../lists/define-list.js';

/*
 * Codes of the facts behind reports 8, 13, 14 and 201 (payment cards, BV factors, training history), shared by the
 * database's check constraints and the report rows (docs/decisions/022-bv-factors-and-training.md).
 */

/** Card schemes a premium can be charged to. */
export const CARD_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'UNIONPAY', 'JCB'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A card number as printed: only the last four digits are stored, the rest is always masked. */
export function maskedCardNumber(brand: string, last4: string): string {
  // American Express numbers have 15 digits grouped 4-6-5; the others 16 digits grouped by four.
  return brand === 'AMEX' ? `**** ****** *${last4}` : `**** **** **** ${last4}`;
}

/**
 * Kinds of training a producer's record holds: Insurance Authority CPD, SFC continuous professional training,
 * MPFA CPD, and the firm's own product and compliance training (not counted by any regulator).
 */
export const TRAINING_CATEGORIES = ['IA_CPD', 'SFC_CPT', 'MPF_CPD', 'INTERNAL'] as const;
export type TrainingCategory = (typeof TRAINING_CATEGORIES)[number];

export const TRAINING_CATEGORY_LABELS: Record<TrainingCategory, LocalizedLabel> = {
  IA_CPD: { en: 'IA CPD', zh: '保監局持續專業培訓', ja: 'IA CPD', kr: 'IA CPD' },
  SFC_CPT: { en: 'SFC CPT', zh: '證監會持續培訓', ja: 'SFC CPT', kr: 'SFC CPT' },
  MPF_CPD: { en: 'MPF CPD', zh: '積金局持續專業發展', ja: 'MPF CPD', kr: 'MPF CPD' },
  INTERNAL: { en: 'In-house', zh: '公司內部培訓', ja: '社内研修', kr: '사내 교육' },
};

/** Premiums a year by payment frequency; single premium ('S') has no annualized premium. */
export const PAYMENTS_PER_YEAR: Readonly<Record<string, number>> = { M: 12, Q: 4, H: 2, A: 1 };
