/**
 * The product, status and currency codes as plain constants, in a module without zod: the client's first screen
 * (My Plan: categories, terminated statuses) needs the codes, not the schemas, and importing them from products.ts
 * would bring zod into it (decision 031). products.ts re-exports them with their schemas, so every other import is
 * as before.
 */

/** Record types of plans (docs/product.md, "Product categories"): the category a plan belongs to. */
export const PRODUCT_CATEGORIES = ['IL', 'IN', 'IR', 'FD', 'MPF', 'GI', 'PB', 'TU'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Product types used in filters (riders are not a product type of their own). */
export const PRODUCT_TYPES = ['IL', 'IN', 'FD', 'GI', 'MPF', 'PB', 'TU'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Product actions of an application. */
export const PRODUCT_ACTIONS = ['NB', 'PI', 'TI', 'AM'] as const;
export type ProductAction = (typeof PRODUCT_ACTIONS)[number];

/** Product-code legend shown in the producer area. */
export const PRODUCT_CODE_LEGEND = ['P', 'L', 'F', 'T', 'PB', 'TU'] as const;

export const POLICY_STATUS_CODES = [
  'RCV',
  'AIP',
  'ACT',
  'CAN',
  'INF',
  'COF',
  'MAT',
  'LAP',
  'SUR',
  'TOT',
  'OPN',
  'CFM',
  'TER',
  'COD',
] as const;
export type PolicyStatusCode = (typeof POLICY_STATUS_CODES)[number];

/** Statuses that hide the Form Download tab and the monthly-statement form download. */
export const TERMINATED_STATUS_CODES = [
  'COF',
  'CAN',
  'LAP',
  'SUR',
  'TOT',
] as const satisfies readonly PolicyStatusCode[];
export const EXCLUDE_STATUS_OPTIONS = TERMINATED_STATUS_CODES;

export function isTerminatedStatus(code: string | null | undefined): boolean {
  return !!code && (TERMINATED_STATUS_CODES as readonly string[]).includes(code);
}

/** Currencies the demo data and the consolidated statement offer. */
export const CURRENCIES = ['USD', 'HKD', 'EUR', 'GBP', 'JPY', 'CNY', 'AUD', 'SGD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CONSOLIDATED_CURRENCY: Currency = 'USD';

export const HOLDING_TYPES = ['fund', 'cash'] as const;
export const UNIT_TYPES = ['I', 'A', 'O'] as const;

/** Payment frequencies of a plan's premium. */
export const PAYMENT_FREQUENCIES = ['M', 'Q', 'H', 'A', 'S'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];
