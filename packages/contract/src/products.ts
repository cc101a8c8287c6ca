import { z } from 'zod';

/** Record types of plans (spec 1 §3): the category a plan belongs to. */
export const PRODUCT_CATEGORIES = ['IL', 'IN', 'IR', 'FD', 'MPF', 'GI', 'PB', 'TU'] as const;
export const productCategorySchema = z.enum(PRODUCT_CATEGORIES);
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** Product types used in filters (riders are not a product type of their own). */
export const PRODUCT_TYPES = ['IL', 'IN', 'FD', 'GI', 'MPF', 'PB', 'TU'] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productTypeSchema>;

/** Product actions of an application. */
export const PRODUCT_ACTIONS = ['NB', 'PI', 'TI', 'AM'] as const;
export const productActionSchema = z.enum(PRODUCT_ACTIONS);
export type ProductAction = z.infer<typeof productActionSchema>;

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
export const policyStatusCodeSchema = z.enum(POLICY_STATUS_CODES);
export type PolicyStatusCode = z.infer<typeof policyStatusCodeSchema>;

/** Statuses that hide the Form Download tab and the monthly-statement form download. */
export const TERMINATED_STATUS_CODES = [
  'COF',
  'CAN',
  'LAP',
  'SUR',
  'TOT',
] as const satisfies readonly PolicyStatusCode[];
export const EXCLUDE_STATUS_OPTIONS = TERMINATED_STATUS_CODES;
export const excludeStatusSchema = z.enum(EXCLUDE_STATUS_OPTIONS);

export function isTerminatedStatus(code: string | null | undefined): boolean {
  return !!code && (TERMINATED_STATUS_CODES as readonly string[]).includes(code);
}

/** Currencies the demo data and the consolidated statement offer. */
export const CURRENCIES = ['USD', 'HKD', 'EUR', 'GBP', 'JPY', 'CNY', 'AUD', 'SGD'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;
export const DEFAULT_CONSOLIDATED_CURRENCY: Currency = 'USD';

export const HOLDING_TYPES = ['fund', 'cash'] as const;
export const UNIT_TYPES = ['I', 'A', 'O'] as const;

/** Payment frequencies of a plan's premium. */
export const PAYMENT_FREQUENCIES = ['M', 'Q', 'H', 'A', 'S'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];
