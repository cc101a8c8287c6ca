import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, rowsOf } from '../testing/demo-database.js';
import type { Db } from './client.js';

/*
 * team_stage_days (migration 0053, decision 063) is kept by triggers; whatever happens to applications and to the
 * team tree, it must equal a recount from scratch, row for row.
 */

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
});
afterAll(() => close());

type Row = { ancestor_id: number; stage: number; entered_on: string; n: number };

/**
 * The kept rows as every figure reads them: a dated row that has aged past the 366-day line counts as the shared
 * day (team_stage_day), so both sides are folded the same way before they are compared.
 */
const kept = () =>
  rowsOf<Row>(
    db,
    sql`select ancestor_id::int, stage::int, entered_on::text, sum(n)::int as n from (
        select ancestor_id, stage, case when entered_on < (now() at time zone 'Asia/Hong_Kong')::date - 366
          then date '1900-01-01' else entered_on end as entered_on, n
        from team_stage_days) k
      group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
  );

const recount = () =>
  rowsOf<Row>(
    db,
    sql`select tree.ancestor_id::int, a.stage::int, team_stage_day(a.stage_entered_at)::text as entered_on,
        count(*)::int as n
      from applications a join producer_tree tree on tree.descendant_id = a.producer_id
      where a.stage between 1 and 6 group by 1, 2, 3 order by 1, 2, 3`,
  );

type RequirementRow = { ancestor_id: number; view: number; due_on: string; n: number };

/** team_requirement_days (migration 0055) as the figures read it, folded like its recount. */
const keptRequirements = () =>
  rowsOf<RequirementRow>(
    db,
    sql`select ancestor_id::int, view::int, due_on::text, sum(n)::int as n from (
        select ancestor_id, view, case when due_on < (now() at time zone 'Asia/Hong_Kong')::date - 366
          then date '1900-01-01' else due_on end as due_on, n
        from team_requirement_days) k
      group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
  );

/** The recount, with the requirements list's own predicates for the views written out once more. */
const recountRequirements = () =>
  rowsOf<RequirementRow>(
    db,
    sql`select tree.ancestor_id::int, v.view::int, team_due_day(r.due_date)::text as due_on, count(*)::int as n
      from application_requirements r join producer_tree tree on tree.descendant_id = r.producer_id
      cross join lateral (values
        (1, r.status in ('outstanding', 'received', 'under_review', 'rejected')),
        (2, r.status in ('outstanding', 'rejected') and r.provider = 'client'),
        (3, r.status = 'received')) v(view, holds)
      where v.holds group by 1, 2, 3 order by 1, 2, 3`,
  );

/** team_stage_days rows whose ancestor's parent (migration 0056, the heat map's index) is not the producer's own. */
const strayParents = async () =>
  (
    await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from team_stage_days t join producers p on p.id = t.ancestor_id
        where t.ancestor_parent_id is distinct from p.parent_id`,
    )
  )[0]?.n;

/** Both kept tables equal their recounts, and each stage row names its ancestor's parent. */
async function expectKeptEqualRecounts() {
  expect(await kept()).toEqual(await recount());
  expect(await keptRequirements()).toEqual(await recountRequirements());
  expect(await strayParents()).toBe(0);
}

async function producerId(code: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select id::int from producers where code = ${code}`);
  if (!row) throw new Error(`no producer ${code}`);
  return row.id;
}

describe('team_stage_days', () => {
  it('equals a recount of the demo data', async () => {
    const rows = await kept();
    expect(rows.length).toBeGreaterThan(0);
    expect((await keptRequirements()).length).toBeGreaterThan(0);
    await expectKeptEqualRecounts();
  });

  it('follows requirement decisions, uploads, new due dates, new items and deletions', async () => {
    await db.execute(sql`update application_requirements set status = 'accepted'
      where id in (select id from application_requirements where status = 'received' order by id limit 3)`);
    await db.execute(sql`update application_requirements set status = 'received'
      where id in (select id from application_requirements where status = 'outstanding' and provider = 'client'
        order by id limit 3)`);
    await db.execute(sql`update application_requirements set status = 'rejected', reason = 'Unreadable'
      where id in (select id from application_requirements where status = 'received' order by id desc limit 2)`);
    await db.execute(sql`update application_requirements set due_date = due_date - 30
      where id in (select id from application_requirements where status = 'outstanding' order by id limit 4)`);
    await db.execute(sql`update application_requirements set due_date = null
      where id in (select id from application_requirements where status = 'outstanding' order by id desc limit 1)`);
    await db.execute(sql`insert into application_requirements (application_id, site_code, type_code, producer_id,
        provider, mandatory, status, due_date)
      select id, site_code, 'MEDICAL', producer_id, 'insurer', false, 'outstanding', current_date + 3
      from applications where stage between 1 and 5 order by id limit 2`);
    await db.execute(
      sql`delete from requirement_documents where requirement_id = (select max(id) from application_requirements)`,
    );
    await db.execute(
      sql`delete from application_requirements where id = (select max(id) from application_requirements)`,
    );
    await expectKeptEqualRecounts();
  });

  it('counts a case over 366 days in its stage under the one shared day, and folds rows that aged past it', async () => {
    const [app] = await rowsOf<{ id: number }>(
      db,
      sql`select id::int from applications where stage between 1 and 6 order by id limit 1`,
    );
    await db.execute(
      sql`update applications set stage_entered_at = now() - interval '400 days' where id = ${app?.id}`,
    );
    const [shared] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from team_stage_days where entered_on = date '1900-01-01'`,
    );
    expect(shared?.n).toBeGreaterThan(0);
    // A dated row as it would be after a year: fold_team_stage_days merges it into the shared day.
    await db.execute(sql`insert into team_stage_days (ancestor_id, stage, entered_on, n)
      select ancestor_id, stage, date '1901-01-01', 2 from team_stage_days where entered_on = date '1900-01-01' limit 1`);
    await db.execute(sql`update team_stage_days set n = n - 2 where (ancestor_id, stage, entered_on) in (
      select ancestor_id, stage, date '1900-01-01' from team_stage_days where entered_on = date '1901-01-01')`);
    // Written as the triggers write rows: with the ancestor's parent.
    await db.execute(sql`update team_stage_days t set ancestor_parent_id = p.parent_id from producers p
      where p.id = t.ancestor_id and t.entered_on = date '1901-01-01'`);
    const before = await kept();
    await db.execute(sql`select fold_team_stage_days()`);
    const [dated] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from team_stage_days where entered_on = date '1901-01-01'`,
    );
    expect(dated?.n).toBe(0);
    expect(await kept()).toEqual(before);
    await expectKeptEqualRecounts();
  });

  it('follows stage changes, new stage dates, completion and reopening', async () => {
    await db.execute(sql`update applications set stage = case when stage = 6 then 7 else stage + 1 end
      where id in (select id from applications where stage between 1 and 6 order by id limit 7)`);
    await db.execute(sql`update applications set stage_entered_at = stage_entered_at - interval '9 days'
      where id in (select id from applications where stage between 1 and 6 order by id desc limit 5)`);
    await db.execute(sql`update applications set stage = 2, stage_entered_at = now()
      where id in (select id from applications where stage in (7, 8) order by id limit 3)`);
    // An update that moves nothing (the home's counts do not change) writes nothing wrong either.
    await db.execute(sql`update applications set updated_at = now() where stage between 1 and 6`);
    await expectKeptEqualRecounts();
  });

  it('follows an application moved to another producer, and a deleted one', async () => {
    const target = await producerId('A1002');
    await db.execute(sql`update applications set producer_id = ${target}
      where id in (select id from applications where stage between 1 and 6 and producer_id <> ${target}
        order by id limit 4)`);
    await db.execute(sql`delete from application_stage_history where application_id = (
      select max(id) from applications where stage between 1 and 6)`);
    await db.execute(sql`delete from application_requirements where application_id = (
      select max(id) from applications where stage between 1 and 6)`);
    await db.execute(sql`delete from applications where id = (select max(id) from applications
      where stage between 1 and 6 and not exists (select 1 from application_reminders r where r.application_id = applications.id))`);
    expect(await kept()).toEqual(await recount());
  });

  it('follows a producer moved between teams with their subtree', async () => {
    const moved = await producerId('A1002');
    const [other] = await rowsOf<{ id: number }>(
      db,
      sql`select p.id::int from producers p where p.site_code = (select site_code from producers where id = ${moved})
        and p.id <> ${moved} and p.parent_id is null
        and not exists (select 1 from producer_tree t where t.ancestor_id = ${moved} and t.descendant_id = p.id)
        order by p.id limit 1`,
    );
    expect(other).toBeDefined();
    await db.execute(sql`update producers set parent_id = ${other?.id} where id = ${moved}`);
    await expectKeptEqualRecounts();
    // The moved producer's team is now among the new parent's direct reports in the heat map's index.
    const [underNew] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from team_stage_days where ancestor_parent_id = ${other?.id} and ancestor_id = ${moved}`,
    );
    expect(underNew?.n).toBeGreaterThan(0);
    await db.execute(sql`update producers set parent_id = null where id = ${moved}`);
    await expectKeptEqualRecounts();
  });
});
