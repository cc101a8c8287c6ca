import { z } from 'zod';
import { monthOptionSchema } from './client-area.js';
import { idSchema } from './lists/criteria.js';
import { STATEMENT_MONTHS_AVAILABLE } from './paging.js';
import { CURRENCIES, DEFAULT_CONSOLIDATED_CURRENCY } from './products.js';
import { languageSchema } from './sites.js';

/*
 * Monthly statements (docs/client-area.md). A "party id" is the id of a statement account: a CONSOLIDATE account covers
 * all of a client's investment plans, every other account exactly one plan.
 *
 * Endpoints (all under `{basePath}/{lang}/api`, client only; another client's id answers 404):
 *   GET /statement/policy_list/:partyId                         → StatementPolicyList
 *   GET /statement/:id.html  | /statement/:id.pdf               ?month=YYYY-MM (default: latest) &request=b2c
 *   GET /statement/download_monthly_statement                   ?month=YYYY-MM&party_id=N (PDF)
 *   GET /statement/consolidate_statement/:id.html | .pdf        ?selected_currency=USD&month=YYYY-MM
 *   GET /statement/download_pdf | /statement/download_zip       ?party_ids=1,2,3&month=YYYY-MM
 *   GET /statement/provider_statement/:partyId                   the provider's own statement of a POLICY account
 * The statement language is the URL's `{lang}`.
 */

/** Months travel as `YYYY-MM`; their labels as `YYYY/MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const statementMonthSchema = z.string().regex(MONTH_PATTERN, 'month');

/** Only the statements of the last STATEMENT_MONTHS_AVAILABLE (6) full months can be viewed or downloaded. */
export const STATEMENT_MONTHS_WINDOW = STATEMENT_MONTHS_AVAILABLE;

/** Most party ids one PDF or ZIP request may name. */
export const MAX_PARTY_IDS = 20;

export const STATEMENT_ACCOUNT_TYPES = ['CONSOLIDATE', 'POLICY'] as const;

export const statementAccountSchema = z.object({
  partyId: z.number().int(),
  accountType: z.enum(STATEMENT_ACCOUNT_TYPES),
  accountNo: z.string(),
  /** Months with a statement, newest first, within the last six. */
  monthOptions: z.array(monthOptionSchema),
  /** The original front end's spelling. Default currency of the consolidated statement. */
  consolidateCurency: z.string(),
  /**
   * API path of the provider statement file, null when there is none (always null for CONSOLIDATE): the client-area
   * file route for a client, `/statement/provider_statement/:partyId` (team scope checked) for a producer.
   */
  providerStatementPath: z.string().nullable(),
  /** The plan a POLICY account reports on (null for CONSOLIDATE), so pickers can name it. */
  planId: z.number().int().nullable(),
  planNo: z.string().nullable(),
  productName: z.string().nullable(),
});
export type StatementAccount = z.infer<typeof statementAccountSchema>;

/**
 * `GET /statement/policy_list/:partyId`: every statement account of the client owning that party. The original front
 * end reads the list keyed by party id (`{"812": {accountType, …}, "813": {…}, statementLanguage}`, docs/product.md);
 * JSON objects do not keep the order of numeric keys, so the same accounts also travel as the ordered `accounts` array,
 * which this SPA uses. Both carry identical entries.
 */
export const statementPolicyListSchema = z
  .object({
    accounts: z.array(statementAccountSchema),
    statementLanguage: languageSchema,
  })
  .catchall(statementAccountSchema);
export type StatementPolicyList = z.infer<typeof statementPolicyListSchema>;

/** The policy list in both of its shapes (see statementPolicyListSchema) from the ordered accounts. */
export function statementPolicyList(
  accounts: StatementAccount[],
  statementLanguage: z.infer<typeof languageSchema>,
): StatementPolicyList {
  const byParty: Record<string, StatementAccount> = {};
  for (const account of accounts) byParty[String(account.partyId)] = account;
  return Object.assign(byParty, { accounts, statementLanguage });
}

/** A canonical positive integer: "01", "+1", "1e1" and "1 " are refused, not read as some account's id. */
const partyIdNumber = idSchema;

export const partyIdParamsSchema = z.object({ partyId: partyIdNumber });
/** `:id` of `/statement/:id.html|.pdf` and the consolidated variants. */
export const statementIdParamsSchema = z.object({ id: partyIdNumber });

export const statementQuerySchema = z.object({
  month: statementMonthSchema.optional(),
  /** `b2c` when the client view asks (the original front end sends it); accepted and otherwise ignored. */
  request: z.enum(['b2c']).optional(),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const consolidatedCurrencySchema = z.enum(CURRENCIES);

export const consolidatedStatementQuerySchema = z.object({
  month: statementMonthSchema.optional(),
  selected_currency: consolidatedCurrencySchema.default(DEFAULT_CONSOLIDATED_CURRENCY),
});
export type ConsolidatedStatementQuery = z.infer<typeof consolidatedStatementQuerySchema>;

export const monthlyStatementDownloadQuerySchema = z.object({
  month: statementMonthSchema,
  party_id: partyIdNumber,
  selected_currency: consolidatedCurrencySchema.optional(),
});
export type MonthlyStatementDownloadQuery = z.infer<typeof monthlyStatementDownloadQuerySchema>;

/**
 * `1,2,3`: 1 to MAX_PARTY_IDS canonical positive integers (duplicates are dropped). Every element must be one:
 * `2,0` or `1,01` is refused, never trimmed to the valid part (parsePartyIds drops nothing a valid value holds).
 */
export const partyIdsSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/, 'partyIds')
  .refine((value) => value.split(',').length <= MAX_PARTY_IDS, 'tooManyPartyIds');

export const statementBundleQuerySchema = z.object({
  party_ids: partyIdsSchema,
  month: statementMonthSchema.optional(),
  selected_currency: consolidatedCurrencySchema.optional(),
});
export type StatementBundleQuery = z.infer<typeof statementBundleQuerySchema>;

/** The distinct ids of a validated `party_ids` value, in request order. */
export function parsePartyIds(value: string): number[] {
  return [...new Set(value.split(',').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** `YYYY-MM` → `YYYY/MM`. */
export function monthLabel(month: string): string {
  return month.replace('-', '/');
}

/**
 * The months whose statements may be viewed or downloaded at `now`: the STATEMENT_MONTHS_AVAILABLE full months
 * before the current one (UTC), newest first, as `YYYY-MM`. The current month has no statement yet.
 */
export function statementMonthWindow(now: Date): string[] {
  const months: string[] = [];
  for (let i = 1; i <= STATEMENT_MONTHS_AVAILABLE; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}
