import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import type { TeamScope } from '../../../../db/team-scope.js';
import { openDemoDatabase } from '../../../../testing/demo-database.js';
import { subtreeOf } from '../../../../testing/producer-fixtures.js';
import { cents, sumCents } from '../../testing/decimals.js';
import { reportItems, scopeOf } from '../../testing/report-rows.js';
import { policyAbBvServerReport as report13 } from '../policy-ab-bv/definition.js';
import { personalAbBvServerReport as report14 } from './definition.js';

/*
 * Report 14 (personal AB BV): each total is the sum of report 13's lines of the same criteria (whose figures report
 * 13's test recomputes from the tables), one total per producer and currency.
 */

/** The fields of a report 13 line a total sums. */
type Line = { consultant: string; currency: string; ab: string; bv: string | null };
type Total = {
  producerId: number;
  consultant: string;
  currency: string;
  plans: number;
  totalAb: string;
  totalBv: string;
  plansWithoutFactor: number;
};
type Criteria = {
  dateType?: 'APPL' | 'APPLSENT' | 'POLICY';
  dateFrom: string;
  dateTo: string;
  excludeStatus?: string[];
  productType?: string;
};

let db: Db;
let close: () => Promise<void>;
let partner: TeamScope;
let team: Set<string>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  partner = await scopeOf(db, 'A1001');
  team = new Set((await subtreeOf(db, partner.producerId)).map(String));
});
afterAll(() => close());

const lines = (scope: TeamScope, criteria: Criteria) => reportItems<Line>(db, report13, scope, criteria);

describe('report 14, personal AB BV', () => {
  it('totals per producer and currency equal the sums of the report 13 lines of the same criteria', async () => {
    const criteriaList: Criteria[] = [
      { dateFrom: '2000-01-01', dateTo: '2099-12-31' },
      { dateType: 'POLICY', dateFrom: '2020-01-01', dateTo: '2024-12-31', excludeStatus: ['LAP'] },
      { dateType: 'APPLSENT', dateFrom: '2015-01-01', dateTo: '2026-12-31', productType: 'IN' },
    ];
    for (const criteria of criteriaList) {
      const detail = await lines(partner, criteria);
      const totals = await reportItems<Total>(db, report14, partner, criteria);
      const groups = new Map<string, Line[]>();
      for (const line of detail) {
        const key = `${line.consultant}/${line.currency}`;
        groups.set(key, [...(groups.get(key) ?? []), line]);
      }
      expect(totals.map((t) => `${t.consultant}/${t.currency}`).sort()).toEqual([...groups.keys()].sort());
      for (const total of totals) {
        const group = groups.get(`${total.consultant}/${total.currency}`) ?? [];
        expect(total.plans).toBe(group.length);
        expect(cents(total.totalAb)).toBe(sumCents(group.map((l) => l.ab)));
        expect(cents(total.totalBv)).toBe(sumCents(group.map((l) => l.bv ?? '0')));
        expect(total.plansWithoutFactor).toBe(group.filter((l) => l.bv === null).length);
      }
      expect(totals.length).toBeGreaterThan(1);
    }
  });

  it('never adds currencies together and keeps to the scope', async () => {
    const criteria = { dateFrom: '2000-01-01', dateTo: '2099-12-31' };
    const totals = await reportItems<Total>(db, report14, partner, criteria);
    const keys = totals.map((t) => `${t.producerId}/${t.currency}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(totals.map((t) => t.currency)).size).toBeGreaterThan(1);
    expect(totals.every((t) => team.has(String(t.producerId)))).toBe(true);
    const alone = await scopeOf(db, 'A1001', { includedTeam: false });
    const own = await reportItems<Total>(db, report14, alone, criteria);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((t) => t.producerId === alone.producerId)).toBe(true);
  });
});
