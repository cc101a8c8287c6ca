import { agingBucket, daysInStage, hongKongToday, weekOf } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRows } from '../../db/search-statements.js';
import { rowsOf } from '../../testing/demo-database.js';
import type { ApiAgent } from '../../testing/http.js';
import { agentFor } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { type HeatRow, heatMapRows, heatMapStatement } from './home-statements.js';

let t: TestContext;
let partner1: ApiAgent;
let subpartnerId: number;

type Home = {
  pipeline: { stage: number; count: number; aging: Record<string, number>; overdue: number }[];
  overdueBySubPartner: { producerId: number; byStage: { stage: number; overdue: number }[] }[];
  overdueOthers: { producers: number; byStage: { stage: number; overdue: number }[] } | null;
  overdueRequirements: number;
  missingPremiums: number | null;
  lowerBounds: string[];
};

const home = async (agent: ApiAgent, query = '') => {
  const response = await agent.get(`/b2b/home${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Home;
};

/** The New Business list's totalSize for one stage in a scope: what a pipeline tile opens. */
async function listTotal(agent: ApiAgent, stage: number, scope: Record<string, unknown>) {
  await agent.me();
  const response = await agent.send('POST', '/b2b/new_business', {
    stage: 'select',
    stageOptions: [stage],
    page: 1,
    ...scope,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().totalSize as number;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-07-10T04:00:00Z');
  partner1 = await agentFor(t, 'partner', 'afs.localhost');
  const [row] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select id::int from producers where code = 'A1002'`,
  );
  subpartnerId = row?.id ?? 0;
});
afterAll(() => t.close());

describe('the producer home', () => {
  it.each([
    ['self', '?includedTeam=false', { includedTeam: false }],
    ['team', '', { includedTeam: true }],
    ['viewing as A1002 with their team', 'viewing', { includedTeam: true }],
  ])('pipeline counts equal the New Business totals (%s)', async (_label, query, scope) => {
    const viewing = query === 'viewing';
    const homeQuery = viewing ? `?selectedProducerId=${subpartnerId}` : query;
    const listScope = viewing ? { ...scope, selectedProducerId: subpartnerId } : scope;
    const answer = await home(partner1, homeQuery);
    expect(answer.pipeline.map((p) => p.stage)).toEqual([1, 2, 3, 4, 5, 6]);
    let total = 0;
    for (const row of answer.pipeline) {
      expect(row.count).toBe(await listTotal(partner1, row.stage, listScope));
      const aging = row.aging as { d0_7: number; d8_14: number; d15_30: number; over30: number };
      expect(aging.d0_7 + aging.d8_14 + aging.d15_30 + aging.over30).toBe(row.count);
      total += row.count;
    }
    expect(total).toBeGreaterThan(0);
    // Missing premiums: Service Records' open missing-premium follow-ups in the same scope.
    const records = await partner1.send('POST', '/b2b/service_records', {
      statusOptions: 'O',
      typeOptions: [6],
      page: 1,
      ...listScope,
    });
    expect(records.statusCode, records.body).toBe(200);
    expect(answer.missingPremiums).toBe(records.json().totalSize);
    if (scope.includedTeam && !viewing) expect(answer.missingPremiums).toBeGreaterThan(0);
    expect(answer.lowerBounds).toEqual([]);
  });

  it('leaves missing premiums out on a site without service records', async () => {
    const absg = await agentFor(t, 'absgProducer', 'absg.localhost');
    const answer = await home(absg);
    expect(answer.missingPremiums).toBeNull();
    expect(answer.pipeline.length).toBeGreaterThan(0);
  });

  it('lists the producer and each direct report in the heat map, their overdue cases adding up to the pipeline', async () => {
    const answer = await home(partner1);
    const ids = answer.overdueBySubPartner.map((r) => r.producerId);
    expect(ids).toContain(subpartnerId);
    for (const row of answer.pipeline) {
      const heat = [
        ...answer.overdueBySubPartner,
        ...(answer.overdueOthers ? [answer.overdueOthers] : []),
      ].reduce((sum, sub) => sum + (sub.byStage.find((s) => s.stage === row.stage)?.overdue ?? 0), 0);
      expect(heat).toBe(row.overdue);
    }
  });

  it('counts cooling-off ending this Hong Kong week as New Business filtered by it does', async () => {
    // Two of the team's delivered policies end their cooling-off this week (6–12 July), one the week after.
    const team = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select a.id::int from applications a join producer_tree pt on pt.descendant_id = a.producer_id
        join producers p on p.id = pt.ancestor_id where p.code = 'A1001' and a.stage = 7 order by a.id limit 3`,
    );
    expect(team).toHaveLength(3);
    const [first, second, third] = team.map((r) => r.id);
    await t.database.db.execute(sql`update applications set cooling_off_ends_on = case id
      when ${first} then '2026-07-06'::date when ${second} then '2026-07-12'::date else '2026-07-13'::date end
      where id in (${first}, ${second}, ${third})`);
    const answer = (await home(partner1)) as Home & {
      coolingOffEndingThisWeek: number;
      weekFrom: string;
      weekTo: string;
    };
    expect([answer.weekFrom, answer.weekTo]).toEqual(['2026-07-06', '2026-07-12']);
    await partner1.me();
    const list = await partner1.send('POST', '/b2b/new_business', {
      stage: 'all',
      coolingOffFrom: answer.weekFrom,
      coolingOffTo: answer.weekTo,
      page: 1,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(answer.coolingOffEndingThisWeek).toBe(list.json().totalSize);
    expect(answer.coolingOffEndingThisWeek).toBeGreaterThanOrEqual(2);
    const ids = (list.json().items as { caaId: number }[]).map((row) => row.caaId);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(ids).not.toContain(third);
    const reversed = await partner1.send('POST', '/b2b/new_business', {
      coolingOffFrom: '2026-07-12',
      coolingOffTo: '2026-07-06',
    });
    expect(reversed.statusCode).toBe(400);
  });

  it('counts the clients born this Hong Kong week as the owners the Clients list filtered by it shows', async () => {
    // A1002 alone (a scope no other test asks the home for: the figure is kept a few minutes per scope). Two owners of
    // their plans have a birthday this week (6–12 July), a third on the 13th.
    const owners = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select distinct p.owner_client_id::int as id from policies p
        where p.servicing_producer_id = ${subpartnerId} order by 1 limit 3`,
    );
    expect(owners).toHaveLength(3);
    const [first, second, third] = owners.map((r) => r.id);
    await t.database.db.execute(sql`update clients set birth_date = case id
      when ${first} then '1980-07-06'::date when ${second} then '1975-07-12'::date else '1990-07-13'::date end
      where id in (${first}, ${second}, ${third})`);
    const answer = (await home(
      partner1,
      `?selectedProducerId=${subpartnerId}&includedTeam=false`,
    )) as Home & {
      birthdaysThisWeek: number;
      weekFrom: string;
    };
    await partner1.me();
    const list = await partner1.send('POST', '/b2b/clients', {
      birthdayWeekOf: answer.weekFrom,
      selectedProducerId: subpartnerId,
      includedTeam: false,
      page: 1,
      pageSize: 30,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { totalSize: number; items: { clientId: number }[] };
    expect(body.items).toHaveLength(body.totalSize);
    const shownOwners = new Set(body.items.map((row) => row.clientId));
    expect(answer.birthdaysThisWeek).toBe(shownOwners.size);
    expect([...shownOwners]).toEqual(expect.arrayContaining([first, second]));
    expect(shownOwners.has(third as number)).toBe(false);
    // Any day of the week names the same week.
    const midweek = await partner1.send('POST', '/b2b/clients', {
      birthdayWeekOf: '2026/07/09',
      selectedProducerId: subpartnerId,
      includedTeam: false,
      page: 1,
      pageSize: 30,
    });
    expect(midweek.json().totalSize).toBe(body.totalSize);
    const invalid = await partner1.send('POST', '/b2b/clients', { birthdayWeekOf: '2026/02/30' });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 404 for a producer outside the caller’s team, and nothing for a client', async () => {
    const [other] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from producers where code = 'A2001'`,
    );
    expect((await partner1.get(`/b2b/home?selectedProducerId=${other?.id}`)).statusCode).toBe(404);
    const client = await agentFor(t, 'client', 'afs.localhost');
    expect((await client.get('/b2b/home')).statusCode).toBe(403);
  });
});

describe('aging in Hong Kong days', () => {
  it('counts a stage entered late on a Hong Kong evening from that day, and buckets at 7/8, 14/15 and 30/31', () => {
    // Entered 2026-07-01 in Hong Kong; 2026-07-08 15:59 UTC is still the 8th (23:59 HKT): 7 days.
    expect(daysInStage('2026-07-01', new Date('2026-07-08T15:59:00Z'))).toBe(7);
    // One minute later it is the 9th in Hong Kong (while still the 8th in UTC): 8 days.
    expect(daysInStage('2026-07-01', new Date('2026-07-08T16:00:00Z'))).toBe(8);
    expect([0, 7, 8, 14, 15, 30, 31].map(agingBucket)).toEqual([
      'd0_7',
      'd0_7',
      'd8_14',
      'd8_14',
      'd15_30',
      'd15_30',
      'over30',
    ]);
    expect(weekOf('2026-07-05')).toEqual({ from: '2026-06-29', to: '2026-07-05' });
    expect(weekOf('2026-07-06')).toEqual({ from: '2026-07-06', to: '2026-07-12' });
  });

  it('buckets the home’s rows on the Hong Kong day boundary, like the contract does', async () => {
    const [app] = await rowsOf<{ id: number; stage: number }>(
      t.database.db,
      sql`select a.id::int, a.stage from applications a join producers p on p.id = a.producer_id
        where p.code = 'A1001' and a.stage between 1 and 6 order by a.id limit 1`,
    );
    if (!app) throw new Error('partner1 has no application in progress');
    // Every other application of partner1 at its stage is put far back, this one entered at 23:30 HKT on 1 July.
    await t.database.db.execute(sql`update applications set stage_entered_at = '2020-01-01T00:00:00Z'
      where stage = ${app.stage} and producer_id = (select id from producers where code = 'A1001') and id <> ${app.id}`);
    await t.database.db.execute(
      sql`update applications set stage_entered_at = '2026-07-01T15:30:00Z' where id = ${app.id}`,
    );
    const bucketOf = async (now: string) => {
      t.clock.now = new Date(now);
      const agent = await agentFor(t, 'partner', 'afs.localhost');
      const answer = await home(agent, '?includedTeam=false');
      return answer.pipeline.find((p) => p.stage === app.stage)?.aging;
    };
    // 23:59 HKT on 8 July: 7 days, the first bucket; 00:00 HKT on 9 July: 8 days.
    expect((await bucketOf('2026-07-08T15:59:00Z'))?.d0_7).toBe(1);
    const next = await bucketOf('2026-07-08T16:00:00Z');
    expect(next?.d0_7).toBe(0);
    expect(next?.d8_14).toBe(1);

    // The team's figures (kept per stage and day, decision 063) bucket the same way as each row's own days in stage,
    // read on the database's own today (the kept days fold at 366 days from it) and the next day.
    const teamRows = await rowsOf<{ entered: string }>(
      t.database.db,
      sql`select to_char(a.stage_entered_at at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD') as entered
        from applications a join producer_tree pt on pt.descendant_id = a.producer_id
        join producers p on p.id = pt.ancestor_id where p.code = 'A1001' and a.stage = ${app.stage}`,
    );
    for (const now of [Date.now(), Date.now() + 86_400_000]) {
      t.clock.now = new Date(now);
      const expected = { d0_7: 0, d8_14: 0, d15_30: 0, over30: 0 };
      for (const row of teamRows) expected[agingBucket(daysInStage(row.entered, t.clock.now))] += 1;
      const agent = await agentFor(t, 'partner', 'afs.localhost');
      const answer = await home(agent);
      expect(answer.pipeline.find((p) => p.stage === app.stage)?.aging).toEqual(expected);
    }
  });
});

describe('the heat map of a large team', () => {
  it('names the producer and the reports with the most overdue cases, and sums the rest stage by stage', async () => {
    // partner1 (A1001) with room for one report only: the others are summed, as the twenty-first on is for a big team.
    const [partner] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from producers where code = 'A1001'`,
    );
    const producerId = partner?.id ?? 0;
    const today = hongKongToday(t.clock.now);
    const targets = new Map(
      (
        await rowsOf<{ stage: number; days: number }>(
          t.database.db,
          sql`select stage::int, target_days::int as days from stage_sla_targets where site_code = 'afs'`,
        )
      ).map((r) => [r.stage, r.days]),
    );
    const stages = [1, 2, 3, 4, 5, 6].filter((s) => targets.has(s));
    const scope = {
      caller: { userId: 0, producerId, siteCode: 'afs' as const },
      producerId,
      includedTeam: true,
      viewingOther: false,
    };
    const rows = await searchRows<HeatRow>(t.database.db, heatMapStatement(scope, stages, today, targets, 1));
    const { overdueBySubPartner, overdueOthers } = heatMapRows(rows, stages);

    // Each direct report's overdue cases, counted from the applications of their subtree.
    const counted = await rowsOf<{ id: number; name: string; stage: number; n: number }>(
      t.database.db,
      sql`select r.id::int, r.name, a.stage::int, count(a.id)::int as n
        from producers r join producer_tree tree on tree.ancestor_id = r.id
          join applications a on a.producer_id = tree.descendant_id and a.stage between 1 and 6
          join stage_sla_targets s on s.site_code = 'afs' and s.stage = a.stage
        where r.parent_id = ${producerId}
          and (a.stage_entered_at at time zone 'Asia/Hong_Kong')::date < ${today}::date - s.target_days
        group by 1, 2, 3`,
    );
    const reports = await rowsOf<{ id: number; name: string }>(
      t.database.db,
      sql`select id::int, name from producers where parent_id = ${producerId}`,
    );
    expect(reports.length).toBeGreaterThan(1);
    const totalOf = (id: number) => counted.filter((c) => c.id === id).reduce((sum, c) => sum + c.n, 0);
    const most = Math.max(...reports.map((r) => totalOf(r.id)));
    expect(most).toBeGreaterThan(0);

    expect(overdueBySubPartner.map((r) => r.producerId)[0]).toBe(producerId);
    expect(overdueBySubPartner).toHaveLength(2);
    const shown = overdueBySubPartner[1];
    expect(totalOf(shown?.producerId ?? 0)).toBe(most);
    for (const cell of shown?.byStage ?? [])
      expect(cell.overdue).toBe(
        counted.find((c) => c.id === shown?.producerId && c.stage === cell.stage)?.n ?? 0,
      );
    expect(overdueOthers?.producers).toBe(reports.length - 1);
    for (const stage of stages) {
      const others = counted
        .filter((c) => c.id !== shown?.producerId && c.stage === stage)
        .reduce((sum, c) => sum + c.n, 0);
      expect(overdueOthers?.byStage.find((c) => c.stage === stage)?.overdue).toBe(others);
    }
  });
});
