import type { Language } from '@portal/contract';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TeamScope } from '../db/team-scope.js';

/** What runList needs from a contract list definition (`newBusinessList`, `clientList`… of @portal/contract). */
export interface ContractList {
  name: string;
  criteria: z.ZodType;
  item: z.ZodObject;
  sortFields: readonly [string, ...string[]];
  defaultSort: { field: string; order: 'asc' | 'desc' };
}

/** The paging and sorting criteria every list's schema carries (commonCriteriaShape). */
export interface ListPaging {
  page: number;
  sizePerPage: number;
  sortField?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

export type CriteriaOf<C extends ContractList> = z.output<C['criteria']> & ListPaging;
export type ItemOf<C extends ContractList> = z.output<C['item']>;
export type SortFieldOf<C extends ContractList> = C['sortFields'][number];

/** FROM with its joins, and the filters of one search (undefined entries are "no filter"). */
export interface ListSource {
  /** The list's own table and the joins its filters or row count need. */
  from: SQL;
  /**
   * LEFT JOINs (to primary keys along non-null foreign keys: no row gained or lost) of what the rows only show.
   * Left out of the count, and of the page's id statement unless the sort reads them: PostgreSQL drops an unused
   * left join but still reads its join column from the list's table, which rules out an index-only scan.
   */
  lookups?: SQL;
  where: (SQL | undefined)[];
  /**
   * The filters are selective and served by an index of their own (a keyword on the search document's trigram
   * index): the page collects the matches first, then sorts them, rather than walking a sort index and testing each
   * row against the keyword (decision 039).
   */
  matchesFirst?: boolean;
}

/**
 * A sort key: an expression, one built per language (a code sorted by the word the reader sees), or several keys
 * in turn (each in the sort's direction), which an index on those columns can serve where a row value cannot.
 */
export type SortExpression = SQL | PgColumn | ((language: Language) => SQL) | readonly (SQL | PgColumn)[];

/**
 * The server half of one list. The contract half (criteria, item, sort allowlist, columns) is shared with the web;
 * this half says where the rows come from. A new list or report is one contract definition plus one of these:
 * runList pages it, listExportQuery streams it, and both read the same SQL.
 */
export interface ServerListDefinition<
  C extends ContractList,
  Row extends Record<string, unknown>,
  /** Who is asking: a producer's team scope, or the caller of a list whose access was checked before (staff). */
  S = TeamScope,
> {
  contract: C;
  /**
   * The selected columns, one per row field (`expr as "field"`). Values come back as the driver gives them for raw
   * SQL, so columns cast what drivers disagree on (ids are bigint → strings on node-postgres; dates `::text`).
   */
  columns: { [K in keyof Row]: SQL | PgColumn };
  /** The scoped, filtered FROM/WHERE of one search. Access (the scope) is part of it, never optional. */
  source(scope: S, criteria: CriteriaOf<C>, language: Language): ListSource;
  /** The sort allowlist: every contract sortField has exactly one expression here, and nothing else can be sorted. */
  sortExpressions: Record<SortFieldOf<C>, SortExpression>;
  /** Sort fields whose expression reads only `from` (no lookup): their page ids are found without the lookups. */
  sortsWithoutLookups: readonly SortFieldOf<C>[];
  /**
   * The page statement selects whole rows in order (`true`) rather than ids joined to their lookups afterwards: for
   * rows that cannot be found again by their id cheaply (a lateral union, an aggregate).
   */
  pageRows?: boolean;
  /**
   * The page and its count come from one statement (an aggregate: its totals computed once for both; run-list.ts).
   */
  onePass?: boolean;
  /**
   * The bounded count as its own statement (one column `n`, at most `bound`), for a list whose rows are costly to
   * produce but whose number is stored (report 11 sums its plans' stored item counts). Without it the count is the
   * filtered FROM's rows, up to `bound`.
   */
  countStatement?(scope: S, criteria: CriteriaOf<C>, bound: number): SQL;
  /** Unique key appended to every ORDER BY in the sort's direction, so pages are stable and never overlap. */
  idColumn: SQL | PgColumn;
  /** One row → one item of the contract (also used by the export for each streamed row). */
  toItem(row: Row, language: Language): ItemOf<C>;
  /**
   * The export's cells of one item where they differ from the item: a code the screen words from its own catalog
   * (a record type, a status) is written as the words in the request's language, never as the code.
   */
  exportCells?(item: ItemOf<C>, language: Language): Partial<Record<string, unknown>>;
}

/** Identity helper that checks a server definition against its contract at the definition site. */
export function defineServerList<C extends ContractList, Row extends Record<string, unknown>, S = TeamScope>(
  definition: ServerListDefinition<C, Row, S>,
): ServerListDefinition<C, Row, S> {
  return definition;
}
