import { z } from 'zod';
import { LANGUAGES, type Language } from './sites.js';

/*
 * Codes of a plan's enumerable terms (docs/decisions/012-translated-data.md). The database stores these codes,
 * never display words; the server turns them into the request language's words for the plan detail and the
 * statements, so every screen and every statement of one plan say the same thing.
 */

/**
 * Policy term and pay term: `WOL` whole of life, `Y<n>` n years, `A<n>` to age n, `SGL` single payment (pay term
 * only, but accepted for both so a provider feed is not refused for a rare product).
 */
export const TERM_CODE_PATTERN = /^(WOL|SGL|Y[1-9][0-9]{0,2}|A[1-9][0-9]{0,2})$/;
export const termCodeSchema = z.string().regex(TERM_CODE_PATTERN);

export type ParsedTerm =
  | { kind: 'wholeOfLife' }
  | { kind: 'single' }
  | { kind: 'years'; n: number }
  | { kind: 'toAge'; n: number };

/** A term code's meaning; undefined for anything that is not a term code. */
export function parseTermCode(code: string): ParsedTerm | undefined {
  if (!TERM_CODE_PATTERN.test(code)) return undefined;
  if (code === 'WOL') return { kind: 'wholeOfLife' };
  if (code === 'SGL') return { kind: 'single' };
  const n = Number(code.slice(1));
  return code.startsWith('Y') ? { kind: 'years', n } : { kind: 'toAge', n };
}

export const PAYMENT_METHODS = [
  'AUTOPAY',
  'CREDIT_CARD',
  'CHEQUE',
  'TELEGRAPHIC_TRANSFER',
  'EMPLOYER_CONTRIBUTION',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['PAID_TO_DATE', 'OVERDUE'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PORTFOLIO_TYPES = [
  'REGULAR_SAVINGS',
  'DISCRETIONARY',
  'ADVISORY',
  'EXECUTION_ONLY',
  'EMPLOYEE',
  'FAMILY_TRUST',
] as const;
export type PortfolioType = (typeof PORTFOLIO_TYPES)[number];

export const ASSET_CLASSES = ['EQUITY', 'BOND', 'MIXED_ASSET', 'MONEY_MARKET', 'ALTERNATIVE'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/**
 * Free text kept per language (messages, disclaimers): English is required, the others optional; a reader gets
 * their language's text and the English one where it is missing.
 */
export const localizedTextSchema = z.object({
  en: z.string().min(1),
  zh: z.string().min(1).optional(),
  ja: z.string().min(1).optional(),
  kr: z.string().min(1).optional(),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;
/** The languages a LocalizedText may carry: every UI language. */
export const LOCALIZED_TEXT_LANGUAGES: readonly Language[] = LANGUAGES;

export function textIn(text: LocalizedText, language: Language): string {
  return (language === 'en' ? undefined : text[language]) ?? text.en;
}
