import type { Language } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { resolveTeamScope, type TeamScope } from '../../db/team-scope.js';
import { listExportQuery, runList } from '../../lists/index.js';
import type { CriteriaOf } from '../../lists/server-list.js';
import { producerIdOf, subtreeOf } from '../producer-lists/producer-lists-fixtures.js';
import type { ServerReportDefinition } from './server-report-registry.js';

/** A demo producer's scope, as the report routes resolve it (their own, or a team member's with `selected`). */
export async function scopeOf(
  db: Db,
  code: string,
  options: { includedTeam?: boolean; selected?: string } = {},
): Promise<TeamScope> {
  const producerId = await producerIdOf(db, code);
  const selectedProducerId = options.selected ? await producerIdOf(db, options.selected) : undefined;
  return resolveTeamScope(
    db,
    { userId: 0, producerId, siteCode: 'afs' },
    { includedTeam: options.includedTeam ?? true, selectedProducerId },
  );
}

/** The producer ids a scope covers, read from the closure table (not through producerFilter). */
export async function producersIn(db: Db, scope: TeamScope): Promise<Set<number>> {
  return new Set(scope.includedTeam ? await subtreeOf(db, scope.producerId) : [scope.producerId]);
}

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
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const items = result.rows.map((row) => definition.toItem(row, language) as Item);
  // Every item is an item of the contract.
  definition.contract.item.array().parse(items);
  return items;
}

/** Paging through the report (runList, 30 a page) gives the export's rows in the same order. */
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

export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Plans of the site as plain facts, to recompute what a report should list. */
export interface PlanFact {
  id: number;
  planNo: string;
  ownerClientId: number;
  producerId: number;
  statusCode: string;
  category: string;
  serviceType: string | null;
  commenceDate: string | null;
  receivedDates: string[];
  sentDates: string[];
}

export async function planFacts(db: Db): Promise<PlanFact[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select p.id, p.plan_no, p.owner_client_id, p.servicing_producer_id, p.status_code, p.category,
      p.service_type, p.commence_date::text as commence_date,
      coalesce((select array_agg(a.received_date::text) from applications a where a.policy_id = p.id), '{}') as received,
      coalesce((select array_agg(a.sent_date::text) from applications a where a.policy_id = p.id and a.sent_date is not null), '{}') as sent
    from policies p where p.site_code = 'afs'`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    planNo: String(r.plan_no),
    ownerClientId: Number(r.owner_client_id),
    producerId: Number(r.servicing_producer_id),
    statusCode: String(r.status_code),
    category: String(r.category),
    serviceType: (r.service_type as string | null) ?? null,
    commenceDate: (r.commence_date as string | null) ?? null,
    receivedDates: r.received as string[],
    sentDates: r.sent as string[],
  }));
}

export const sorted = <T>(values: Iterable<T>) => [...values].sort();
