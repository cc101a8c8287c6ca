import { reportExportJobSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueryInBatches, queryInBatchesFor } from '../../db/query-in-batches.js';
import { producers, reportExportJobs } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { type ApiAgent, api } from '../../testing/http.js';
import { producerIdOf, signedIn } from '../../testing/producer-fixtures.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { exportFileParts } from './export-jobs/export-file.js';
import { ReportExportRunner } from './export-jobs/job-runner.js';
import { LIVE_JOBS_PER_PRODUCER } from './export-jobs/job-store.js';
import { exportStillAllowed } from './report-request.js';
import { preview } from './testing/report-http.js';

/* Background report exports: created, run, polled and downloaded by their owner only; limits; restarts. */

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  partner = await signedIn(t, 'partner');
});
afterAll(async () => {
  await t.close();
});

const jobPath = (id: string, agent: ApiAgent, suffix = '') =>
  api(`/b2b/report_exports/${id}${suffix}`, agent.lang);

async function startJob(agent: ApiAgent, form: Record<string, unknown>) {
  return agent.request({ method: 'POST', url: api('/b2b/report_exports', agent.lang), payload: form });
}

async function poll(agent: ApiAgent, id: string) {
  return agent.request({ method: 'GET', url: jobPath(id, agent) });
}

/**
 * Background exports run on a thread at the lowest CPU priority (decision 038): on a busy test machine they wait for
 * the CPU, so the wait is long (60 s) and the test's own limit longer.
 */
async function untilFinished(agent: ApiAgent, id: string) {
  for (let i = 0; i < 1200; i++) {
    const job = reportExportJobSchema.parse((await poll(agent, id)).json());
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job did not finish');
}

const runnerFor = (
  soleProcess: boolean,
  at?: Date,
  extra: Partial<ConstructorParameters<typeof ReportExportRunner>[0]> = {},
) =>
  new ReportExportRunner({
    db: t.database.db,
    renderPool: t.app.renderPool,
    queryInBatches: queryInBatchesFor(t.database, t.config.exportStatementTimeoutMs),
    now: () => at ?? t.clock.now,
    log: t.app.log,
    soleProcess,
    ...extra,
  });

async function insertLiveJob(state: 'queued' | 'running', heartbeatAt: Date) {
  const producerId = await producerIdOf(t.database.db, 'A1001');
  const [row] = await t.database.db
    .insert(reportExportJobs)
    .values({
      userId: partner.userId,
      producerId,
      siteCode: 'afs',
      reportType: 1,
      criteria: { criteria: {}, scope: {} },
      language: 'en',
      state,
      fileName: 'lapsed-surrender_2026-06-30.xlsx',
      heartbeatAt,
    })
    .returning();
  return row?.id as string;
}

describe('background report exports', () => {
  it('writes the file in the background, reports its progress, and lets its owner download it', {
    timeout: 90_000,
  }, async () => {
    const form = { reportType: 1, dateFrom: '2024-01-01', dateTo: '2026-06-30' };
    const expected = (await preview(partner.agent, form)).json().totalSize as number;
    expect(expected).toBeGreaterThan(0);

    const created = await startJob(partner.agent, form);
    expect(created.statusCode, created.body).toBe(202);
    const job = reportExportJobSchema.parse(created.json());
    expect(['queued', 'running']).toContain(job.state);
    expect(job.fileName).toBe('lapsed-surrender_2024-01-01_2026-06-30.xlsx');

    const done = await untilFinished(partner.agent, job.jobId);
    expect(done.state, done.error).toBe('done');
    expect(done.totalRows).toBe(expected);
    expect(done.rowsWritten).toBe(expected);

    const file = await partner.agent.request({
      method: 'GET',
      url: jobPath(job.jobId, partner.agent, '/file'),
    });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(job.fileName);
    expect(file.headers['cache-control']).toBe('private, no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0] as ExcelJS.Worksheet).rowCount - 1).toBe(expected);

    // Nobody else can see that the job exists.
    const other = await signedIn(t, 'subpartner');
    expect((await poll(other.agent, job.jobId)).statusCode).toBe(404);
    const theirs = await other.agent.request({
      method: 'GET',
      url: jobPath(job.jobId, other.agent, '/file'),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await poll(partner.agent, 'not-a-uuid')).statusCode).toBe(400);

    // A day later the file is gone (the job is made a day old: moving the clock would end the session too).
    await t.database.db
      .update(reportExportJobs)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(reportExportJobs.id, job.jobId));
    const gone = await partner.agent.request({
      method: 'GET',
      url: jobPath(job.jobId, partner.agent, '/file'),
    });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error).toMatch(/24 hours/);
    // The file is still stored until the hourly clean-up, which deletes it.
    expect((await exportFileParts(t.database.db, job.jobId)).length).toBeGreaterThan(0);
    await runnerFor(false, new Date(Date.now() + 25 * 3600_000)).cleanUp();
    expect(await exportFileParts(t.database.db, job.jobId)).toEqual([]);
  });

  it('checks the form like the preview, and limits a producer to a few live exports', async () => {
    expect((await startJob(partner.agent, { reportType: 1, status: 'XXX' })).statusCode).toBe(400);
    const consultant = await signedIn(t, 'consultant');
    expect((await startJob(consultant.agent, { reportType: 13 })).statusCode).toBe(403);

    const ids = [];
    for (let i = 0; i < LIVE_JOBS_PER_PRODUCER; i++) ids.push(await insertLiveJob('queued', new Date()));
    const refused = await startJob(partner.agent, { reportType: 1 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toContain(String(LIVE_JOBS_PER_PRODUCER));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    for (const id of ids) await t.database.db.delete(reportExportJobs).where(eq(reportExportJobs.id, id));
  });

  it("refuses a new export with 503 and Retry-After in the user's language when the whole queue is full", async () => {
    // Everyone's queued jobs, this producer's none: the bound is the queue's, not the person's.
    const consultant = await signedIn(t, 'consultant');
    const producerId = await producerIdOf(t.database.db, demoAccount('consultant').advisorCode as string);
    const full = Array.from({ length: t.config.exportJobs.queueMax }, () => ({
      userId: consultant.userId,
      producerId,
      siteCode: 'afs' as const,
      reportType: 1,
      criteria: { criteria: {}, scope: {} },
      language: 'en',
      fileName: 'x.xlsx',
      heartbeatAt: new Date(),
    }));
    const rows = await t.database.db.insert(reportExportJobs).values(full).returning();
    try {
      const refused = await partner.agent.request({
        method: 'POST',
        url: api('/b2b/report_exports', 'ja'),
        payload: { reportType: 1 },
      });
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error).toBe(
        '現在、多くのエクスポートを準備中です。しばらくしてから、もう一度エクスポートしてください。',
      );
    } finally {
      for (const row of rows)
        await t.database.db.delete(reportExportJobs).where(eq(reportExportJobs.id, row.id));
    }
  });

  it('fails jobs a stopped process left behind as interrupted, in the reader language', async () => {
    const stale = await insertLiveJob('running', new Date(Date.now() - 5 * 60_000));
    const fresh = await insertLiveJob('queued', new Date());
    // Another process may still be running `fresh` on a shared database: only the stale one is failed.
    const shared = runnerFor(false);
    await shared.start();
    await shared.stop();
    const states = async () =>
      Object.fromEntries(
        (await t.database.db.select().from(reportExportJobs)).map((r) => [r.id, r.state] as const),
      );
    expect((await states())[stale]).toBe('failed');
    expect((await states())[fresh]).toBe('queued');
    // The only process of a PGlite database knows every live job it finds was left by an earlier run.
    const sole = runnerFor(true);
    await sole.start();
    await sole.stop();
    expect((await states())[fresh]).toBe('failed');
    const job = reportExportJobSchema.parse((await poll(partner.agent, stale)).json());
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/interrupted/i);
  });

  it('reports a job whose process stopped answering as interrupted when polled', async () => {
    const id = await insertLiveJob('running', new Date(Date.now() - 60_000));
    const job = reportExportJobSchema.parse((await poll(partner.agent, id)).json());
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/interrupted/i);
  });

  it('stops an export whose requester lost access: queued for an inactive producer, running when revoked', {
    timeout: 90_000,
  }, async () => {
    // A real job's criteria and scope (report 201, training history: the partner holds its permission).
    const created = await startJob(partner.agent, { reportType: 201 });
    expect(created.statusCode, created.body).toBe(202);
    const first = await untilFinished(partner.agent, reportExportJobSchema.parse(created.json()).jobId);
    expect(first.state).toBe('done');
    const [model] = await t.database.db
      .select()
      .from(reportExportJobs)
      .where(eq(reportExportJobs.id, first.jobId));
    if (!model) throw new Error('no job row');
    const { id: _id, requestKey: _key, state: _state, ...copy } = model;
    const queue = async (fileName: string) => {
      const [row] = await t.database.db
        .insert(reportExportJobs)
        .values({ ...copy, fileName, requestKey: fileName, state: 'queued', heartbeatAt: new Date() })
        .returning();
      return row?.id as string;
    };
    const row = async (id: string) =>
      (await t.database.db.select().from(reportExportJobs).where(eq(reportExportJobs.id, id)))[0];
    const setProducer = (values: Partial<typeof producers.$inferInsert>) =>
      t.database.db.update(producers).set(values).where(eq(producers.id, model.producerId));
    const stillAllowed = (job: {
      userId: number;
      producerId: number;
      siteCode: string;
      reportType: number;
    }) => exportStillAllowed({ db: t.database.db }, job);

    // Queued while the producer was active, then the producer is set inactive: the job never runs.
    const queued = await queue('queued-then-inactive.xlsx');
    await setProducer({ isActive: false });
    try {
      const runner = runnerFor(false, undefined, { stillAllowed });
      runner.enqueue(queued);
      await runner.idle();
    } finally {
      await setProducer({ isActive: true });
    }
    expect(await row(queued)).toMatchObject({
      state: 'failed',
      error: { key: 'reports.exportAccessEnded' },
    });
    expect(await exportFileParts(t.database.db, queued)).toEqual([]);
    const told = reportExportJobSchema.parse((await poll(partner.agent, queued)).json());
    expect(told.error).toMatch(/no longer have permission/);

    // Running (held at its first batch) when the report permission is revoked: the next heartbeat stops it.
    let reached!: () => void;
    const atFirstBatch = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const real = queryInBatchesFor(t.database, t.config.exportStatementTimeoutMs);
    const held: QueryInBatches = (query, options) =>
      (async function* () {
        reached();
        await gate;
        yield* real(query, options);
      })();
    const running = await queue('running-then-revoked.xlsx');
    const runner = runnerFor(false, undefined, { stillAllowed, queryInBatches: held });
    runner.enqueue(running);
    await atFirstBatch;
    expect((await row(running))?.state).toBe('running');
    await runner.checkAccess(); // still allowed: nothing stops
    await setProducer({ hasTrainingHistoryReportPermission: false });
    try {
      await runner.checkAccess();
      release();
      await runner.idle();
    } finally {
      await setProducer({ hasTrainingHistoryReportPermission: true });
    }
    expect(await row(running)).toMatchObject({
      state: 'failed',
      error: { key: 'reports.exportAccessEnded' },
    });
    expect(await exportFileParts(t.database.db, running)).toEqual([]);
  });
});
