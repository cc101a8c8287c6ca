import { type Language, LIST_COUNT_LIMIT } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type SearchLane, searchRows } from '../db/search-statements.js';
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
  /** `heavy` for report previews: their statements run in the heavy lane (db/search-statements.ts). */
  lane?: SearchLane;
}

/**
 * The two statements of one search: the page (LIMIT/OFFSET) and the bounded count. Exposed so the query plans of
 * exactly what runList sends can be examined (explain-plans.cli.ts).
 */
export function listPageQueries<C extends ContractList, Row extends Record<string, unknown>, S = TeamScope>(
  definition: ServerListDefinition<C, Row, S>,
  scope: S,
  criteria: CriteriaOf<C>,
  language: Language,
  countLimit: number = LIST_COUNT_LIMIT,
): { page: SQL; count: SQL } {
  const { select, source, keyFromWhere, sortFromWhere, orderBy } = listStatement(
    definition,
    scope,
    criteria,
    language,
  );
  const size = criteria.sizePerPage;
  const offset = (criteria.page - 1) * size;
  // Deferred join: the page's ids are found first by a statement that carries only what filters and the sort key
  // need (unused LEFT JOIN lookups are dropped by the planner), then only those rows are joined to their lookups and
  // their costly columns computed. Deep pages then skip thousands of rows without joining each of them.
  // `id = any(array(…))`: the ids are an InitPlan computed first, then fetched by primary key; `id in (…)` or a join
  // to them lets the planner hash-join the lookups for every row of the table before meeting the ten ids.
  // Neither the id statement (unless its sort reads a lookup) nor the count joins the lookups, so a sort index that
  // carries the producer column serves both as an index-only scan (docs/performance.md).
  const pageIds = sql`select ${definition.idColumn} ${sortFromWhere} ${orderBy} limit ${size} offset ${offset}`;
  return {
    page: sql`${select} from ${source} where ${definition.idColumn} = any(array(${pageIds})) ${orderBy}`,
    count: sql`select count(*)::int as n from (select 1 ${keyFromWhere} limit ${countLimit + 1}) as bounded`,
  };
}

/**
 * Runs one list search: scope + filters → allowlisted sort with the id tie-breaker → one page, and a count that
 * stops at `countLimit` + 1 rows (a search matching a million rows is not counted for every page: beyond the limit
 * the total is reported as the limit with `totalIsLowerBound`). Page and count run concurrently on a pool (PGlite
 * has one connection and runs them one after the other).
 */
export async function runList<C extends ContractList, Row extends Record<string, unknown>, S = TeamScope>(
  db: Db,
  definition: ServerListDefinition<C, Row, S>,
  scope: S,
  criteria: CriteriaOf<C>,
  language: Language,
  options: RunListOptions = {},
): Promise<ListPage<ItemOf<C>>> {
  const countLimit = options.countLimit ?? LIST_COUNT_LIMIT;
  const queries = listPageQueries(definition, scope, criteria, language, countLimit);
  const [rows, counted] = await Promise.all([
    searchRows<Row>(db, queries.page, options.lane),
    searchRows<{ n: number | string }>(db, queries.count, options.lane),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  return {
    items: rows.map((row) => definition.toItem(row, language)),
    totalSize: Math.min(total, countLimit),
    totalIsLowerBound: total > countLimit,
  };
}
