import type { Language, SiteCode } from '@portal/contract';
import { expect } from 'vitest';
import type { Db } from '../../../db/client.js';
import { resolveTeamScope, type TeamScope } from '../../../db/team-scope.js';
import { type CriteriaOf, listExportQuery, runList } from '../../../lists/index.js';
import { rowsOf } from '../../../testing/demo-database.js';
import { producerIdOf, subtreeOf } from '../../../testing/producer-fixtures.js';
import type { ServerReportDefinition } from '../server-report-registry.js';

/*
 * What every report's test shares: a scope resolved exactly as the report routes resolve it (resolveTeamScope, the
 * same call listScope makes), and a report's rows read the two ways the routes read them — the export query and the
 * pages — so each test compares them with rows it recomputed from the tables itself.
 */

export const sorted = <T>(values: Iterable<T>) => [...values].sort();

/**
 * The scope of the demo producer `code` (on afs unless `site` says otherwise) looking at `selected` (default:
 * themself), with their team unless `includedTeam` is false — the routes' default.
 */
export async function scopeOf(
  db: Db,
  code: string,
  options: { selected?: string; includedTeam?: boolean; site?: SiteCode } = {},
): Promise<TeamScope> {
  const producerId = await producerIdOf(db, code);
  const selectedProducerId = options.selected ? await producerIdOf(db, options.selected) : undefined;
  return resolveTeamScope(
    db,
    { userId: 0, producerId, siteCode: options.site ?? 'afs' },
    { includedTeam: options.includedTeam ?? true, selectedProducerId },
  );
}

/** The producer ids a scope covers, read from the closure table (not through producerFilter). */
export async function producersIn(db: Db, scope: TeamScope): Promise<Set<number>> {
  return new Set(scope.includedTeam ? await subtreeOf(db, scope.producerId) : [scope.producerId]);
}

/** A report form read by the report's own criteria schema, as the routes read it. */
export function criteriaOf(
  definition: ServerReportDefinition,
  input: Record<string, unknown>,
): CriteriaOf<ServerReportDefinition['contract']> {
  return definition.contract.criteria.parse({
    reportType: definition.contract.type,
    ...input,
  }) as CriteriaOf<ServerReportDefinition['contract']>;
}

/** Every row of a report: the export query (what the Excel file lists), each row mapped to its item. */
export async function reportRows<Item = Record<string, unknown>>(
  db: Db,
  definition: ServerReportDefinition,
  scope: TeamScope,
  input: Record<string, unknown> = {},
  language: Language = 'en',
): Promise<Item[]> {
  const query = listExportQuery(definition, scope, criteriaOf(definition, input), language);
  const rows = await rowsOf<Record<string, unknown>>(db, query);
  const items = rows.map((row) => definition.toItem(row, language) as Item);
  // Every item is an item of the contract.
  definition.contract.item.array().parse(items);
  return items;
}

/** Paging through the report (runList, 30 a page): the items in page order and the count the pages gave. */
export async function pagedRows(
  db: Db,
  definition: ServerReportDefinition,
  scope: TeamScope,
  input: Record<string, unknown> = {},
): Promise<{ items: unknown[]; totalSize: number }> {
  const items: unknown[] = [];
  for (let page = 1; ; page++) {
    const result = await runList(
      db,
      definition,
      scope,
      criteriaOf(definition, { ...input, page, sizePerPage: 30 }),
      'en',
    );
    items.push(...result.items);
    if (result.items.length < 30) return { items, totalSize: result.totalSize };
  }
}

/** Every item of a report page by page (30 a page), checked equal to what its export query streams. */
export async function reportItems<T = Record<string, unknown>>(
  db: Db,
  definition: ServerReportDefinition,
  scope: TeamScope,
  input: Record<string, unknown>,
  language: Language = 'en',
): Promise<T[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; page < 500; page++) {
    const result = await runList(
      db,
      definition,
      scope,
      criteriaOf(definition, { ...input, page, sizePerPage: 30 }),
      language,
    );
    items.push(...(result.items as Record<string, unknown>[]));
    if (result.items.length < 30) {
      expect(items.length).toBe(result.totalSize);
      const exported = await rowsOf<Record<string, unknown>>(
        db,
        listExportQuery(definition, scope, criteriaOf(definition, input), language),
      );
      expect(exported.map((row) => definition.toItem(row, language))).toEqual(items);
      return items as T[];
    }
  }
  throw new Error('too many pages');
}

/** Every allowlisted sort field of a report runs in both orders, and fields off the list fail its schema. */
export async function expectOnlyAllowlistedSorts(
  db: Db,
  definition: ServerReportDefinition,
  scope: TeamScope,
): Promise<void> {
  const { contract } = definition;
  for (const sortField of contract.sortFields) {
    for (const sortOrder of ['asc', 'desc']) {
      const page = await runList(
        db,
        definition,
        scope,
        criteriaOf(definition, { sortField, sortOrder, sizePerPage: 10 }),
        'zh',
      );
      expect(page.items.length, `${contract.type} ${sortField}`).toBeGreaterThan(0);
    }
  }
  for (const sortField of ['toString', 'producerId', 'transferAmountx', 'annualizedPremium']) {
    if ((contract.sortFields as readonly string[]).includes(sortField)) continue;
    const parsed = contract.criteria.safeParse({ reportType: contract.type, sortField });
    expect(parsed.success, `${contract.type} ${sortField}`).toBe(false);
  }
}
