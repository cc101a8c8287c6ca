import { SITE_CODES, siteCapabilities } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { DEMO_ANCHOR_DATE } from './demo-context.js';
import { siteStage, stagePath, stageTimeline } from './stage-timeline.js';

/*
 * The demo applications tell one story each: only the stages their site keeps (absg: 3, 7 and Other), a stage
 * history in stage order on days that never go back, received on or before the first stage, "sent to provider" on
 * the day stage 3 was entered, the current stage the last one entered, nothing after the demo's anchor day.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** `(site, stage)` pairs every site keeps, as a VALUES list. */
const siteStagesValues = () =>
  sql.join(
    SITE_CODES.map((site) => [site, siteCapabilities(site).stages] as const).flatMap(([site, stages]) =>
      stages.map((stage) => sql`(${site}::text, ${stage}::int)`),
    ),
    sql`, `,
  );

describe('demo application stages and dates', () => {
  it('holds only the stages each site keeps, in applications and in their histories', async () => {
    const offSite = await rows<{ id: number; site_code: string; stage: number }>(sql`
      with kept(site_code, stage) as (values ${siteStagesValues()})
      select a.id, a.site_code, a.stage from applications a
      where not exists (select 1 from kept k where k.site_code = a.site_code::text and k.stage = a.stage)
      union all
      select a.id, a.site_code, h.stage from application_stage_history h join applications a on a.id = h.application_id
      where not exists (select 1 from kept k where k.site_code = a.site_code::text and k.stage = h.stage)
      limit 5`);
    expect(offSite).toEqual([]);
    const absg = await rows<{ stage: number }>(
      sql`select distinct stage from applications where site_code = 'absg' order by stage`,
    );
    expect(absg.map((r) => r.stage)).toEqual([3, 7, 8]);
  });

  it('dates every application in stage order: received, then each stage, sent on the day stage 3 began', async () => {
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from applications`);
    expect(Number(count?.n)).toBeGreaterThan(100);
    const broken = await rows<{ id: number; why: string }>(sql`
      with h as (
        select application_id, stage, (changed_at at time zone 'Asia/Hong_Kong')::date as day,
          row_number() over (partition by application_id order by changed_at, id) as step,
          lag(stage) over (partition by application_id order by changed_at, id) as previous_stage,
          lag((changed_at at time zone 'Asia/Hong_Kong')::date)
            over (partition by application_id order by changed_at, id) as previous_day
        from application_stage_history
      )
      select a.id, 'no history' as why from applications a
        where not exists (select 1 from h where h.application_id = a.id)
      union all
      select h.application_id, 'stage before the one before it' from h
        where h.previous_stage is not null and h.stage <= h.previous_stage
      union all
      select h.application_id, 'day before the one before it' from h
        where h.previous_day is not null and h.day < h.previous_day
      union all
      select a.id, 'received after the first stage' from applications a join h on h.application_id = a.id
        where h.step = 1 and a.received_date > h.day
      union all
      select a.id, 'sent on another day than stage 3' from applications a
        left join h on h.application_id = a.id and h.stage = 3
        where a.sent_date is distinct from h.day
      union all
      select a.id, 'current stage is not the last entered' from applications a
        where a.stage <> (select h.stage from h where h.application_id = a.id order by h.step desc limit 1)
      union all
      select h.application_id, 'after the anchor day' from h where h.day > ${DEMO_ANCHOR_DATE}::date
      limit 10`);
    expect(broken).toEqual([]);
  });
});

describe('stage timeline', () => {
  it('maps a stage a site does not keep to one it keeps, before and after the policy is issued', () => {
    for (const site of SITE_CODES) {
      for (let stage = 1; stage <= 8; stage++) {
        expect(siteCapabilities(site).stages).toContain(siteStage(site, stage));
      }
    }
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((s) => siteStage('absg', s))).toEqual([3, 3, 3, 3, 3, 7, 7, 8]);
    expect(stagePath('absg', 7)).toEqual([3, 7]);
    expect(stagePath('afs', 8)).toEqual([1, 2, 3, 8]);
  });

  it('sends on the day stage 3 begins and moves the whole timeline back before a limit', () => {
    const timeline = stageTimeline({
      site: 'afs',
      final: 7,
      receivedDate: '2026-06-25',
      sentAfterDays: 5,
      stepDays: 4,
      notAfter: '2026-06-30',
    });
    const days = timeline.history.map((h) => h.enteredOn);
    expect(days).toEqual([...days].sort());
    expect(timeline.history.at(-1)?.enteredOn).toBe('2026-06-30');
    expect(timeline.sentDate).toBe(timeline.history.find((h) => h.stage === 3)?.enteredOn);
    expect(timeline.receivedDate).toBe(timeline.history[0]?.enteredOn);
  });
});
