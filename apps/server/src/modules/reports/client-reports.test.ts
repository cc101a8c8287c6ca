import { reportDefaults, reportToday } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { TeamScope } from '../../db/team-scope.js';
import { convertAtRate, sumAmounts, unitsValue } from '../../render/decimal.js';
import { openTestDatabase } from '../../testing/test-app.js';
import { birthdayServerReport, upcomingBirthday } from './report-6-birthday.js';
import { missingPremiumServerReport } from './report-7-missing-premium.js';
import { clientPortfolioServerReport } from './report-9-client-portfolio.js';
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
 * Reports 6, 7 and 9 run on the demo data as the routes run them (scope, criteria parsed by the contract), each
 * filter's rows recomputed from the stored facts by plain queries, not by the reports' SQL.
 */

let db: Db;
let close: () => Promise<void>;
let partner: TeamScope;
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
  consultant = await scopeOf(db, 'A1004');
  plans = await planFacts(db);
});
afterAll(() => close());

const TERMINATED = ['CAN', 'COF', 'LAP', 'SUR', 'TOT'];
const birthday = birthdayServerReport as unknown as ServerReportDefinition;
const premium = missingPremiumServerReport as unknown as ServerReportDefinition;
const portfolio = clientPortfolioServerReport as unknown as ServerReportDefinition;

describe('type 6, birthday', () => {
  type Row = {
    clientId: number;
    birthDay: number;
    dateOfBirth: string;
    clientName: string;
    birthday: string;
  };
  let births: Map<number, string>;
  beforeAll(async () => {
    const rows = await rowsOf<{ id: unknown; birth: string }>(
      db,
      sql`select id, birth_date::text as birth from clients where birth_date is not null`,
    );
    births = new Map(rows.map((r) => [Number(r.id), r.birth]));
  });

  async function expected(scope: TeamScope, month: number, excluded: string[] = []) {
    const team = await producersIn(db, scope);
    const owners = new Set(
      plans
        .filter((p) => team.has(p.producerId) && !excluded.includes(p.statusCode))
        .map((p) => p.ownerClientId),
    );
    return sorted([...owners].filter((id) => Number(births.get(id)?.slice(5, 7)) === month).map((id) => id));
  }

  it('lists the owners of the scope born in the month, every month, for the partner and the consultant', async () => {
    for (let month = 1; month <= 12; month++) {
      for (const scope of [partner, consultant]) {
        const rows = await reportRows<Row>(db, birthday, scope, { month });
        const want = await expected(scope, month);
        expect(sorted(rows.map((r) => r.clientId)), `month ${month}`).toEqual(want);
        expect(want.length, `month ${month} has birthdays`).toBeGreaterThan(0);
      }
    }
  });

  it('opens on next month, and the consultant sees rows there', async () => {
    const { month } = reportDefaults(6, reportToday(new Date()));
    expect(month).toBeDefined();
    const rows = await reportRows<Row>(db, birthday, consultant, { month });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r.dateOfBirth.slice(5, 7)) === month)).toBe(true);
  });

  it('leaves out clients whose only plans have an excluded status', async () => {
    let changed = 0;
    for (let month = 1; month <= 12; month++) {
      const all = await reportRows<Row>(db, birthday, partner, { month });
      const live = await reportRows<Row>(db, birthday, partner, { month, excludeStatus: TERMINATED });
      expect(sorted(live.map((r) => r.clientId))).toEqual(await expected(partner, month, TERMINATED));
      if (live.length < all.length) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });

  it("keeps to the team: the consultant's rows are the partner's rows of the consultant's team", async () => {
    const own = await scopeOf(db, 'A1004', { includedTeam: false });
    for (const month of [2, 6, 11]) {
      const mine = await reportRows<Row>(db, birthday, own, { month });
      const team = await reportRows<Row>(db, birthday, consultant, { month });
      const all = await reportRows<Row>(db, birthday, partner, { month });
      expect(sorted(mine.map((r) => r.clientId))).toEqual(await expected(own, month));
      const teamIds = new Set(team.map((r) => r.clientId));
      expect(mine.every((r) => teamIds.has(r.clientId))).toBe(true);
      const allIds = new Set(all.map((r) => r.clientId));
      expect(team.every((r) => allIds.has(r.clientId))).toBe(true);
    }
    const other = await scopeOf(db, 'A2001');
    const theirs = new Set((await reportRows<Row>(db, birthday, other, { month: 3 })).map((r) => r.clientId));
    const ours = await reportRows<Row>(db, birthday, partner, { month: 3 });
    expect(ours.some((r) => theirs.has(r.clientId))).toBe(false);
  });

  it('lists a 29 February birthday in February, on the 29th, dated 28 February in a common year', async () => {
    const rows = await reportRows<Row>(db, birthday, consultant, { month: 2 });
    const leap = rows.find((r) => r.dateOfBirth.endsWith('-02-29'));
    expect(leap?.birthDay).toBe(29);
    // The day sorts after the 28th.
    expect(rows.at(-1)?.birthDay).toBe(29);
    expect(
      (await reportRows<Row>(db, birthday, consultant, { month: 3 })).some(
        (r) => r.clientId === leap?.clientId,
      ),
    ).toBe(false);
    expect(upcomingBirthday('1992-02-29', { year: 2027, month: 1 })).toEqual({
      birthday: '2027-02-28',
      age: 35,
    });
    expect(upcomingBirthday('1992-02-29', { year: 2028, month: 2 })).toEqual({
      birthday: '2028-02-29',
      age: 36,
    });
    // Past this year's February: the next February (2029, a common year).
    expect(upcomingBirthday('1992-02-29', { year: 2028, month: 3 })).toEqual({
      birthday: '2029-02-28',
      age: 37,
    });
    // December's report of January birthdays is about next January.
    expect(upcomingBirthday('1980-01-15', { year: 2026, month: 12 })).toEqual({
      birthday: '2027-01-15',
      age: 47,
    });
    expect(upcomingBirthday('1980-12-31', { year: 2026, month: 12 })).toEqual({
      birthday: '2026-12-31',
      age: 46,
    });
  });

  it('sorts by day of month by default, and by the other sort fields both ways', async () => {
    const rows = await reportRows<Row>(db, birthday, partner, { month: 5 });
    const days = rows.map((r) => r.birthDay);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(rows.every((r) => r.birthDay === Number(r.dateOfBirth.slice(8, 10)))).toBe(true);
    const byName = await reportRows<Row>(db, birthday, partner, {
      month: 5,
      sortField: 'clientName',
      sortOrder: 'desc',
    });
    const names = byName.map((r) => r.clientName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(await pagedRows(db, birthday, partner, { month: 5, sortField: 'dateOfBirth' })).toEqual({
      items: await reportRows(db, birthday, partner, { month: 5, sortField: 'dateOfBirth' }),
      totalSize: rows.length,
    });
  });
});

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

describe('type 9, client portfolio', () => {
  type Row = {
    policyId: number;
    clientName: string;
    planValue: string | null;
    valuationDate: string | null;
    valuationCurrency: string;
  };
  const ids = (rows: Row[]) => sorted(rows.map((r) => r.policyId));
  async function expected(scope: TeamScope, keep: (p: PlanFact) => boolean) {
    const team = await producersIn(db, scope);
    return sorted(plans.filter((p) => team.has(p.producerId) && keep(p)).map((p) => p.id));
  }

  it('lists every plan of the scope, and each filter narrows it as asked', async () => {
    for (const scope of [partner, consultant]) {
      expect(ids(await reportRows<Row>(db, portfolio, scope))).toEqual(await expected(scope, () => true));
    }
    const cases: [Record<string, unknown>, (p: PlanFact) => boolean][] = [
      [{ productType: 'FD' }, (p) => p.category === 'FD'],
      [{ type: 'D' }, (p) => p.serviceType === 'D'],
      [{ excludeStatus: 'LAP,SUR' }, (p) => !['LAP', 'SUR'].includes(p.statusCode)],
      [
        { productType: 'FD', type: 'N', excludeStatus: ['TOT'] },
        (p) => p.category === 'FD' && p.serviceType === 'N' && p.statusCode !== 'TOT',
      ],
    ];
    const everything = (await reportRows<Row>(db, portfolio, partner)).length;
    for (const [input, keep] of cases) {
      const rows = await reportRows<Row>(db, portfolio, partner, input);
      expect(ids(rows), JSON.stringify(input)).toEqual(await expected(partner, keep));
      expect(rows.length, JSON.stringify(input)).toBeGreaterThan(0);
      expect(rows.length, JSON.stringify(input)).toBeLessThan(everything);
    }
    // COD is no exclude option (spec 1 §9): the contract refuses it rather than ignoring it.
    expect(() => portfolio.contract.criteria.parse({ reportType: 9, excludeStatus: ['COD'] })).toThrow();
  });

  it('values a plan as the client area does: holdings summed (each units × price at the printed rate), else the latest policy values', async () => {
    const rows = await reportRows<Row>(db, portfolio, partner);
    const holdings = await rowsOf<Record<string, string>>(
      db,
      sql`select policy_id::text as policy_id, holding_type, unit_held::text as units, price::text as price,
        value::text as value, exchange_rate::text as rate, valuation_value::text as valuation, value_on::text as value_on
        from holdings`,
    );
    const life = await rowsOf<Record<string, string>>(
      db,
      sql`select distinct on (policy_id) policy_id::text as policy_id, total_policy_value::text as value,
        value_date::text as value_on, currency from policy_values order by policy_id, value_date desc`,
    );
    let invested = 0;
    let insured = 0;
    for (const row of rows) {
      const lines = holdings.filter((h) => Number(h.policy_id) === row.policyId);
      const values = life.find((v) => Number(v.policy_id) === row.policyId);
      if (lines.length > 0) {
        invested++;
        for (const line of lines) {
          if (line.holding_type === 'fund')
            expect(unitsValue(line.units ?? '', line.price ?? '')).toBe(line.value);
          expect(convertAtRate(line.value ?? '', line.rate ?? '')).toBe(line.valuation);
        }
        expect(row.planValue).toBe(sumAmounts(lines.map((l) => l.valuation)));
        expect(row.valuationDate).toBe(sorted(lines.map((l) => l.value_on)).at(-1));
      } else if (values) {
        insured++;
        expect([row.planValue, row.valuationDate, row.valuationCurrency]).toEqual([
          values.value,
          values.value_on,
          values.currency,
        ]);
      } else {
        expect([row.planValue, row.valuationDate]).toEqual([null, null]);
      }
    }
    expect(invested).toBeGreaterThan(0);
    expect(insured).toBeGreaterThan(0);
  });

  it('sorts client by client by default, and pages as it exports', async () => {
    const rows = await reportRows<Row>(db, portfolio, consultant);
    const names = rows.map((r) => r.clientName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const paged = await pagedRows(db, portfolio, consultant, { sortField: 'policyNo', sortOrder: 'desc' });
    expect(paged.items).toEqual(
      await reportRows(db, portfolio, consultant, { sortField: 'policyNo', sortOrder: 'desc' }),
    );
  });
});
