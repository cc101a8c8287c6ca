import { type Language, LIST_COUNT_LIMIT } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { TeamScope } from '../db/team-scope.js';
import { listStatement } from './list-sql.js';
import type { ContractList, CriteriaOf, ItemOf, ServerListDefinition } from './server-list.js';

export interface ListPage<Item> {
  items: Item[];
  totalSize: number;
  totalIsLowerBound: boolean;
}

export interface RunListOptions {
  /** Rows counted at most (LIST_COUNT_LIMIT); tests lower it to reach the bound with demo data. */
  countLimit?: number;
}

/** Rows of `db.execute`: `{ rows }` on both drivers (node-postgres and PGlite). */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs one list search: scope + filters → allowlisted sort with the id tie-breaker → one page, and a count that
 * stops at `countLimit` + 1 rows (a search matching a million rows is not counted for every page: beyond the limit
 * the total is reported as the limit with `totalIsLowerBound`). Page and count run concurrently on a pool (PGlite
 * has one connection and runs them one after the other).
 */
export async function runList<C extends ContractList, Row extends Record<string, unknown>>(
  db: Db,
  definition: ServerListDefinition<C, Row>,
  scope: TeamScope,
  criteria: CriteriaOf<C>,
  language: Language,
  options: RunListOptions = {},
): Promise<ListPage<ItemOf<C>>> {
  const countLimit = options.countLimit ?? LIST_COUNT_LIMIT;
  const { select, fromWhere, orderBy } = listStatement(definition, scope, criteria, language);
  const size = criteria.sizePerPage;
  const offset = (criteria.page - 1) * size;

  const [rows, counted] = await Promise.all([
    rowsOf<Row>(db, sql`${select} ${fromWhere} ${orderBy} limit ${size} offset ${offset}`),
    rowsOf<{ n: number | string }>(
      db,
      sql`select count(*)::int as n from (select 1 ${fromWhere} limit ${countLimit + 1}) as bounded`,
    ),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  return {
    items: rows.map((row) => definition.toItem(row, language)),
    totalSize: Math.min(total, countLimit),
    totalIsLowerBound: total > countLimit,
  };
}
