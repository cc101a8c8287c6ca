import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import type { TeamScope } from '../../../../db/team-scope.js';
import { openDemoDatabase } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import { expectedPlans, PLAN_FILTER_CASES, type PlanFact, planFacts } from '../../testing/plan-facts.js';
import { pagedRows, producersIn, reportRows, scopeOf, sorted } from '../../testing/report-rows.js';
import { policySummaryServerReport } from './definition.js';

/*
 * Reports 10–12 share their filters (date basis and period, excluded statuses, status, product type): each filter is
 * checked here, on the policy summary, against plans recomputed from the stored facts (testing/plan-facts.ts); the
 * item and owner reports' tests check theirs are exactly those of the summary's plans.
 */

let db: Db;
let close: () => Promise<void>;
let partner: TeamScope;
let subpartner: TeamScope;
let consultant: TeamScope;
let plans: PlanFact[];

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  partner = await scopeOf(db, 'A1001');
  subpartner = await scopeOf(db, 'A1002');
  consultant = await scopeOf(db, 'A1004');
  plans = await planFacts(db);
});
afterAll(() => close());

const summary = policySummaryServerReport as unknown as ServerReportDefinition;

describe('type 10, policy summary', () => {
  type Row = {
    policyId: number;
    policyNo: string;
    applicationDate: string | null;
    commenceDate: string | null;
  };

  it('lists the plans of the scope each filter asks for, on each date basis', async () => {
    const everything = await expectedPlans(db, plans, partner, {});
    for (const input of PLAN_FILTER_CASES) {
      const rows = await reportRows<Row>(db, summary, partner, input);
      const want = await expectedPlans(db, plans, partner, input);
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
        sorted((await expectedPlans(db, plans, scope, {})).map((p) => p.id)),
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
