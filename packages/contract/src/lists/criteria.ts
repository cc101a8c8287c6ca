import { z } from 'zod';
import { PAGE_SIZES } from '../paging.js';
import { safeText } from '../text.js';

/*
 * The building blocks of every producer list's search criteria (docs/producer/lists.md). The same schema
 * parses a JSON body (POST /b2b/<list>, numbers and booleans as JSON) and a query string (GET /b2b/<list>_export,
 * everything a string), so list and export cannot disagree on what a criterion means.
 *
 * Strictness: an id or a page is a canonical decimal integer ("01", "+1", "1e1", "1 " are refused, not guessed at);
 * an empty string is "not given" (the original front end sends "" for an empty field); anything else malformed is a
 * 400 field error.
 */

/** "" and null mean "not given" for an optional criterion. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Optional criterion whose blank value ("" or null) is dropped before validation. */
export function optionalCriterion<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

const CANONICAL_INT = /^(0|[1-9]\d{0,15})$/;

/** An integer sent as a JSON number or as a canonical decimal string (query strings). */
export function strictInt(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && CANONICAL_INT.test(value) ? Number(value) : value),
    z.number().int().min(min).max(max),
  );
}

/**
 * A calendar month 1–12, as a number or a string of one or two digits: "3" and "03" are March (month pickers and
 * the original front end pad months to two digits); "003", "+3", "3.0" and "13" are refused.
 */
export const calendarMonthSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^(0?[1-9]|1[0-2])$/.test(value) ? Number(value) : value),
  z.number().int().min(1).max(12),
);

/** A database id: positive, below 2^53. */
export const idSchema = strictInt(1, 2 ** 53 - 1);

/** Path parameter `{id}` of a detail route (policy detail, client detail, service record detail, profile). */
export const idParamsSchema = z.object({ id: idSchema });

/** true/false as JSON, or "true"/"false" in a query string. */
export const booleanCriterion = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);

/**
 * A list criterion that may arrive as a JSON array, as a repeated query key (`a=1&a=2`, also `a[]=1`), or as one
 * comma-joined string (`a=1,2`, the original report form). Every element must be valid: `2,0` is refused, never
 * trimmed to `2`. At most `max` elements.
 */
export function listCriterion<T extends z.ZodType>(element: T, max = 50) {
  return z.preprocess((value) => {
    if (value === '' || value === null || value === undefined) return undefined;
    if (typeof value === 'string') return value.split(',');
    return value;
  }, z.array(element).max(max).optional());
}

/** Free text typed into a search box: trimmed, at most 100 characters, no NUL; blank → not given. */
export const keywordsCriterion = optionalCriterion(safeText().trim().max(100));

const SLASH_DATE = /^(\d{4})[/-](\d{2})[/-](\d{2})$/;

/** Whether y-m-d is a real calendar date. */
function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A business date typed into a YYYY/MM/DD picker (ISO YYYY-MM-DD is accepted too), normalized to ISO `YYYY-MM-DD`.
 * It names a Hong Kong calendar day: compared with date columns as it is, and with instants from 00:00 HKT
 * (see hongKongDayStart).
 */
export const businessDateSchema = z
  .string()
  .regex(SLASH_DATE, 'invalidDate')
  .refine((value) => {
    const [, y, m, d] = SLASH_DATE.exec(value) ?? [];
    return isCalendarDate(Number(y), Number(m), Number(d)) && Number(y) >= 1900 && Number(y) <= 2200;
  }, 'invalidDate')
  .transform((value) => value.replaceAll('/', '-'));

export const dateCriterion = optionalCriterion(businessDateSchema);

export const HONG_KONG_TIME_ZONE = 'Asia/Hong_Kong';

/** Today's calendar date in Hong Kong as YYYY-MM-DD (Hong Kong keeps UTC+8 all year). */
export function hongKongToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The instant a Hong Kong calendar day (YYYY-MM-DD) starts. */
export function hongKongDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+08:00`);
}

/**
 * The criteria every producer list shares. `sortField` is narrowed per list to its own allowlist; an unknown field is
 * a 400, never a column name pasted into SQL.
 */
export function commonCriteriaShape<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return {
    ...pagingCriteriaShape(sortFields),
    /**
     * Sent by the original front end; it carries no rule of its own here (who may see what is decided by the session
     * and the team tree), so it is accepted and ignored. docs/producer-area.md.
     */
    manager: optionalCriterion(z.union([z.boolean(), z.string().max(50)])),
    selectedProducerId: optionalCriterion(idSchema),
    includedTeam: booleanCriterion.default(true),
  };
}

/**
 * Page, page size, the sort (narrowed to the list's own allowlist: an unknown field is a 400, never a column name
 * pasted into SQL) and the search box: what every list has, producer lists and the staff lists alike.
 */
export function pagingCriteriaShape<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return {
    page: strictInt(1, 100_000).default(1),
    sizePerPage: z
      .preprocess(
        (value) => (typeof value === 'string' && CANONICAL_INT.test(value) ? Number(value) : value),
        z.union(
          PAGE_SIZES.map((size) => z.literal(size)) as [z.ZodLiteral<10>, z.ZodLiteral<20>, z.ZodLiteral<30>],
        ),
      )
      .default(10),
    sortField: optionalCriterion(z.enum(sortFields)),
    sortOrder: optionalCriterion(z.enum(['asc', 'desc'])),
    keywords: keywordsCriterion,
  };
}

/**
 * Refinement every list with date ranges adds: a range whose start is after its end is a field error on the end.
 * Dates are ISO after parsing, so text comparison orders them.
 */
export function rangeIssues(
  ranges: readonly (readonly [string, string])[],
): (value: Record<string, unknown>, ctx: z.RefinementCtx) => void {
  return (value, ctx) => {
    for (const [fromKey, toKey] of ranges) {
      const from = value[fromKey];
      const to = value[toKey];
      if (typeof from === 'string' && typeof to === 'string' && from > to) {
        ctx.addIssue({ code: 'custom', path: [toKey], message: 'dateRangeReversed' });
      }
    }
  };
}
