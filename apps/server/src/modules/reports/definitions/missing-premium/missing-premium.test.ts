import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import type { TeamScope } from '../../../../db/team-scope.js';
import { openDemoDatabase, rowsOf } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import { pagedRows, producersIn, reportRows, scopeOf, sorted } from '../../testing/report-rows.js';
import { missingPremiumServerReport } from './definition.js';

/*
 * Report 7 (missing premium) runs on the demo data as the routes run it (scope, criteria parsed by the contract),
 * each filter's rows recomputed from the stored follow-ups by plain queries, not by the report's SQL.
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

const premium = missingPremiumServerReport as unknown as ServerReportDefinition;

describe('type 7, missing premium', () => {
  type Row = {
    followupId: number;
    dueDate: string | null;
    createdDate: string;
    amountDue: string | null;
    type: string;
    policyNo: string;
  };
  type Fact = { id: number; typeId: number; producerId: number; date: string; category: string };
  let facts: Fact[];
  beforeAll(async () => {
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select id, type_id, producer_id, coalesce(due_date, created_date)::text as date, category
        from service_records where site_code = 'afs'`,
    );
    facts = rows.map((r) => ({
      id: Number(r.id),
      typeId: Number(r.type_id),
      producerId: Number(r.producer_id),
      date: String(r.date),
      category: String(r.category),
    }));
  });

  async function expected(scope: TeamScope, keep: (f: Fact) => boolean) {
    const team = await producersIn(db, scope);
    return sorted(facts.filter((f) => team.has(f.producerId) && keep(f)).map((f) => f.id));
  }
  const ids = (rows: Row[]) => sorted(rows.map((r) => r.followupId));

  it('lists both follow-up types unless one is asked for', async () => {
    for (const scope of [partner, consultant]) {
      const both = await reportRows<Row>(db, premium, scope);
      expect(ids(both)).toEqual(await expected(scope, (f) => f.typeId === 6 || f.typeId === 7));
      const missing = await reportRows<Row>(db, premium, scope, { followupType: 6 });
      expect(ids(missing)).toEqual(await expected(scope, (f) => f.typeId === 6));
      const renewal = await reportRows<Row>(db, premium, scope, { followupType: '7' });
      expect(ids(renewal)).toEqual(await expected(scope, (f) => f.typeId === 7));
      expect(missing.length).toBeGreaterThan(0);
      expect(renewal.length).toBeGreaterThan(0);
      expect(missing.length + renewal.length).toBe(both.length);
    }
  });

  it('reads the period on the due date, else the created date, and filters the product type', async () => {
    const all = await reportRows<Row>(db, premium, partner);
    const dates = sorted(all.map((r) => r.dueDate ?? r.createdDate));
    const from = dates[Math.floor(dates.length / 4)] as string;
    const to = dates[Math.floor((dates.length * 3) / 4)] as string;
    const period = await reportRows<Row>(db, premium, partner, {
      dateFrom: from.replaceAll('-', '/'),
      dateTo: to,
    });
    expect(ids(period)).toEqual(
      await expected(partner, (f) => (f.typeId === 6 || f.typeId === 7) && f.date >= from && f.date <= to),
    );
    expect(period.length).toBeGreaterThan(0);
    expect(period.length).toBeLessThan(all.length);
    const insurance = await reportRows<Row>(db, premium, partner, { productType: 'IN' });
    expect(ids(insurance)).toEqual(
      await expected(partner, (f) => (f.typeId === 6 || f.typeId === 7) && f.category === 'IN'),
    );
    expect(insurance.length).toBeGreaterThan(0);
  });

  it('carries the premium due: the plan’s modal premium, due on the plan’s schedule', async () => {
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select s.id, s.amount_due::text as amount, p.modal_premium::text as premium
        from service_records s join policies p on p.id = s.policy_id where s.type_id in (6, 7)`,
    );
    const withAmount = rows.filter((r) => r.amount !== null);
    expect(withAmount.length).toBeGreaterThan(0);
    expect(withAmount.every((r) => r.amount === r.premium)).toBe(true);
    const report = await reportRows<Row>(db, premium, partner);
    expect(report.some((r) => r.amountDue !== null && r.dueDate !== null)).toBe(true);
  });

  it('sorts newest follow-up date first by default, and by amount', async () => {
    const rows = await reportRows<Row>(db, premium, partner);
    const dates = rows.map((r) => r.dueDate ?? r.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const byAmount = await reportRows<Row>(db, premium, partner, {
      sortField: 'amountDue',
      sortOrder: 'asc',
    });
    const amounts = byAmount
      .map((r) => r.amountDue)
      .filter((a): a is string => a !== null)
      .map(Number);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect((await pagedRows(db, premium, partner, { sortField: 'policyNo' })).items).toEqual(
      await reportRows(db, premium, partner, { sortField: 'policyNo' }),
    );
  });
});
