import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { JobQueue, QueueDefinition } from '../../jobs/queue.js';
import { openDemoDatabase, rowsOf } from '../../testing/demo-database.js';
import { defineTeamCountFoldJob } from './fold-team-counts.js';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
});
afterAll(() => close());

/** The job's handler as pg-boss would call it, and the runs it scheduled. */
function foldJob() {
  const defined: QueueDefinition<{ slot: string }>[] = [];
  const sent: { data: unknown }[] = [];
  const jobs = {
    define: (definition: QueueDefinition<{ slot: string }>) => defined.push(definition),
    boss: { send: async (_name: string, data: unknown) => sent.push({ data }) },
  } as unknown as JobQueue;
  const log = { info: () => {} } as unknown as FastifyBaseLogger;
  const schedule = defineTeamCountFoldJob(db, jobs, () => new Date('2026-11-29T05:00:00Z'), log);
  return { schedule, sent, handle: () => defined[0]?.handle({ slot: 'x' }, { id: '1', retryCount: 0 }) };
}

const total = async (table: 'team_stage_days' | 'team_requirement_days') =>
  (
    await rowsOf<{ rows: number; n: number }>(
      db,
      sql`select count(*)::int as rows, sum(n)::int as n from ${sql.identifier(table)}`,
    )
  )[0];

describe('the daily fold of the kept team counts', () => {
  it('runs at 04:00 Hong Kong and merges rows dated over a year ago into the shared day, counts unchanged', async () => {
    const job = foldJob();
    await job.schedule();
    expect(job.sent[0]?.data).toEqual({ slot: '2026-11-29T20:00:00.000Z' });

    // Rows as they would be a year after they were written: dated, but past the 366-day line.
    await db.execute(sql`insert into team_stage_days (ancestor_id, stage, entered_on, n)
      select distinct ancestor_id, stage, date '1901-01-01', 2 from team_stage_days order by 1, 2 limit 3`);
    await db.execute(sql`insert into team_requirement_days (ancestor_id, view, due_on, n)
      select distinct ancestor_id, view, date '1901-01-01', 3 from team_requirement_days order by 1, 2 limit 3`);
    const before = { stages: await total('team_stage_days'), items: await total('team_requirement_days') };

    await job.handle();
    const dated = await rowsOf<{ n: number }>(
      db,
      sql`select (select count(*) from team_stage_days where entered_on = date '1901-01-01')
        + (select count(*) from team_requirement_days where due_on = date '1901-01-01') as n`,
    );
    expect(Number(dated[0]?.n)).toBe(0);
    const after = { stages: await total('team_stage_days'), items: await total('team_requirement_days') };
    expect(after.stages?.n).toBe(before.stages?.n);
    expect(after.items?.n).toBe(before.items?.n);
    expect(after.stages?.rows).toBeLessThan(before.stages?.rows ?? 0);
    // A merged row written new names its ancestor's parent, as the heat map reads it (migration 0056).
    const stray = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from team_stage_days t join producers p on p.id = t.ancestor_id
        where t.ancestor_parent_id is distinct from p.parent_id`,
    );
    expect(stray[0]?.n).toBe(0);
    // The run scheduled the next one.
    expect(job.sent).toHaveLength(2);
  });
});
