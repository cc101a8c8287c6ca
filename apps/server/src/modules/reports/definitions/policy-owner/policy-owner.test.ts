import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import type { TeamScope } from '../../../../db/team-scope.js';
import { openDemoDatabase, rowsOf } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import { expectedPlans, PLAN_FILTER_CASES, type PlanFact, planFacts } from '../../testing/plan-facts.js';
import { pagedRows, reportRows, scopeOf, sorted } from '../../testing/report-rows.js';
import { policyOwnerServerReport } from './definition.js';

/*
 * Report 12 (policy owner) lists each owner of the plans the plan-report filters select (recomputed from the stored
 * facts, testing/plan-facts.ts) once, with those plans.
 */

let db: Db;
let close: () => Promise<void>;
let partner: TeamScope;
let consultant: TeamScope;
let plans: PlanFact[];

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  partner = await scopeOf(db, 'A1001');
  consultant = await scopeOf(db, 'A1004');
  plans = await planFacts(db);
});
afterAll(() => close());

const owners = policyOwnerServerReport as unknown as ServerReportDefinition;
type Input = Record<string, unknown>;

describe('type 12, policy owner', () => {
  type Row = { clientId: number; planCount: number; policyNos: string; ownerName: string; address: string };

  it("lists each owner of the summary's plans once, with the count and numbers of those plans", async () => {
    for (const input of [
      PLAN_FILTER_CASES[0],
      PLAN_FILTER_CASES[2],
      PLAN_FILTER_CASES[4],
      PLAN_FILTER_CASES[7],
      PLAN_FILTER_CASES[10],
    ] as Input[]) {
      const want = await expectedPlans(db, plans, consultant, input);
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
