import { type Language, LIST_COUNT_LIMIT } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type SearchLane, searchRows } from '../db/search-statements.js';
import type { TeamScope } from '../db/team-scope.js';
import { HttpError } from '../plugins/errors.js';
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
 * The statements of one search: the page and the bounded count, or (`onePass`) one statement for both. Exposed so
 * the query plans of exactly what runList sends can be examined (explain-plans.cli.ts) and run bare (the bench).
 *
 * Two statements for lists: the count does not depend on the sort, so it always takes the cheapest path to its
 * filters (the in-progress or open partial indexes), while the page walks its sort's index and stops after the page.
 * An aggregate (`onePass`: reports 4, 14) would compute its totals for each, and a keyword search (`matchesFirst`)
 * would collect its matches twice: their matched rows (ids for a keyword), in order, up to the count limit + 1, are
 * one materialized CTE instead, whose size is the bounded count and whose rows numbered
 * `offset + 1 … offset + size` are the page; those rows carry `list_total` and `list_n` (null on the one row of a
 * page past the end). A page beyond the count limit falls back to the two statements.
 */
export function listPageQueries<C extends ContractList, Row extends Record<string, unknown>, S = TeamScope>(
  definition: ServerListDefinition<C, Row, S>,
  scope: S,
  criteria: CriteriaOf<C>,
  language: Language,
  countLimit: number = LIST_COUNT_LIMIT,
): { page: SQL; count?: SQL } {
  const {
    select,
    source,
    fromWhere,
    keyFromWhere,
    sortFromWhere,
    orderBy,
    sortKey,
    direction,
    matchesFirst,
  } = listStatement(definition, scope, criteria, language);
  const size = criteria.sizePerPage;
  const offset = (criteria.page - 1) * size;
  const bound = countLimit + 1;

  if (definition.onePass && offset + size <= bound) {
    return {
      page: sql`with list_match as materialized (
          ${select}, row_number() over (${orderBy}) as list_n ${fromWhere} ${orderBy} limit ${bound})
        select list_count.list_total, list_rows.*
        from (select count(*)::int as list_total from list_match) as list_count
        left join (select * from list_match where list_n > ${offset} and list_n <= ${offset + size}) as list_rows
          on true
        order by list_rows.list_n`,
    };
  }
  if (matchesFirst && offset + size <= bound) {
    // A keyword search collects every match before sorting anyway: the matches, in order up to the count limit + 1,
    // are one materialized CTE whose size is the bounded count and whose rows numbered offset + 1 … offset + size
    // are the page's ids — one trigram scan of the site's matches instead of one for the page and one for the count.
    return {
      page: sql`with list_match as materialized (
          select list_m.list_id,
            row_number() over (order by list_m.sort_key ${direction}, list_m.list_id ${direction}) as list_n
          from (select ${definition.idColumn} as list_id, ${sortKey} as sort_key ${sortFromWhere} offset 0) as list_m
          order by list_m.sort_key ${direction}, list_m.list_id ${direction} limit ${bound}),
        list_page as (select list_id, list_n from list_match where list_n > ${offset} and list_n <= ${offset + size})
        select list_count.list_total, list_rows.*
        from (select count(*)::int as list_total from list_match) as list_count
        left join (${select}, list_page.list_n as list_n from ${source}
          join list_page on list_page.list_id = ${definition.idColumn}) as list_rows on true
        order by list_rows.list_n`,
    };
  }
  const count =
    definition.countStatement?.(scope, criteria, bound) ??
    sql`select count(*)::int as n from (select 1 ${keyFromWhere} limit ${bound}) as bounded`;
  if (definition.pageRows) {
    // Whole rows in order, stopped at the page: for rows that cannot be found again by their key cheaply.
    return { page: sql`${select} ${fromWhere} ${orderBy} limit ${size} offset ${offset}`, count };
  }
  // Deferred join: the page's ids are found first by a statement that carries only what filters and the sort key
  // need (unused LEFT JOIN lookups are dropped by the planner), then only those rows are joined to their lookups and
  // their costly columns computed. `id = any(array(…))`: the ids are an InitPlan computed first, then fetched by
  // primary key; `id in (…)` or a join to them lets the planner hash-join the lookups for every row of the table.
  // A selective search (a keyword: matchesFirst) collects its matches by their own index first — `offset 0` keeps
  // the planner from walking a sort index instead and testing every row it passes — then sorts only them.
  const pageIds = matchesFirst
    ? sql`select list_m.id from (select ${definition.idColumn} as id, ${sortKey} as sort_key ${sortFromWhere}
        offset 0) as list_m
        order by list_m.sort_key ${direction}, list_m.id ${direction} limit ${size} offset ${offset}`
    : sql`select ${definition.idColumn} ${sortFromWhere} ${orderBy} limit ${size} offset ${offset}`;
  return {
    page: sql`${select} from ${source} where ${definition.idColumn} = any(array(${pageIds})) ${orderBy}`,
    count,
  };
}

/** PostgreSQL cancelled the statement at statement_timeout (57014). */
function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null); ) {
    if ((e as { code?: unknown }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
    if (e === undefined) break;
  }
  return false;
}

/**
 * A search the database cancelled for running past the statement timeout is a search too wide for this database,
 * not an outage: the person is told to narrow it (422, in their language) rather than answered "unavailable".
 * Lists do not rely on the timeout (every sort is an index walk, decision 039); the heavy lane's reports may reach it.
 */
async function orNarrowCriteria<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isStatementTimeout(error)) throw new HttpError(422, 'errors.narrowCriteria');
    throw error;
  }
}

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
  if (!queries.count) {
    const rows = await orNarrowCriteria(
      searchRows<Row & { list_total: unknown; list_n: unknown }>(db, queries.page, options.lane),
    );
    const total = Number(rows[0]?.list_total ?? 0);
    return {
      items: rows
        .filter((row) => row.list_n !== null && row.list_n !== undefined)
        .map((row) => definition.toItem(row, language)),
      totalSize: Math.min(total, countLimit),
      totalIsLowerBound: total > countLimit,
    };
  }
  const [rows, counted] = await orNarrowCriteria(
    Promise.all([
      searchRows<Row>(db, queries.page, options.lane),
      searchRows<{ n: number | string }>(db, queries.count, options.lane),
    ]),
  );
  const total = Number(counted[0]?.n ?? 0);
  return {
    items: rows.map((row) => definition.toItem(row, language)),
    totalSize: Math.min(total, countLimit),
    totalIsLowerBound: total > countLimit,
  };
}
