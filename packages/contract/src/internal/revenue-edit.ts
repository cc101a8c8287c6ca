import { z } from 'zod';
import { businessDateSchema } from '../lists/criteria.js';
import { safeText } from '../text.js';

/*
 * `PATCH /internal/revenues/{id}` (docs/internal/revenue-api.md, decision 024): the fields a back office may change on
 * a revenue. They are annotations and bookkeeping facts that no amount, rate or commission statement is computed from.
 * Amounts, rates, currency, exchange rate, service company, ref no., commission type, policy, instalments and
 * pay-outs are not editable here: they feed the producers' commission statements and the settled totals.
 *
 * A field left out is unchanged; null (or "" for a text field) clears it, except the description, which may not be
 * blank. A date that is not a calendar day (2026/13/45) is refused, never read as "no date". `version` is the detail's `version`: an edit
 * made on a stale copy is refused with 409, never written over someone else's change. Unknown fields are a 400.
 */

export const REVENUE_TEXT_MAX = 2000;
export const SALES_CAMPAIGN_MAX = 100;

/** Trimmed free text; blank → null (cleared). */
const clearableText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    safeText().trim().max(max).nullable().optional(),
  );

/**
 * Trimmed free text that may be changed but not emptied: a revenue's description is how the back office tells it
 * apart, so blank (or only spaces) is refused as "required", never stored as a cleared value.
 */
const requiredText = (max: number) => safeText().trim().min(1, 'required').max(max).optional();

/** A business date (YYYY/MM/DD or ISO), normalized to ISO; "" or null clears it. */
const clearableDate = z.preprocess(
  (value) => (value === '' ? null : value),
  businessDateSchema.nullable().optional(),
);

export const revenueEditSchema = z.strictObject({
  version: z.string().min(1).max(40),
  description: requiredText(REVENUE_TEXT_MAX),
  internalRemark: clearableText(REVENUE_TEXT_MAX),
  salesCampaign: clearableText(SALES_CAMPAIGN_MAX),
  bankInOn: clearableDate,
  /** Type C only, and not before the premium date (checked by the server against the revenue). */
  lapseSurrenderOn: clearableDate,
  isOrphanCase: z.boolean().optional(),
});
export type RevenueEdit = z.output<typeof revenueEditSchema>;
export type RevenueEditInput = z.input<typeof revenueEditSchema>;

/** The fields of an edit other than its version, in form order. */
export const REVENUE_EDIT_FIELDS = [
  'description',
  'internalRemark',
  'salesCampaign',
  'bankInOn',
  'lapseSurrenderOn',
  'isOrphanCase',
] as const;
export type RevenueEditField = (typeof REVENUE_EDIT_FIELDS)[number];
