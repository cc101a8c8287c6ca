import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import type { TeamScope } from '../../../../db/team-scope.js';
import { openDemoDatabase, rowsOf } from '../../../../testing/demo-database.js';
import { subtreeOf } from '../../../../testing/producer-fixtures.js';
import { cents, divRound, scaled } from '../../testing/decimals.js';
import { reportItems, scopeOf } from '../../testing/report-rows.js';
import { policyAbBvServerReport as report13 } from './definition.js';

/*
 * Report 13 (policy AB BV). Lines are recomputed from plain rows (application, plan, basic item, factors) in
 * JavaScript; figures are checked the way a reader with a calculator would: AB = basic premium × premiums a year,
 * BV = AB × the printed factor to the cent. Report 14's test checks its totals against these lines.
 */

type Fact = {
  application_id: string;
  producer_id: string;
  action_type: string;
  category: string;
  status_code: string;
  received: string;
  sent: string | null;
  commenced: string | null;
  currency: string;
  modal_premium: string | null;
  payment_frequency: string | null;
  basic_premium: string | null;
  product_id: string;
};
type Factor = { product_id: string; effective_from: string; effective_to: string | null; factor: string };
type Line = {
  applicationId: number;
  applicationDate: string;
  commenceDate: string | null;
  currency: string;
  basePremium: string;
  paymentsPerYear: number;
  ab: string;
  bvFactor: string | null;
  bv: string | null;
  consultant: string;
};

const PER_YEAR: Record<string, number> = { M: 12, Q: 4, H: 2, A: 1 };
let db: Db;
let close: () => Promise<void>;
let facts: Fact[];
let factors: Factor[];
let partner: TeamScope;
let team: Set<string>;

type Criteria = {
  dateType?: 'APPL' | 'APPLSENT' | 'POLICY';
  dateFrom: string;
  dateTo: string;
  excludeStatus?: string[];
  status?: string;
  productType?: string;
};

function expectedIds(criteria: Criteria, producers: Set<string>): Set<number> {
  const dateOf = (f: Fact) =>
    criteria.dateType === 'APPLSENT' ? f.sent : criteria.dateType === 'POLICY' ? f.commenced : f.received;
  return new Set(
    facts
      .filter((f) => {
        const date = dateOf(f);
        return (
          producers.has(f.producer_id) &&
          ['NB', 'TI'].includes(f.action_type) &&
          f.category !== 'IR' &&
          f.modal_premium !== null &&
          PER_YEAR[f.payment_frequency ?? ''] !== undefined &&
          date !== null &&
          date >= criteria.dateFrom &&
          date <= criteria.dateTo &&
          !(criteria.excludeStatus ?? []).includes(f.status_code) &&
          (!criteria.status || f.status_code === criteria.status) &&
          (!criteria.productType || f.category === criteria.productType)
        );
      })
      .map((f) => Number(f.application_id)),
  );
}

const lines = (scope: TeamScope, criteria: Criteria) => reportItems<Line>(db, report13, scope, criteria);
const ids = (items: Line[]) => new Set(items.map((l) => l.applicationId));

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  facts = await rowsOf<Fact>(
    db,
    sql`select a.id::text as application_id, a.producer_id::text as producer_id, a.action_type, a.category,
      p.status_code, a.received_date::text as received, a.sent_date::text as sent, a.commence_date::text as commenced,
      p.currency, p.modal_premium::text as modal_premium, p.payment_frequency, p.product_id::text as product_id,
      (select i.modal_premium::text from policy_items i where i.policy_id = p.id and i.policy_type = 'BASIC') as basic_premium
      from applications a join policies p on p.id = a.policy_id`,
  );
  factors = await rowsOf<Factor>(
    db,
    sql`select product_id::text as product_id, effective_from::text as effective_from, effective_to::text as effective_to, factor::text as factor from bv_factors`,
  );
  partner = await scopeOf(db, 'A1001');
  team = new Set((await subtreeOf(db, partner.producerId)).map(String));
});
afterAll(() => close());

describe('report 13, policy AB BV', () => {
  const wide: Criteria = { dateFrom: '2000-01-01', dateTo: '2099-12-31' };

  it('lists the team plans written in the period of each date basis, both ends inclusive', async () => {
    for (const dateType of ['APPL', 'APPLSENT', 'POLICY'] as const) {
      const criteria = { dateType, dateFrom: '2021-01-01', dateTo: '2025-06-30' };
      const got = ids(await lines(partner, criteria));
      expect(got, dateType).toEqual(expectedIds(criteria, team));
      expect(got.size, dateType).toBeGreaterThan(5);
    }
    // A one-day period on a line's own date finds it (inclusive ends).
    const any = facts.find((f) => expectedIds(wide, team).has(Number(f.application_id))) as Fact;
    const oneDay = { dateFrom: any.received, dateTo: any.received };
    expect(ids(await lines(partner, oneDay))).toEqual(expectedIds(oneDay, team));
    expect(ids(await lines(partner, oneDay)).has(Number(any.application_id))).toBe(true);
    // The date bases differ: the day a plan commenced holds it for POLICY, not for APPL (received weeks before).
    const day = any.commenced as string;
    const byPolicy = ids(await lines(partner, { dateType: 'POLICY', dateFrom: day, dateTo: day }));
    const byAppl = ids(await lines(partner, { dateType: 'APPL', dateFrom: day, dateTo: day }));
    expect(byPolicy.has(Number(any.application_id))).toBe(true);
    expect(byAppl.has(Number(any.application_id))).toBe(false);
  });

  it('filters by status, excluded statuses and product type', async () => {
    const all = expectedIds(wide, team);
    for (const criteria of [
      { ...wide, status: 'INF' },
      { ...wide, excludeStatus: ['LAP', 'SUR'] },
      { ...wide, productType: 'IL' },
      { ...wide, productType: 'GI', excludeStatus: ['CAN'] },
    ]) {
      const got = ids(await lines(partner, criteria));
      const expected = expectedIds(criteria, team);
      expect(got, JSON.stringify(criteria)).toEqual(expected);
      expect(expected.size).toBeGreaterThan(0);
      expect(expected.size).toBeLessThan(all.size);
    }
  });

  it('prints AB = basic premium × premiums a year and BV = AB × factor, reproducible to the cent', async () => {
    const items = await lines(partner, wide);
    const byId = new Map(facts.map((f) => [Number(f.application_id), f]));
    for (const line of items) {
      const fact = byId.get(line.applicationId) as Fact;
      // The basic plan's premium (riders excluded) where the plan has items, else the plan's premium.
      expect(line.basePremium).toBe(fact.basic_premium ?? fact.modal_premium);
      expect(line.paymentsPerYear).toBe(PER_YEAR[fact.payment_frequency ?? '']);
      expect(cents(line.ab)).toBe(cents(line.basePremium) * BigInt(line.paymentsPerYear));
      const inForce = factors.find(
        (f) =>
          f.product_id === fact.product_id &&
          f.effective_from <= fact.received &&
          (f.effective_to === null || fact.received <= f.effective_to),
      );
      expect(line.bvFactor).toBe(inForce?.factor ?? null);
      expect(line.bvFactor).toMatch(/^\d+\.\d{4}$/);
      expect(cents(line.bv as string)).toBe(
        divRound(cents(line.ab) * scaled(line.bvFactor as string, 4), 10_000n),
      );
    }
    // Plans with riders exist among the lines, so "basic premium" is not just the plan's premium.
    expect(
      items.some((l) => cents(l.basePremium) < cents(byId.get(l.applicationId)?.modal_premium ?? '0')),
    ).toBe(true);
    // The factor revision of 2025-01-01 is applied by application date.
    expect(new Set(items.map((l) => l.applicationDate >= '2025-01-01')).size).toBe(2);
  });

  it('keeps to the scope', async () => {
    const alone = await scopeOf(db, 'A1001', { includedTeam: false });
    const sub = await scopeOf(db, 'A1001', { selected: 'A1004' });
    const other = await scopeOf(db, 'A2001');
    expect(ids(await lines(alone, wide))).toEqual(expectedIds(wide, new Set([String(alone.producerId)])));
    const subTeam = new Set((await subtreeOf(db, sub.producerId)).map(String));
    expect(ids(await lines(sub, wide))).toEqual(expectedIds(wide, subTeam));
    const otherIds = ids(await lines(other, wide));
    expect(otherIds.size).toBeGreaterThan(0);
    expect([...otherIds].some((id) => expectedIds(wide, team).has(id))).toBe(false);
  });
});
