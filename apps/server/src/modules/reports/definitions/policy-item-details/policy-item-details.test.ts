import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import type { TeamScope } from '../../../../db/team-scope.js';
import { unitsValue } from '../../../../render/decimal.js';
import { openDemoDatabase, rowsOf } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import { PLAN_FILTER_CASES } from '../../testing/plan-facts.js';
import { pagedRows, reportRows, scopeOf } from '../../testing/report-rows.js';
import { policySummaryServerReport } from '../policy-summary/definition.js';
import { policyItemDetailsServerReport } from './definition.js';

/*
 * Report 11 (policy item details) lists the coverage lines and funds of exactly the plans the policy summary (10)
 * lists for the same criteria, whose filters its test checks.
 */

let db: Db;
let close: () => Promise<void>;
let partner: TeamScope;
let consultant: TeamScope;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  partner = await scopeOf(db, 'A1001');
  consultant = await scopeOf(db, 'A1004');
});
afterAll(() => close());

const summary = policySummaryServerReport as unknown as ServerReportDefinition;
const items = policyItemDetailsServerReport as unknown as ServerReportDefinition;
type Input = Record<string, unknown>;

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
    for (const input of [
      PLAN_FILTER_CASES[0],
      PLAN_FILTER_CASES[1],
      PLAN_FILTER_CASES[4],
      PLAN_FILTER_CASES[9],
    ] as Input[]) {
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
