import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { TeamScope } from '../../db/team-scope.js';
import { unitsValue } from '../../render/decimal.js';
import { openTestDatabase } from '../../testing/test-app.js';
import { policySummaryServerReport } from './report-10-policy-summary.js';
import { policyItemDetailsServerReport } from './report-11-policy-item-details.js';
import { policyOwnerServerReport } from './report-12-policy-owner.js';
import {
  type PlanFact,
  pagedRows,
  planFacts,
  producersIn,
  reportRows,
  rowsOf,
  scopeOf,
  sorted,
} from './report-test-fixtures.js';
import type { ServerReportDefinition } from './server-report-registry.js';

/*
 * Reports 10–12 share their filters (date basis and period, excluded statuses, status, product type): each filter is
 * checked on the policy summary against plans recomputed from the stored facts, and items and owners are checked to
 * be exactly those of the summary's plans.
 */

let db: Db;
let close: () => Promise<void>;
let partner: TeamScope;
let subpartner: TeamScope;
let consultant: TeamScope;
let plans: PlanFact[];

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  close = async () => {
    await opened.database.close();
    await opened.drop();
  };
  partner = await scopeOf(db, 'A1001');
  subpartner = await scopeOf(db, 'A1002');
  consultant = await scopeOf(db, 'A1004');
  plans = await planFacts(db);
});
afterAll(() => close());

const summary = policySummaryServerReport as unknown as ServerReportDefinition;
const items = policyItemDetailsServerReport as unknown as ServerReportDefinition;
const owners = policyOwnerServerReport as unknown as ServerReportDefinition;

type Input = Record<string, unknown>;
const inRange = (date: string | null | undefined, from: string, to: string) =>
  !!date && date >= from && date <= to;

/** The plans a criteria set should list, recomputed from the facts. */
async function expectedPlans(scope: TeamScope, input: Input): Promise<PlanFact[]> {
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

const CASES: Input[] = [
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

describe('type 10, policy summary', () => {
  type Row = {
    policyId: number;
    policyNo: string;
    applicationDate: string | null;
    commenceDate: string | null;
  };

  it('lists the plans of the scope each filter asks for, on each date basis', async () => {
    const everything = await expectedPlans(partner, {});
    for (const input of CASES) {
      const rows = await reportRows<Row>(db, summary, partner, input);
      const want = await expectedPlans(partner, input);
      expect(sorted(rows.map((r) => r.policyId)), JSON.stringify(input)).toEqual(
        sorted(want.map((p) => p.id)),
      );
      expect(rows.length, JSON.stringify(input)).toBeGreaterThan(0);
      if (Object.keys(input).length > 0)
        expect(rows.length, JSON.stringify(input)).toBeLessThan(everything.length);
    }
  });

  it('reads different plans on each date basis for the same period', async () => {
    // A period ending the day one of the team's applications was received, days before it was sent.
    const team = await producersIn(db, partner);
    const edge = plans.find(
      (p) =>
        team.has(p.producerId) && p.receivedDates[0] && p.sentDates[0] && p.sentDates[0] > p.receivedDates[0],
    );
    const period = { dateFrom: '2012-01-01', dateTo: edge?.receivedDates[0] };
    expect(period.dateTo).toBeDefined();
    const bases = await Promise.all(
      ['APPL', 'APPLSENT', 'POLICY'].map(async (dateType) =>
        sorted((await reportRows<Row>(db, summary, partner, { ...period, dateType })).map((r) => r.policyId)),
      ),
    );
    expect(bases[0]).not.toEqual(bases[2]);
    expect(bases[0]).not.toEqual(bases[1]);
  });

  it('keeps to the team of the producer chosen', async () => {
    for (const scope of [subpartner, consultant, await scopeOf(db, 'A1001', { selected: 'A1004' })]) {
      const rows = await reportRows<Row>(db, summary, scope, {});
      expect(sorted(rows.map((r) => r.policyId))).toEqual(
        sorted((await expectedPlans(scope, {})).map((p) => p.id)),
      );
      expect(rows.length).toBeGreaterThan(0);
    }
    const own = await reportRows<Row>(db, summary, await scopeOf(db, 'A1004', { includedTeam: false }), {});
    const team = await reportRows<Row>(db, summary, consultant, {});
    expect(own.length).toBeLessThan(team.length);
  });

  it('shows the application received date and sorts by the sort fields', async () => {
    const rows = await reportRows<Row>(db, summary, partner, {});
    const numbers = rows.map((r) => r.policyNo);
    expect(numbers).toEqual([...numbers].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const row of rows) {
      const fact = plans.find((p) => p.id === row.policyId);
      expect(row.applicationDate).toBe(sorted(fact?.receivedDates ?? [])[0] ?? null);
    }
    const byCommence = await reportRows<Row>(db, summary, partner, {
      sortField: 'commenceDate',
      sortOrder: 'desc',
    });
    const dates = byCommence.map((r) => r.commenceDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await pagedRows(db, summary, partner, { sortField: 'ownerName' })).items).toEqual(
      await reportRows(db, summary, partner, { sortField: 'ownerName' }),
    );
  });
});

describe('type 11, policy item details', () => {
  type Row = {
    itemKey: string;
    policyId: number;
    policyNo: string;
    itemType: string;
    units: string | null;
    price: string | null;
    value: string | null;
    sumInsured: string | null;
  };

  it("lists exactly the coverage lines and funds of the summary's plans", async () => {
    const coverage = await rowsOf<{ policy_id: unknown }>(db, sql`select policy_id from policy_items`);
    const funds = await rowsOf<{ policy_id: unknown }>(
      db,
      sql`select policy_id from holdings where holding_type = 'fund'`,
    );
    const countPerPlan = new Map<number, number>();
    for (const r of [...coverage, ...funds]) {
      countPerPlan.set(Number(r.policy_id), (countPerPlan.get(Number(r.policy_id)) ?? 0) + 1);
    }
    for (const input of [CASES[0], CASES[1], CASES[4], CASES[9]] as Input[]) {
      const planIds = (await reportRows<{ policyId: number }>(db, summary, partner, input)).map(
        (r) => r.policyId,
      );
      const rows = await reportRows<Row>(db, items, partner, input);
      const want = planIds.reduce((n, id) => n + (countPerPlan.get(id) ?? 0), 0);
      expect(rows.length, JSON.stringify(input)).toBe(want);
      expect(new Set(rows.map((r) => r.itemKey)).size).toBe(rows.length);
      const plansListed = new Set(planIds);
      expect(rows.every((r) => plansListed.has(r.policyId))).toBe(true);
    }
  });

  it('shows basic plans, riders and funds, a fund worth its units × price, and keeps a plan’s rows together', async () => {
    const rows = await reportRows<Row>(db, items, partner, {});
    const types = new Set(rows.map((r) => r.itemType));
    expect(types).toEqual(new Set(['Basic plan', 'Rider', 'Fund']));
    for (const row of rows.filter((r) => r.itemType === 'Fund')) {
      expect(row.value).toBe(unitsValue(row.units ?? '', row.price ?? ''));
      expect(row.sumInsured).toBeNull();
    }
    const order = rows.map((r) => r.policyNo);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Within a plan: basic before riders before funds.
    const rank = { 'Basic plan': 1, Rider: 2, Fund: 3 } as Record<string, number>;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1] as Row, rows[i] as Row];
      if (a.policyNo === b.policyNo) expect(rank[a.itemType] ?? 0).toBeLessThanOrEqual(rank[b.itemType] ?? 0);
    }
    expect((await pagedRows(db, items, consultant, { sortField: 'itemName' })).items).toEqual(
      await reportRows(db, items, consultant, { sortField: 'itemName' }),
    );
  });
});

describe('type 12, policy owner', () => {
  type Row = { clientId: number; planCount: number; policyNos: string; ownerName: string; address: string };

  it("lists each owner of the summary's plans once, with the count and numbers of those plans", async () => {
    for (const input of [CASES[0], CASES[2], CASES[4], CASES[7], CASES[10]] as Input[]) {
      const want = await expectedPlans(consultant, input);
      const rows = await reportRows<Row>(db, owners, consultant, input);
      const byOwner = new Map<number, string[]>();
      for (const p of want) byOwner.set(p.ownerClientId, [...(byOwner.get(p.ownerClientId) ?? []), p.planNo]);
      expect(sorted(rows.map((r) => r.clientId)), JSON.stringify(input)).toEqual(sorted(byOwner.keys()));
      for (const row of rows) {
        const numbers = sorted(byOwner.get(row.clientId) ?? []);
        expect(row.planCount).toBe(numbers.length);
        expect(row.policyNos).toBe(numbers.join(', '));
      }
      expect(rows.length, JSON.stringify(input)).toBeGreaterThan(0);
    }
  });

  it('shows the correspondence address when given, else the residential one, and sorts by name or plan count', async () => {
    const stored = await rowsOf<{ id: unknown; res: string[]; corr: string[] }>(
      db,
      sql`select id, residential_address as res, correspondence_address as corr from clients`,
    );
    const rows = await reportRows<Row>(db, owners, partner, {});
    let correspondence = 0;
    for (const row of rows) {
      const client = stored.find((c) => Number(c.id) === row.clientId);
      const lines = client && client.corr.length > 0 ? client.corr : (client?.res ?? []);
      if (client && client.corr.length > 0) correspondence++;
      expect(row.address).toBe(lines.join(', '));
    }
    expect(correspondence).toBeGreaterThan(0);
    const names = rows.map((r) => r.ownerName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byCount = await reportRows<Row>(db, owners, partner, { sortField: 'planCount', sortOrder: 'desc' });
    const counts = byCount.map((r) => r.planCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts.at(-1) ?? 0);
    expect((await pagedRows(db, owners, partner, { sortField: 'planCount' })).items).toEqual(
      await reportRows(db, owners, partner, { sortField: 'planCount' }),
    );
  });
});
