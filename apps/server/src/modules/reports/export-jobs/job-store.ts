import { createHash } from 'node:crypto';
import type { Language, ReportExportJob, ReportType } from '@portal/contract';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { reportExportJobs } from '../../../db/schema/index.js';
import type { TeamScope } from '../../../db/team-scope.js';
import type { Translate } from '../../../i18n/index.js';

export type JobRow = typeof reportExportJobs.$inferSelect;
export type JobError = NonNullable<JobRow['error']>;

/** Jobs a producer may have queued or running at once; one more is refused (429). */
export const LIVE_JOBS_PER_PRODUCER = 3;

/** Retry-After of a refused export (the person's limit or the whole queue): about one export's time. */
export const EXPORT_RETRY_AFTER_S = 30;

/**
 * A live job whose heartbeat is older than this lost its process (the runner refreshes it every HEARTBEAT_EVERY_MS, 2
 * s): a running one is reported as interrupted, a queued one is taken over. With the sweep every 2 s, a process killed
 * mid-export holds its jobs for at most 8 s (decision 038); 30 s held the person's export limit and the queue.
 */
export const STALE_HEARTBEAT_MS = 6_000;

export const INTERRUPTED: JobError = { key: 'reports.exportInterrupted' };

const LIVE = ['queued', 'running'];

/** Jobs queued, by anyone, in every process: the whole queue, bounded by EXPORT_QUEUE_MAX. */
export async function countQueuedJobs(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reportExportJobs)
    .where(eq(reportExportJobs.state, 'queued'));
  return Number(row?.n ?? 0);
}

export async function countLiveJobs(db: Db, producerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reportExportJobs)
    .where(and(eq(reportExportJobs.producerId, producerId), inArray(reportExportJobs.state, LIVE)));
  return Number(row?.n ?? 0);
}

/**
 * Queues a job, once: the same request (report, language, criteria, scope) from the same user while an earlier one is
 * still queued or running answers that job (`created: false`) instead of a second one — a double click or a retried
 * POST makes one file. The partial unique index report_export_jobs_live_request_uq decides, so two requests at the
 * same moment cannot both insert.
 */
export interface NewJob {
  userId: number;
  scope: TeamScope;
  type: ReportType;
  criteria: Record<string, unknown>;
  language: Language;
  fileName: string;
  now: Date;
}

/** What makes two export requests the same one: report, language, parsed criteria and resolved scope. */
export function exportRequestKey(job: Pick<NewJob, 'type' | 'language' | 'criteria' | 'scope'>): string {
  return createHash('sha256')
    .update(JSON.stringify([job.type, job.language, job.criteria, job.scope]))
    .digest('base64url');
}

export async function insertJob(db: Db, job: NewJob): Promise<{ row: JobRow; created: boolean }> {
  const criteria = { criteria: job.criteria, scope: job.scope };
  const requestKey = exportRequestKey(job);
  // Twice at most: the live job the insert collided with may finish between the insert and the lookup.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await db
      .insert(reportExportJobs)
      .values({
        userId: job.userId,
        producerId: job.scope.caller.producerId,
        siteCode: job.scope.caller.siteCode,
        reportType: job.type,
        criteria,
        language: job.language,
        fileName: job.fileName,
        requestKey,
        createdAt: job.now,
        heartbeatAt: job.now,
      })
      .onConflictDoNothing({
        target: [reportExportJobs.userId, reportExportJobs.requestKey],
        where: inArray(reportExportJobs.state, LIVE),
      })
      .returning();
    if (row) return { row, created: true };
    const existing = await findLiveJobByRequest(db, job.userId, requestKey);
    if (existing) return { row: existing, created: false };
  }
  throw new Error('report export job neither inserted nor found');
}

/** The user's live job of this request key, if any. */
export async function findLiveJobByRequest(db: Db, userId: number, requestKey: string) {
  const [row] = await db
    .select()
    .from(reportExportJobs)
    .where(
      and(
        eq(reportExportJobs.userId, userId),
        eq(reportExportJobs.requestKey, requestKey),
        inArray(reportExportJobs.state, LIVE),
      ),
    )
    .limit(1);
  return row;
}

/** The job if `userId` created it; anyone else's job is as good as missing. */
export async function findOwnJob(db: Db, jobId: string, userId: number): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(reportExportJobs)
    .where(and(eq(reportExportJobs.id, jobId), eq(reportExportJobs.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Takes a queued job for running, fairly across people (decisions 026 and 038): among the jobs this process queued
 * (`local`) and those whose process stopped touching them (it died before starting them), the oldest job of the person
 * with the fewest running jobs, skipping people who already run `runningPerUser` (so one person's queue of exports
 * never takes every worker while someone else waits). The row is locked with SKIP LOCKED, so two processes never take
 * the same job and neither waits for the other. Undefined when there is nothing to take now.
 */
export async function claimJob(
  db: Db,
  now: Date,
  { local, runningPerUser }: { local: string[]; runningPerUser: number },
): Promise<JobRow | undefined> {
  const stale = new Date(now.getTime() - STALE_HEARTBEAT_MS);
  const jobs = reportExportJobs;
  const orphaned = lt(jobs.heartbeatAt, stale);
  // The outer row's user; inside, the table is named `mine`, so the column below is the outer row's.
  const running = sql<number>`(select count(*) from ${jobs} mine
    where mine.user_id = ${jobs.userId} and mine.state = 'running')`;
  const pick = (tx: Db) =>
    tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, 'queued'),
          local.length > 0 ? or(inArray(jobs.id, local), orphaned) : orphaned,
          sql`${running} < ${runningPerUser}`,
        ),
      )
      .orderBy(running, jobs.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
  // The pick and the update in one transaction, as two statements: `UPDATE … WHERE id IN (SELECT … LIMIT 1 FOR
  // UPDATE SKIP LOCKED)` lets the planner re-run the subquery per row of a semi join, and with another index on
  // the live jobs (report_export_jobs_live_request_uq) it did, and claimed nothing.
  return db.transaction(async (tx) => {
    const [picked] = await pick(tx);
    if (!picked) return undefined;
    const [row] = await tx
      .update(jobs)
      .set({ state: 'running', heartbeatAt: now })
      .where(and(eq(jobs.id, picked.id), eq(jobs.state, 'queued')))
      .returning();
    return row;
  });
}

/**
 * Hands queued jobs back to every process (this one is stopping): their heartbeat is made stale, so the next
 * process to look takes them over instead of waiting for them to age.
 */
export async function releaseJobs(db: Db, jobIds: string[]) {
  if (jobIds.length === 0) return;
  await db
    .update(reportExportJobs)
    .set({ heartbeatAt: new Date(0) })
    .where(and(inArray(reportExportJobs.id, jobIds), eq(reportExportJobs.state, 'queued')));
}

export async function saveProgress(db: Db, jobId: string, rowsWritten: number, totalRows: number, now: Date) {
  await db
    .update(reportExportJobs)
    .set({ rowsWritten, totalRows, heartbeatAt: now })
    .where(and(eq(reportExportJobs.id, jobId), eq(reportExportJobs.state, 'running')));
}

export async function finishJob(
  db: Db,
  jobId: string,
  outcome: { state: 'done' | 'failed'; rowsWritten: number; totalRows: number; error?: JobError },
  now: Date,
) {
  await db
    .update(reportExportJobs)
    .set({ ...outcome, error: outcome.error ?? null, finishedAt: now, heartbeatAt: now })
    .where(and(eq(reportExportJobs.id, jobId), inArray(reportExportJobs.state, LIVE)));
}

/**
 * Keeps the jobs a process holds (queued or running there) from being taken for interrupted; answers those still
 * live (a job failed meanwhile, e.g. by another process's sweep while this one was frozen, is no longer this one's).
 */
export async function touchJobs(db: Db, jobIds: string[], now: Date): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await db
    .update(reportExportJobs)
    .set({ heartbeatAt: now })
    .where(and(inArray(reportExportJobs.id, jobIds), inArray(reportExportJobs.state, LIVE)))
    .returning({ id: reportExportJobs.id });
  return new Set(rows.map((r) => r.id));
}

/**
 * Fails the jobs whose process is gone: every live job when `all` (one process owns the database: PGlite), the live
 * jobs among `ids` (this process shutting down its own), otherwise the running jobs whose heartbeat is stale. A queued
 * job with a stale heartbeat is not failed on a shared database: another process takes it over (claimJob). Answers
 * the ids of the failed jobs.
 */
export async function failInterruptedJobs(
  db: Db,
  now: Date,
  options: { all?: boolean; ids?: string[] } = {},
): Promise<string[]> {
  const stale = new Date(now.getTime() - STALE_HEARTBEAT_MS);
  const everyLive = options.all || options.ids;
  const rows = await db
    .update(reportExportJobs)
    .set({ state: 'failed', error: INTERRUPTED, finishedAt: now })
    .where(
      and(
        inArray(reportExportJobs.state, everyLive ? LIVE : ['running']),
        options.ids ? inArray(reportExportJobs.id, options.ids) : undefined,
        everyLive ? undefined : lt(reportExportJobs.heartbeatAt, stale),
      ),
    )
    .returning({ id: reportExportJobs.id });
  return rows.map((r) => r.id);
}

/** Job rows older than this are deleted (their files went after a day). */
export const JOB_ROW_RETENTION_MS = 7 * 24 * 3600_000;

export async function deleteOldJobs(db: Db, now: Date) {
  await db
    .delete(reportExportJobs)
    .where(lt(reportExportJobs.createdAt, new Date(now.getTime() - JOB_ROW_RETENTION_MS)));
}

/** The job as the API shows it, its failure in the reader's language. */
export function jobView(row: JobRow, t: Translate): ReportExportJob {
  return {
    jobId: row.id,
    reportType: row.reportType,
    state: row.state as ReportExportJob['state'],
    rowsWritten: row.rowsWritten,
    totalRows: row.totalRows,
    fileName: row.fileName,
    ...(row.error ? { error: t(row.error.key as Parameters<Translate>[0], row.error.vars) } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether a running job's process stopped answering (see STALE_HEARTBEAT_MS). A queued job is never stale: any
 * process may still take it.
 */
export function isStale(row: JobRow, now: Date): boolean {
  return row.state === 'running' && now.getTime() - row.heartbeatAt.getTime() > STALE_HEARTBEAT_MS;
}
