import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/*
 * Bulk INSERTs for the generator: `insert into t (a, b) select * from unnest($1::text[], $2::bigint[])`, one array
 * parameter per column whatever the number of rows. A multi-row VALUES list has a parameter per cell, which drizzle
 * builds object by object and PostgreSQL parses and plans cell by cell (~1 ms per 1 000-row statement just to plan,
 * and it caps a statement at 65 535 parameters); here a statement is a few dozen parameters and one plan. The
 * same text works on PostgreSQL and on PGlite.
 */

/** Drizzle data types whose JS values need the column's own driver encoding (JSON, arrays, Date objects). */
const ENCODED_TYPES = new Set(['json', 'array', 'date', 'custom', 'buffer']);

/** One array element in PostgreSQL's array literal syntax: always quoted, so any text is safe. */
function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'string' ? value : String(value);
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

/** `{…}` literal of one column's values, encoded the way the column's driver mapping would. */
function arrayLiteral(column: Column, values: unknown[]): string {
  const encode = ENCODED_TYPES.has(column.dataType);
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    parts[i] = element(v === null || v === undefined || !encode ? v : column.mapToDriverValue(v));
  }
  return `{${parts.join(',')}}`;
}

/**
 * `insert into <table> (…) select … from unnest(…)` for `rows`, whose columns are the keys of the first row (every
 * row of a generated batch has the same keys; a key missing from a later row inserts null, not the default).
 * Array columns travel as the text of their literal and are cast back per row, since unnest flattens a
 * two-dimensional array. `onlyAfter`: a condition evaluated before the first row (see loadSettings).
 */
export function unnestInsert<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
  onlyAfter?: SQL,
): SQL {
  const first = rows[0];
  if (!first) throw new Error(`no rows to insert into ${getTableName(table)}`);
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(first).filter((k) => (first as Record<string, unknown>)[k] !== undefined);
  const names: SQL[] = [];
  const arrays: SQL[] = [];
  const selected: SQL[] = [];
  keys.forEach((key, i) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    const values = rows.map((r) => (r as Record<string, unknown>)[key]);
    const type = column.getSQLType();
    const isArray = type.endsWith('[]');
    names.push(sql`${sql.identifier(column.name)}`);
    arrays.push(sql`${arrayLiteral(column, values)}::${sql.raw(isArray ? 'text' : type)}[]`);
    const alias = sql.identifier(`c${i}`);
    selected.push(isArray ? sql`${alias}::${sql.raw(type)}` : sql`${alias}`);
  });
  const aliases = keys.map((_, i) => sql.identifier(`c${i}`));
  return sql`insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(aliases, sql`, `)})
    ${onlyAfter ? sql`where ${onlyAfter}` : sql``}`;
}

export interface LoadSettings {
  /** A `settings` CTE to put first in the statement's WITH list. */
  cte: SQL;
  /** A condition that reads it: an INSERT whose SELECT carries it writes its first row after the settings apply. */
  guard: SQL;
}

/**
 * Settings for one bulk statement, local to its transaction, so they never outlive it on a pooled connection:
 * - `synchronous_commit` off: the commit does not wait for the WAL flush; a crash loses at most the last chunks of
 *   a load that is rerun anyway, never half a chunk.
 * - with `skipTriggers` (superusers only), `session_replication_role = replica`, as pg_restore --disable-triggers
 *   does: the per-row foreign-key triggers do not fire. They were more than half of a statement's time (6.5 of
 *   14 s for 10 000 clients' statements); the generator checks the references of what it wrote afterwards, one
 *   anti-join per foreign key (verifyForeignKeys in scale-checks.ts). Unique and check constraints still apply.
 * A trigger fires or not according to the setting when the row is written, so every INSERT carries `guard`.
 */
export function loadSettings(skipTriggers: boolean): LoadSettings {
  const role = skipTriggers ? sql`set_config('session_replication_role', 'replica', true)` : sql`'origin'`;
  return {
    cte: sql`settings as materialized (select set_config('synchronous_commit', 'off', true) as sync, ${role} as role)`,
    guard: sql`(select role from settings) is not null`,
  };
}

/**
 * Several INSERTs of related rows as one statement (data-modifying WITH), so a chunk travels in one round trip
 * and commits as one transaction; foreign keys between them are checked at the end of the statement.
 */
export function insertsAsOneStatement(
  parts: readonly { table: PgTable; rows: readonly Record<string, unknown>[] }[],
  skipTriggers: boolean,
): SQL {
  const settings = loadSettings(skipTriggers);
  const inserts = parts
    .filter((p) => p.rows.length > 0)
    .map((p, i) => sql`${sql.identifier(`i${i}`)} as (${unnestInsert(p.table, p.rows, settings.guard)})`);
  return sql`with ${settings.cte}, ${sql.join(inserts, sql`, `)} select count(*) from settings`;
}
