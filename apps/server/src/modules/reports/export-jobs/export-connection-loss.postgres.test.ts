import { reportExportJobSchema } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueryInBatches, queryInBatchesFor } from '../../../db/query-in-batches.js';
import { reportExportJobs } from '../../../db/schema/index.js';
import { type ApiAgent, api } from '../../../testing/http.js';
import { signedIn } from '../../../testing/producer-fixtures.js';
import { createTestApp, type TestContext } from '../../../testing/test-app.js';
import { preview } from '../testing/report-http.js';
import { exportFileParts } from './export-file.js';
import { ReportExportRunner } from './job-runner.js';

/*
 * The fast form of the fault script's export case (bench/fault.ts, docs/security/faults-and-double-submit.md): the
 * database connection of a background export dies while its rows stream (pg_terminate_backend: the same 57P01 that
 * `pg_ctl stop -m fast` sends every session). The job must end failed — visible to its owner in their language —
 * with no part of its file kept or served, no lock or open transaction left behind, and the next export must work.
 */

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedIn>>;
const form = { reportType: 1, dateFrom: '2024-01-01', dateTo: '2026-06-30' };

beforeAll(async () => {
  t = await createTestApp();
  partner = await signedIn(t, 'partner');
});
afterAll(async () => {
  await t.close();
});

const jobPath = (id: string, agent: ApiAgent, suffix = '', lang = agent.lang) =>
  api(`/b2b/report_exports/${id}${suffix}`, lang);

async function untilFinished(agent: ApiAgent, id: string) {
  for (let i = 0; i < 400; i++) {
    const job = reportExportJobSchema.parse(
      (await agent.request({ method: 'GET', url: jobPath(id, agent) })).json(),
    );
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job did not finish');
}

/** Every other session on this test's database is cut: the pool's connections, the export cursor's among them. */
async function killOtherSessions(): Promise<number> {
  const rows = (await t.database.db.execute(sql`
    select pg_terminate_backend(pid) as killed from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()`)) as unknown as { rows: unknown[] };
  return rows.rows.length;
}

/** Rows one at a time, and after the first batch every connection dies: the next FETCH finds its cursor gone. */
function dyingAfterFirstBatch(inner: QueryInBatches, killed: { sessions: number }): QueryInBatches {
  return (query, options) => ({
    async *[Symbol.asyncIterator]() {
      let batches = 0;
      for await (const batch of inner(query, { ...options, batchSize: 1 })) {
        yield batch;
        if (++batches === 1) killed.sessions = await killOtherSessions();
      }
    },
  });
}

describe('a background export whose database connection dies mid-stream', () => {
  it('ends failed and visible, keeps and serves no part of the file, leaves no lock, and the next export works', async () => {
    const expected = (await preview(partner.agent, form)).json().totalSize as number;
    // At least two batches of one row: the connection dies between them.
    expect(expected).toBeGreaterThanOrEqual(2);

    // A job like the API creates, given to a runner whose cursor dies rather than to the app's own runner.
    const created = await partner.agent.send('POST', '/b2b/report_exports', form);
    expect(created.statusCode, created.body).toBe(202);
    const firstId = reportExportJobSchema.parse(created.json()).jobId;
    expect((await untilFinished(partner.agent, firstId)).state).toBe('done');
    const [seeded] = await t.database.db
      .select()
      .from(reportExportJobs)
      .where(eq(reportExportJobs.id, firstId));
    if (!seeded) throw new Error('job row missing');
    const [job] = await t.database.db
      .insert(reportExportJobs)
      .values({
        userId: seeded.userId,
        producerId: seeded.producerId,
        siteCode: seeded.siteCode,
        reportType: seeded.reportType,
        criteria: seeded.criteria,
        language: 'en',
        fileName: seeded.fileName,
      })
      .returning();
    const jobId = job?.id as string;

    const killed = { sessions: 0 };
    const runner = new ReportExportRunner({
      db: t.database.db,
      renderPool: t.app.renderPool,
      queryInBatches: dyingAfterFirstBatch(
        queryInBatchesFor(t.database, t.config.exportStatementTimeoutMs),
        killed,
      ),
      now: () => new Date(),
      log: t.app.log,
      soleProcess: false,
    });
    const started = Date.now();
    runner.enqueue(jobId);
    await runner.idle();
    const failedAfterMs = Date.now() - started;
    expect(killed.sessions).toBeGreaterThan(0);
    // Recorded as soon as the database answered again, not left to the 30 s heartbeat sweep.
    expect(failedAfterMs).toBeLessThan(10_000);

    const [row] = await t.database.db.select().from(reportExportJobs).where(eq(reportExportJobs.id, jobId));
    expect(row?.state).toBe('failed');
    expect(row?.error).toEqual({ key: 'reports.exportFailed' });
    expect(row?.finishedAt).not.toBeNull();

    // Its owner sees the failure in the language they read it in, and gets no file.
    const polled = reportExportJobSchema.parse(
      (await partner.agent.request({ method: 'GET', url: jobPath(jobId, partner.agent) })).json(),
    );
    expect(polled.state).toBe('failed');
    expect(polled.error).toMatch(/export/i);
    const inJapanese = reportExportJobSchema.parse(
      (await partner.agent.request({ method: 'GET', url: jobPath(jobId, partner.agent, '', 'ja') })).json(),
    );
    expect(inJapanese.error).not.toBe(polled.error);
    expect(inJapanese.error).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const file = await partner.agent.request({ method: 'GET', url: jobPath(jobId, partner.agent, '/file') });
    expect(file.statusCode).toBe(410);
    expect(file.headers['content-type']).not.toMatch(/spreadsheet/);
    expect(await exportFileParts(t.database.db, jobId)).toEqual([]);

    // Nothing left holding locks or a transaction on the database.
    const leftovers = (await t.database.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and (state like 'idle in transaction%' or query ilike 'fetch%' and state = 'active')`)) as unknown as {
      rows: { n: number }[];
    };
    expect(leftovers.rows[0]?.n).toBe(0);
    const locks = (await t.database.db.execute(sql`
      select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where a.datname = current_database() and l.pid <> pg_backend_pid() and l.locktype <> 'virtualxid'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(locks.rows[0]?.n).toBe(0);

    // The user tries again: the next export runs to the end and downloads whole.
    const again = await partner.agent.send('POST', '/b2b/report_exports', form);
    expect(again.statusCode, again.body).toBe(202);
    const next = await untilFinished(partner.agent, reportExportJobSchema.parse(again.json()).jobId);
    expect(next.state, next.error).toBe('done');
    const download = await partner.agent.request({
      method: 'GET',
      url: jobPath(next.jobId, partner.agent, '/file'),
    });
    expect(download.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0] as ExcelJS.Worksheet).rowCount - 1).toBe(expected);
  });
});
