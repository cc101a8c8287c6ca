import { type SQL, sql } from 'drizzle-orm';
import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Surrogate key: a bigint identity column (by default, so seeds and imports may still set ids explicitly). */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();

/** A foreign key column holding another table's identity id. */
export const refId = (name: string) => bigint(name, { mode: 'number' });

/**
 * Money, units and rates are numeric and come back as strings: a double cannot hold 18 significant digits, and the
 * API formats them anyway (2 decimals for amounts, 4 for units and prices).
 */
export const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
export const units = (name: string) => numeric(name, { precision: 20, scale: 4 });
export const rate = (name: string) => numeric(name, { precision: 20, scale: 8 });
export const percentage = (name: string) => numeric(name, { precision: 9, scale: 4 });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `column in ('A','B')` for check constraints, built from the contract's constant lists. */
export function inList(column: SQL | unknown, values: readonly (string | number)[]): SQL {
  const literals = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`));
  return sql`${column} in (${sql.raw(literals.join(', '))})`;
}

/** ISO 4217-style three-letter currency code. */
export function isCurrency(column: unknown): SQL {
  return sql`${column} ~ '^[A-Z]{3}$'`;
}

/** Null or a term code of the contract (TERM_CODE_PATTERN, kept in step by the plan-terms test). */
export function isTermCode(column: unknown): SQL {
  return sql`${column} is null or ${column} ~ '^(WOL|SGL|Y[1-9][0-9]{0,2}|A[1-9][0-9]{0,2})$'`;
}

/** Null or a per-language text object that carries at least its English text (the fallback of every language). */
export function hasEnglishText(column: unknown): SQL {
  // coalesce: a missing "en" makes the comparison null, and a null check passes.
  return sql`${column} is null or coalesce(jsonb_typeof(${column} -> 'en') = 'string' and length(${column} ->> 'en') > 0, false)`;
}
