import type { SiteCode } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { TeamScope } from '../../../db/team-scope.js';
import { producersIn, scopeOf } from './report-rows.js';

/*
 * The applications of a scope read plainly from the tables, for the tests of the application reports (2–5): their
 * expected rows are recomputed from these facts in TypeScript rather than by the reports' own SQL.
 */

export interface ApplicationFact {
  id: number;
  clientId: number;
  producerId: number;
  received: string;
  sent: string | null;
  commence: string | null;
  stage: number;
  category: string;
  action: string;
  currency: string;
  modalPremium: string | null;
  frequency: string | null;
  planStatus: string | null;
}

/** Every application of the given producers, with its plan's status. */
export async function applicationFacts(db: Db, producerIds: Set<number>): Promise<ApplicationFact[]> {
  const ids = [...producerIds];
  const result = (await db.execute(sql`select a.id, a.client_id as "clientId", a.producer_id as "producerId",
      a.received_date::text as received, a.sent_date::text as sent, a.commence_date::text as commence, a.stage,
      a.category, a.action_type as action, a.currency, a.modal_premium::text as "modalPremium",
      a.payment_frequency as frequency, p.status_code as "planStatus"
    from applications a left join policies p on p.id = a.policy_id
    where a.producer_id in (select unnest(${`{${ids.join(',')}}`}::bigint[]))`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows.map((r) => ({
    ...(r as unknown as ApplicationFact),
    id: Number(r.id),
    clientId: Number(r.clientId),
    producerId: Number(r.producerId),
    stage: Number(r.stage),
  }));
}

/** The status an application shows, written again from its definition (docs/reports.md). */
export function statusOf(fact: ApplicationFact): string {
  if (fact.planStatus) return fact.planStatus;
  if (fact.stage <= 2) return 'RCV';
  if (fact.stage <= 5) return 'AIP';
  if (fact.stage <= 7) return 'ACT';
  return 'CAN';
}

export type DateBasis = 'APPL' | 'APPLSENT' | 'POLICY';

export function dateOf(fact: ApplicationFact, basis: DateBasis | undefined): string | null {
  if (basis === 'APPLSENT') return fact.sent;
  if (basis === 'POLICY') return fact.commence;
  return fact.received;
}

export interface FactFilter {
  dateType?: DateBasis;
  dateFrom?: string;
  dateTo?: string;
  excludeStatus?: string[];
  status?: string;
  productType?: string;
}

/** Whether an application passes report 3's filters. */
export function passes(fact: ApplicationFact, filter: FactFilter): boolean {
  const date = dateOf(fact, filter.dateType);
  if ((filter.dateFrom || filter.dateTo) && date === null) return false;
  if (filter.dateFrom && (date ?? '') < filter.dateFrom) return false;
  if (filter.dateTo && (date ?? '') > filter.dateTo) return false;
  const status = statusOf(fact);
  if (filter.excludeStatus?.includes(status)) return false;
  if (filter.status && status !== filter.status) return false;
  if (filter.productType && fact.category !== filter.productType) return false;
  return true;
}

/** The demo producers the application reports are checked for: a partner, a sub-partner, a consultant, other sites. */
const PRODUCERS: readonly (readonly [string, SiteCode])[] = [
  ['A1001', 'afs'],
  ['A1002', 'afs'],
  ['A1004', 'afs'],
  ['I1001', 'ipc'],
  ['B1001', 'absg'],
];

/** A producer's scope (with their team), the producers it covers, and their applications. */
export interface ScopedFacts {
  scope: TeamScope;
  producerIds: Set<number>;
  facts: ApplicationFact[];
}

/** The scoped facts of each of the demo producers above, by producer code. */
export async function applicationScopes(db: Db): Promise<Record<string, ScopedFacts>> {
  const scoped: Record<string, ScopedFacts> = {};
  for (const [code, site] of PRODUCERS) {
    const scope = await scopeOf(db, code, { site });
    const producerIds = await producersIn(db, scope);
    scoped[code] = { scope, producerIds, facts: await applicationFacts(db, producerIds) };
  }
  return scoped;
}

export const THIS_YEAR = { dateFrom: '2026-01-01', dateTo: '2026-06-30' };

/** Filter variants; each must select a different set of rows than no filter at all (each report's test checks). */
export const VARIANTS: FactFilter[] = [
  { dateType: 'APPL', ...THIS_YEAR },
  { dateType: 'APPLSENT', dateFrom: '2025-01-01', dateTo: '2026-06-30' },
  { dateType: 'POLICY', dateFrom: '2020-01-01', dateTo: '2022-12-31' },
  { dateFrom: '2024-01-01' },
  { excludeStatus: ['CAN', 'LAP', 'COF'] },
  { status: 'INF' },
  { status: 'AIP' },
  { productType: 'MPF' },
  { productType: 'IN', excludeStatus: ['LAP'], dateType: 'POLICY', dateFrom: '2015-01-01' },
];
