import { reportDefaults, reportToday } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import type { TeamScope } from '../../../../db/team-scope.js';
import { openDemoDatabase, rowsOf } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import { type PlanFact, planFacts } from '../../testing/plan-facts.js';
import { pagedRows, producersIn, reportRows, scopeOf, sorted } from '../../testing/report-rows.js';
import { birthdayServerReport, upcomingBirthday } from './definition.js';

/*
 * Report 6 (birthday) runs on the demo data as the routes run it (scope, criteria parsed by the contract), each
 * filter's rows recomputed from the stored facts by plain queries, not by the report's SQL.
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

const TERMINATED = ['CAN', 'COF', 'LAP', 'SUR', 'TOT'];
const birthday = birthdayServerReport as unknown as ServerReportDefinition;

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
