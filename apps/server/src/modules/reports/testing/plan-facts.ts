import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { TeamScope } from '../../../db/team-scope.js';
import { rowsOf } from '../../../testing/demo-database.js';
import { producersIn } from './report-rows.js';

/*
 * The site's plans as plain facts, for the tests of the plan reports (10–12 share their filters; 6 and 9 read
 * plans too): what a criteria set should list is recomputed from these in TypeScript, not by the reports' SQL.
 */

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

type Input = Record<string, unknown>;
const inRange = (date: string | null | undefined, from: string, to: string) =>
  !!date && date >= from && date <= to;

/** The plans a plan report's criteria should list, recomputed from the facts. */
export async function expectedPlans(
  db: Db,
  plans: PlanFact[],
  scope: TeamScope,
  input: Input,
): Promise<PlanFact[]> {
  const team = await producersIn(db, scope);
  const from = (input.dateFrom as string | undefined) ?? '0000-00-00';
  const to = (input.dateTo as string | undefined) ?? '9999-99-99';
  const dated = input.dateFrom !== undefined || input.dateTo !== undefined;
  const excluded = (input.excludeStatus as string[] | undefined) ?? [];
  return plans.filter((p) => {
    if (!team.has(p.producerId)) return false;
    if (dated) {
      const basis = input.dateType ?? 'APPL';
      if (basis === 'POLICY' && !inRange(p.commenceDate, from, to)) return false;
      if (basis === 'APPL' && !p.receivedDates.some((d) => inRange(d, from, to))) return false;
      if (basis === 'APPLSENT' && !p.sentDates.some((d) => inRange(d, from, to))) return false;
    }
    if (excluded.includes(p.statusCode)) return false;
    if (input.status && p.statusCode !== input.status) return false;
    if (input.productType && p.category !== input.productType) return false;
    return true;
  });
}

/** Criteria sets covering each filter of the plan reports alone and together. */
export const PLAN_FILTER_CASES: Input[] = [
  {},
  { dateType: 'APPL', dateFrom: '2020-01-01', dateTo: '2023-12-31' },
  { dateFrom: '2020-01-01', dateTo: '2023-12-31' },
  { dateType: 'APPLSENT', dateFrom: '2020-01-01', dateTo: '2023-12-31' },
  { dateType: 'POLICY', dateFrom: '2020-01-01', dateTo: '2023-12-31' },
  { dateType: 'POLICY', dateFrom: '2024-01-01' },
  { dateType: 'APPL', dateTo: '2016-12-31' },
  { excludeStatus: ['LAP', 'SUR', 'CAN', 'COF', 'TOT'] },
  { status: 'INF' },
  { productType: 'IN' },
  {
    dateType: 'POLICY',
    dateFrom: '2015-01-01',
    dateTo: '2025-12-31',
    productType: 'IL',
    excludeStatus: ['LAP'],
  },
];
