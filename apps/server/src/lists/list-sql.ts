import type { Language } from '@portal/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TeamScope } from '../db/team-scope.js';
import type { ContractList, CriteriaOf, ServerListDefinition, SortExpression } from './server-list.js';

/** The parts of one search that the page, the count and the export share. */
export interface ListStatement {
  select: SQL;
  /** The list's FROM with its joins and lookups, without filters. */
  source: SQL;
  /** Filtered FROM with the lookups (the export's rows). */
  fromWhere: SQL;
  /** Filtered FROM without the lookups (the count). */
  keyFromWhere: SQL;
  /** Filtered FROM the page's id statement needs: without the lookups unless the sort reads them. */
  sortFromWhere: SQL;
  orderBy: SQL;
  /** The sort key alone, its direction, and whether the matches are collected before sorting (ListSource). */
  sortKey: SQL;
  direction: SQL;
  matchesFirst: boolean;
}

function sortKeys(expression: SortExpression, language: Language): SQL[] {
  if (typeof expression === 'function') return [expression(language)];
  if (Array.isArray(expression)) return expression.map((key) => sql`${key}`);
  return [sql`${expression as SQL}`];
}

const dialect = new PgDialect();
// biome-ignore lint/suspicious/noExplicitAny: keyed by any list's definition
const selectLists = new WeakMap<ServerListDefinition<any, any, any>, SQL>();

/**
 * A list's SELECT clause, written out to text once per definition: it is the same for every search, and rendering
 * its dozen column expressions again was a third of the time drizzle spent turning each search into SQL (~30 µs of
 * ~90). Kept as SQL when it carries parameters, which text alone would lose.
 */
function selectList<C extends ContractList, Row extends Record<string, unknown>, S>(
  definition: ServerListDefinition<C, Row, S>,
): SQL {
  const cached = selectLists.get(definition);
  if (cached) return cached;
  const columns = Object.entries(definition.columns).map(
    ([field, expression]) => sql`${expression} as ${sql.identifier(field)}`,
  );
  const select = sql`select ${sql.join(columns, sql`, `)}`;
  const rendered = dialect.sqlToQuery(select);
  const reusable = rendered.params.length === 0 ? sql.raw(rendered.sql) : select;
  selectLists.set(definition, reusable);
  return reusable;
}

/**
 * Builds the shared parts. The sort field was validated by the contract's enum, and is looked up in the server's
 * allowlist again here (own-property check), so no text from the request ever becomes SQL. Without a sortField the
 * list's default sort applies (a new search asks for no sort); a sortField without an order is ascending.
 */
export function listStatement<C extends ContractList, Row extends Record<string, unknown>, S = TeamScope>(
  definition: ServerListDefinition<C, Row, S>,
  scope: S,
  criteria: CriteriaOf<C>,
  language: Language,
): ListStatement {
  const source = definition.source(scope, criteria, language);
  const where = and(...source.where.filter((part): part is SQL => part !== undefined));

  const sortExpressions = definition.sortExpressions as Record<string, SortExpression>;
  const requested = criteria.sortField;
  const useRequested = requested !== undefined && Object.hasOwn(sortExpressions, requested);
  const field = useRequested ? requested : definition.contract.defaultSort.field;
  const order = useRequested ? (criteria.sortOrder ?? 'asc') : definition.contract.defaultSort.order;
  const expression = sortExpressions[field];
  if (!expression) throw new Error(`list ${definition.contract.name}: no sort expression for ${field}`);
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const keys = sortKeys(expression, language);
  const full = source.lookups ? sql`${source.from} ${source.lookups}` : source.from;
  const filtered = (from: SQL) => (where ? sql`from ${from} where ${where}` : sql`from ${from}`);
  const sortNeedsLookups = !(definition.sortsWithoutLookups as readonly string[]).includes(field);
  return {
    select: selectList(definition),
    source: full,
    fromWhere: filtered(full),
    keyFromWhere: filtered(source.from),
    sortFromWhere: filtered(sortNeedsLookups ? full : source.from),
    orderBy: sql`order by ${sql.join(
      [...keys, sql`${definition.idColumn}`].map((key) => sql`${key} ${direction}`),
      sql`, `,
    )}`,
    // Only single-key sorts collect matches first (the producer lists'); a compound key sorts in place.
    sortKey: keys[0] as SQL,
    direction,
    matchesFirst: source.matchesFirst === true && keys.length === 1,
  };
}

/**
 * The whole filtered, ordered search without paging: the SQL an export streams through a cursor in batches. Its
 * columns are the row fields of `definition.columns`; map each row with `definition.toItem`. Same text as the page
 * query minus LIMIT/OFFSET, so an export lists exactly what paging through the list shows, in the same order.
 */
export function listExportQuery<C extends ContractList, Row extends Record<string, unknown>, S = TeamScope>(
  definition: ServerListDefinition<C, Row, S>,
  scope: S,
  criteria: CriteriaOf<C>,
  language: Language,
): SQL {
  const { select, fromWhere, orderBy } = listStatement(definition, scope, criteria, language);
  return sql`${select} ${fromWhere} ${orderBy}`;
}
