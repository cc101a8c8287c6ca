import { z } from 'zod';
import { decimalStringSchema } from './decimal.js';
import { idSchema } from './lists/criteria.js';
import { HOLDING_TYPES, POLICY_STATUS_CODES, productCategorySchema } from './products.js';
import { siteCodeSchema } from './sites.js';
import { safeText } from './text.js';

/*
 * Client area (b2c) answers, named exactly as the original front end reads them (docs/product.md, "The original front
 * end").
 *
 * Conventions (docs/decisions/005-money-and-months-on-the-wire.md):
 * - Amounts, units, prices, rates and percentages travel as decimal STRINGS ("1234.50", "10.1234", "7.80000000"),
 *   never as JSON numbers: the database holds them as numeric and a double cannot carry them exactly. The web
 *   formats them (2 decimals for amounts, 4 for units and prices) without parsing through a float.
 * - Business dates are ISO `YYYY-MM-DD` (the web shows YYYY/MM/DD); instants are ISO 8601 date-times.
 * - Months are `YYYY-MM` (see statements.ts).
 * - `*Path` fields are API paths relative to `{basePath}/{lang}/api` (e.g. `/b2c/files/provider_statement/12`): the
 *   web's download helper turns them into absolute URLs with the current language.
 */

// In its own module so the producer and staff lists do not carry the client area's schemas (web bundle,
// docs/performance/spa.md).
export { type DecimalString, decimalStringSchema } from './decimal.js';

const decimal = decimalStringSchema;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A month choice of the statement pickers: `label` to show (YYYY/MM), `value` to send back (YYYY-MM). */
export const monthOptionSchema = z.object({ label: z.string(), value: z.string() });
export type MonthOption = z.infer<typeof monthOptionSchema>;

/**
 * Plan id in a path: a canonical positive integer; anything else ("01", "+1", "1e1", "1 ") is a 400 field error,
 * never read as another plan's id (z.coerce.number() read "1e1" as plan 10) and never a 500.
 */
export const planIdParamsSchema = z.object({ id: idSchema });
export const messageIdParamsSchema = planIdParamsSchema;

// ---------------------------------------------------------------------------------------------------------------
// My Plan: GET /b2c/plans → { data: PlanListItem[] }

export const planListItemSchema = z.object({
  id: z.number().int(),
  productName: z.string(),
  productCategory: productCategorySchema,
  policyStatusCode: z.enum(POLICY_STATUS_CODES),
  /** English label of the status code; the web may translate the code instead. */
  policyStatus: z.string(),
  planNo: z.string(),
  providerShortName: z.string(),
});
export type PlanListItem = z.infer<typeof planListItemSchema>;

export const planListResponseSchema = z.object({ data: z.array(planListItemSchema) });
export type PlanListResponse = z.infer<typeof planListResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Plan detail: GET /b2c/plans/:id → PlanDetail

/** Life policy values in the order every screen and statement shows them. */
export const LIFE_POLICY_VALUE_FIELDS = [
  'cashValue',
  'accumulatedDividend',
  'futureDeposit',
  'loanBalance',
  'nextLevy',
  'accumulatedGuaranteedCoupon',
  'terminalDividend',
  'surrenderValue',
  'nextDuePremium',
  'vitalityDiscount',
  'premiumRefund',
  'totalPolicyValue',
] as const;
export type LifePolicyValueField = (typeof LIFE_POLICY_VALUE_FIELDS)[number];

export const lifePolicyValuesSchema = z.object({
  /** Valuation date of these values (the latest month-end). */
  valueDate: isoDate,
  currency: z.string(),
  ...(Object.fromEntries(LIFE_POLICY_VALUE_FIELDS.map((f) => [f, decimal.nullable()])) as Record<
    LifePolicyValueField,
    ReturnType<typeof decimal.nullable>
  >),
});
export type LifePolicyValues = z.infer<typeof lifePolicyValuesSchema>;

export const policyItemSchema = z.object({
  id: z.number().int(),
  /** BASIC (the plan itself) or RIDER. */
  policyType: z.string(),
  productName: z.string(),
  policyTerm: z.string().nullable(),
  payTerm: z.string().nullable(),
  sumInsured: decimal.nullable(),
  modalPremium: decimal.nullable(),
});
export type PolicyItem = z.infer<typeof policyItemSchema>;

export const holdingSchema = z.object({
  holdingType: z.enum(HOLDING_TYPES),
  /** I (initial), A (accumulation) or other; null for cash. */
  unitType: z.string().nullable(),
  code: z.string(),
  description: z.string(),
  /** API path of the fund factsheet PDF, null when the fund has none (and for cash). */
  factsheetPath: z.string().nullable(),
  unitHeld: decimal.nullable(),
  /** Holding currency. */
  currency: z.string(),
  price: decimal.nullable(),
  valueOn: isoDate,
  /** Value in the holding currency. */
  value: decimal,
  /** Value in the plan's valuation currency, at `exchangeRate`. */
  valuationValue: decimal,
  /** Prefix shown before valuation amounts, e.g. "USD". */
  currencyPrefix: z.string(),
  exchangeRate: decimal,
});
export type Holding = z.infer<typeof holdingSchema>;

export const additionalHoldingSchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  unitHeld: decimal,
  price: decimal,
  valueOn: isoDate,
  value: decimal,
});
export type AdditionalHolding = z.infer<typeof additionalHoldingSchema>;

export const additionalHoldingsSchema = z.object({
  abfFund: z.array(additionalHoldingSchema),
  etfFund: z.array(additionalHoldingSchema),
});

/** One slice of the premium allocation (by fund) or of the portfolio (by asset class). */
export const allocationEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  assetClass: z.string(),
  /** 0–100, e.g. "35.0000". */
  percentage: decimal,
});
export type AllocationEntry = z.infer<typeof allocationEntrySchema>;

/** Value of the plan at each statement month-end, in the valuation currency, for the assets performance chart. */
export const performancePointSchema = z.object({ month: z.string(), asOfDate: isoDate, value: decimal });

export const assetsPerformanceSchema = z.object({
  currency: z.string(),
  totalPortfolioValue: decimal,
  totalPremiumPaid: decimal.nullable(),
  totalWithdrawalAmount: decimal.nullable(),
  /** totalPortfolioValue + totalWithdrawalAmount − totalPremiumPaid; null when premiums are unknown. */
  gainLoss: decimal.nullable(),
  /** gainLoss / totalPremiumPaid × 100, 2 decimals; null when premiums are unknown or zero. */
  gainLossPercentage: decimal.nullable(),
  history: z.array(performancePointSchema),
});
export type AssetsPerformance = z.infer<typeof assetsPerformanceSchema>;

export const planDetailSchema = z.object({
  id: z.number().int(),
  productName: z.string(),
  policyStatusCode: z.enum(POLICY_STATUS_CODES),
  productCategory: productCategorySchema,
  planNo: z.string(),
  providerCodeForApi: z.string(),
  productCodeForApi: z.string(),
  caId: z.string().nullable(),
  capId: z.string().nullable(),
  /** The downloadable statement months of this plan (last six at most), newest first. */
  stmtMonthOptions: z.array(monthOptionSchema),
  providerShortName: z.string(),
  providerStatementPath: z.string().nullable(),
  policyOwner: z.string(),
  address: z.array(z.string()),
  contactNo: z.string().nullable(),
  email: z.string().nullable(),
  commenceDate: isoDate.nullable(),
  policyTerm: z.string().nullable(),
  paymentFrequency: z.string().nullable(),
  payTerm: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  policyStatus: z.string(),
  paymentStatus: z.string().nullable(),
  portfolioType: z.string().nullable(),
  currency: z.string(),
  valuationCurrency: z.string(),
  sumInsured: decimal.nullable(),
  modalPremium: decimal.nullable(),
  totalPremiumPaid: decimal.nullable(),
  estimatedPremiumAndLevyAmount: decimal.nullable(),
  nextContributeDueOn: isoDate.nullable(),
  pendingTranAmount: decimal.nullable(),
  totalWithdrawalAmount: decimal.nullable(),
  totalWithdrawalCurrency: z.string().nullable(),
  jointOwner: z.string().nullable(),
  insured: z.string(),
  beneficiary: z.string().nullable(),
  companyName: z.string(),
  siteCode: siteCodeSchema,
  exTotalPortfolioValue: decimal.nullable(),
  totalPortfolioValueAlert: z.boolean(),
  disabledPolicyValueSection: z.boolean(),
  isShowAssetsSelection: z.boolean(),
  assetsSelectionFilePath: z.string().nullable(),
  /** Sanitized on the server (allowlist of inline tags, no attributes); the web still runs DOMPurify. */
  lifeDisclaimer: z.string().nullable(),
  /** Sum of the holdings' valuationValue in valuationCurrency; null for plans without holdings. */
  totalPortfolioValue: decimal.nullable(),
  lifePolicyValues: lifePolicyValuesSchema.nullable(),
  policyItems: z.array(policyItemSchema),
  holdings: z.array(holdingSchema),
  additionalHoldings: additionalHoldingsSchema,
  isAdditionalFundExist: z.boolean(),
  allocation: z.array(allocationEntrySchema),
  portfolio: z.array(allocationEntrySchema),
  assetsPerformance: assetsPerformanceSchema.nullable(),
  /** Party id of this plan's own statement account (for the statement endpoints), null when it has none. */
  partyId: z.number().int().nullable(),
  /** True for COF, CAN, LAP, SUR, TOT: the Form Download tab and the statement form download are hidden. */
  isTerminated: z.boolean(),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Profile: GET /b2c/profile

export const clientProfileSchema = z.object({
  name: z.string(),
  phoneNumber: z.array(z.string()),
  email: z.array(z.string()),
  resAddress: z.array(z.string()),
  corrAddress: z.array(z.string()),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Message box: GET /b2c/messages → { data }, POST /b2c/messages/:id/read → MarkMessageReadResponse

export const clientMessageSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 date-time. */
  createDate: z.string(),
  planNo: z.string().nullable(),
  category: productCategorySchema.nullable(),
  content: z.string(),
  title: z.string(),
  type: z.string(),
  read: z.boolean(),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const messageListResponseSchema = z.object({ data: z.array(clientMessageSchema) });
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

/** Answer of marking a message read (idempotent): the message and the new unread count for the member menu. */
export const markMessageReadResponseSchema = z.object({
  message: clientMessageSchema,
  messageCount: z.number().int().nonnegative(),
});
export type MarkMessageReadResponse = z.infer<typeof markMessageReadResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Forms (the public forms API and the plan's Form Download tab, docs/client-area.md)

/**
 * Header the public forms API reads. Its value identifies the calling site (config FORMS_CLIENT_SECRET); it is not
 * an authorization: the forms are public documents. The portal SPA does not call the public API; it calls
 * `GET /b2c/plans/:id/forms` (session-authenticated) and so embeds no value at all.
 */
export const FORMS_CLIENT_SECRET_HEADER = 'client-secret';

/** client_lang codes of the forms API (docs/product.md, "Languages"): en 6, zh 7, ja 8, kr 9. */
export const FORMS_CLIENT_LANG_CODES = ['6', '7', '8', '9'] as const;

export const formsListQuerySchema = z.object({
  // Control characters (a NUL above all) are refused here: PostgreSQL cannot hold them in text and answered 500.
  provider_code: safeText().trim().min(1).max(40),
  product_type_code: safeText().trim().min(1).max(10),
  client_lang: z.enum(FORMS_CLIENT_LANG_CODES).default('6'),
});
export type FormsListQuery = z.infer<typeof formsListQuerySchema>;

export const FORM_TYPES = ['original', 'copy'] as const;

export const formDownloadItemSchema = z.object({
  product_type_title: z.string(),
  provider_title: z.string(),
  title: z.string(),
  form_type: z.enum(FORM_TYPES),
  /** Absolute path (from the host root) of the form's file; opens without any header, in a new window. */
  document: z.string(),
});
export type FormDownloadItem = z.infer<typeof formDownloadItemSchema>;

/**
 * 200 `{ data: [...] }` with at least one item. When there is none the answer is 404 `{ error: "Not Found" }`
 * (FORMS_NOT_FOUND): the web hides the section. Any other failure means "error".
 */
export const formsListResponseSchema = z.object({ data: z.array(formDownloadItemSchema).min(1) });
export type FormsListResponse = z.infer<typeof formsListResponseSchema>;
export const FORMS_NOT_FOUND = 'Not Found';
/**
 * A plan's Form Download list for the signed-in client (`GET /b2c/plans/:id/forms`): an empty list when the plan
 * has none. Unlike the public forms API's 404 "Not Found", having no forms is a normal answer here, so the browser
 * does not log a failed request on every such plan.
 */
export const planFormsResponseSchema = z.object({ data: z.array(formDownloadItemSchema) });
export type PlanFormsResponse = z.infer<typeof planFormsResponseSchema>;

export const formDocumentParamsSchema = z.object({ formId: idSchema });

// ---------------------------------------------------------------------------------------------------------------
// Files of a plan, streamed: GET /b2c/files/provider_statement/:id, /b2c/files/assets_selection/:id,
// /b2c/files/factsheet/:fundCode

export const fundCodeParamsSchema = z.object({ fundCode: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/) });
