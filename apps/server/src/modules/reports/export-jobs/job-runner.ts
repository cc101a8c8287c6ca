import { type Language, REPORT_DEFINITIONS, type ReportType } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { type QueryInBatches, RowLimitExceededError } from '../../../db/query-in-batches.js';
import type { TeamScope } from '../../../db/team-scope.js';
import { listExportBatches, listExportColumns } from '../../../exports/list-export.js';
import type { ExportProgress } from '../../../exports/send-xlsx.js';
import type { CriteriaOf } from '../../../lists/index.js';
import { HttpError } from '../../../plugins/errors.js';
import { loggableError } from '../../../plugins/logging.js';
import type { RenderPool } from '../../../render-pool/pool.js';
import { SERVER_REPORTS } from '../server-report-registry.js';
import { deleteExportFile, jobsWithFilesBefore, storeExportFile } from './export-file.js';
import {
  claimJob,
  deleteOldJobs,
  failInterruptedJobs,
  finishJob,
  INTERRUPTED,
  type JobError,
  type JobRow,
  releaseJobs,
  STALE_HEARTBEAT_MS,
  saveProgress,
  touchJobs,
} from './job-store.js';
import { writeXlsxStored } from './write-xlsx-stored.js';

/** Files are kept this long after they were written, then deleted (the job then answers 410). */
export const EXPORT_FILE_RETENTION_MS = 24 * 3600_000;
const PROGRESS_EVERY_MS = 1_000;
/** Heartbeat and sweep; with STALE_HEARTBEAT_MS (6 s) a dead process's jobs are freed within 8 s. */
export const HEARTBEAT_EVERY_MS = 2_000;
const CLEANUP_EVERY_MS = 3600_000;
/** Wait before trying again when the render pool's queue is full. */
const RENDER_BUSY_RETRY_MS = 5_000;
/** Backoff while recording a failure the database caused (it may take seconds to come back). */
const FAILURE_RETRY_FIRST_MS = 100;
const FAILURE_RETRY_MAX_MS = 2_000;

export interface ReportExportRunnerDeps {
  db: Db;
  renderPool: RenderPool;
  queryInBatches: QueryInBatches;
  now: () => Date;
  log: FastifyBaseLogger;
  /** This process alone uses the database (PGlite): every live job found at start was left by a previous run. */
  soleProcess: boolean;
  /**
   * Jobs written at once by this process (EXPORT_WORKERS); the rest wait, claimed fairly across people (claimJob).
   * One person runs at most `concurrency − 1` of them (at least 1), so one worker stays free for someone else.
   */
  concurrency?: number;
  /**
   * Whether the person who asked for `job` may still have it made (their account, their producer, the report's
   * permission, read now). Asked before a claimed job starts and on every heartbeat while it runs; a job refused
   * stops and is failed with ACCESS_ENDED. Absent: every job runs.
   */
  stillAllowed?: (job: JobRow) => Promise<boolean>;
  /** Told once a job is done or failed for good (the requester's "export ready / failed" notification). */
  onFinished?: (job: JobRow, state: 'done' | 'failed') => Promise<void>;
}

/** Why a job stopped when its requester lost the access that allowed it (account, producer or permission). */
export const ACCESS_ENDED: JobError = { key: 'reports.exportAccessEnded' };

/** A running job's stop switch: set when its requester's access ended. */
class AccessEnded extends Error {
  constructor() {
    super('the requester may no longer have this export made');
  }
}

/**
 * Runs background report exports (decisions 019 and 026): the jobs this process accepted, in arrival order (one at a
 * time by default), and, when it has room, queued jobs whose process died before starting them. Each job is claimed
 * in the database (SKIP LOCKED: never run twice), written by the render pool into `stored_files` (export-file.ts), so
 * any process serves the download, its progress saved at most once a second. Live jobs carry a heartbeat; a running
 * job whose process died is failed as interrupted at start (PGlite: every live job) and by the periodic sweep. A job
 * whose requester lost the access that allowed it (`stillAllowed`, decision 034) is not started, or is stopped on the
 * next heartbeat. Files older than a day are deleted.
 */
export class ReportExportRunner {
  readonly #deps: ReportExportRunnerDeps;
  /** Jobs this process accepted and has not started yet. */
  readonly #queue = new Set<string>();
  readonly #running = new Map<string, ExportProgress>();
  /** Each running job's row and its own stop switch (its requester's access ended). */
  readonly #runningJobs = new Map<string, { job: JobRow; stop: AbortController }>();
  readonly #stopping = new AbortController();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #active = new Set<Promise<void>>();
  #idleWaiters: (() => void)[] = [];
  /** The claim loop, while it runs (one at a time: each claim sees the jobs the last one started). */
  #claiming: Promise<void> | undefined;
  /** Set by the heartbeat: look for jobs of dead processes too, not only for this process's own. */
  #orphans = false;
  /** A pump asked for while the claim loop ran (a job queued or ended meanwhile): the loop runs once more. */
  #again = false;

  constructor(deps: ReportExportRunnerDeps) {
    this.#deps = deps;
  }

  async start(): Promise<void> {
    const { db, now, soleProcess } = this.#deps;
    const failed = await failInterruptedJobs(db, now(), { all: soleProcess });
    if (failed.length > 0) this.#deps.log.warn({ jobs: failed }, 'report exports interrupted by a restart');
    await this.#dropFiles(failed);
    await this.cleanUp();
    const every = (ms: number, task: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        task().catch((error: unknown) =>
          this.#deps.log.warn({ err: loggableError(error) }, 'report export upkeep failed'),
        );
      }, ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(HEARTBEAT_EVERY_MS, async () => {
      const live = await touchJobs(db, [...this.#queue, ...this.#running.keys()], now());
      for (const jobId of this.#queue) if (!live.has(jobId)) this.#queue.delete(jobId);
      await this.#dropFiles(await failInterruptedJobs(db, now()));
      await this.checkAccess();
      // Room here: look for a job another process queued and can no longer run.
      if (!soleProcess) this.#pump(true);
    });
    every(CLEANUP_EVERY_MS, () => this.cleanUp());
  }

  /**
   * Stops taking jobs and stops the running ones, failing them as interrupted. Queued jobs are handed to the other
   * processes; with none (PGlite) they are failed too.
   */
  async stop(): Promise<void> {
    const { db, now, soleProcess } = this.#deps;
    for (const timer of this.#timers) clearInterval(timer);
    const queued = [...this.#queue];
    this.#queue.clear();
    const running = [...this.#running.keys()];
    this.#stopping.abort(new Error('server shutting down'));
    await this.#claiming;
    await Promise.allSettled([...this.#active]);
    if (soleProcess) running.push(...queued);
    else await releaseJobs(db, queued);
    if (running.length > 0) await this.#dropFiles(await failInterruptedJobs(db, now(), { ids: running }));
  }

  enqueue(jobId: string): void {
    if (this.#stopping.signal.aborted) return;
    this.#queue.add(jobId);
    this.#pump();
  }

  /** Resolves once nothing is queued or running (tests). */
  idle(): Promise<void> {
    if (this.#queue.size === 0 && this.#active.size === 0 && !this.#claiming) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Deletes the files of jobs older than EXPORT_FILE_RETENTION_MS (any process's), then old job rows. */
  async cleanUp(): Promise<void> {
    const { now, db } = this.#deps;
    const cutoff = new Date(now().getTime() - EXPORT_FILE_RETENTION_MS);
    await this.#dropFiles(await jobsWithFilesBefore(db, cutoff));
    await deleteOldJobs(db, now());
  }

  /** Deletes the stored parts of `jobIds` (failed or expired jobs). */
  async #dropFiles(jobIds: string[]): Promise<void> {
    for (const jobId of jobIds) await deleteExportFile(this.#deps.db, jobId);
  }

  /**
   * Starts jobs while there is room: this process's queued jobs and (`orphans`) those another process queued and can
   * no longer run, whichever claimJob finds fairest. A job whose person already runs their share stays queued until
   * one of theirs ends (that end pumps again) or the next heartbeat.
   */
  #pump(orphans = false): void {
    if (orphans) this.#orphans = true;
    if (this.#stopping.signal.aborted) return;
    if (this.#claiming) {
      this.#again = true;
      return;
    }
    this.#again = false;
    this.#claiming = this.#claimWhileRoom()
      .catch((error: unknown) =>
        this.#deps.log.warn(
          { err: loggableError(error) },
          'report export claim failed; retried on the heartbeat',
        ),
      )
      .finally(() => {
        this.#claiming = undefined;
        if (this.#again) this.#pump();
        this.#settleIdle();
      });
  }

  async #claimWhileRoom(): Promise<void> {
    const { db, now } = this.#deps;
    const limit = this.#deps.concurrency ?? 1;
    const runningPerUser = Math.max(1, limit - 1);
    while (
      !this.#stopping.signal.aborted &&
      this.#active.size < limit &&
      (this.#queue.size > 0 || this.#orphans)
    ) {
      const job = await claimJob(db, now(), { local: [...this.#queue], runningPerUser });
      if (!job) {
        this.#orphans = false;
        return;
      }
      this.#queue.delete(job.id);
      const run = this.#run(job)
        .catch((error: unknown) =>
          this.#deps.log.error({ err: loggableError(error), jobId: job.id }, 'report export job failed'),
        )
        .finally(() => {
          this.#active.delete(run);
          this.#pump();
          this.#settleIdle();
        });
      this.#active.add(run);
    }
  }

  /**
   * Stops the running jobs whose requester may no longer have them made: one read per running job, on every heartbeat
   * (so within HEARTBEAT_EVERY_MS of the change, plus the batch being written).
   */
  async checkAccess(): Promise<void> {
    const allowed = this.#deps.stillAllowed;
    if (!allowed) return;
    for (const { job, stop } of [...this.#runningJobs.values()]) {
      if (!stop.signal.aborted && !(await allowed(job))) stop.abort(new AccessEnded());
    }
  }

  #settleIdle(): void {
    if (this.#queue.size > 0 || this.#active.size > 0 || this.#claiming) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  /** Runs a claimed job. */
  async #run(job: JobRow): Promise<void> {
    const { db, now } = this.#deps;
    const jobId = job.id;
    const progress: ExportProgress = { fetchedRows: 0, writtenRows: 0, mostRowsAhead: 0 };
    let totalRows = 0;
    this.#running.set(jobId, progress);
    let saved = { rows: -1, total: -1 };
    const save = async () => {
      if (saved.rows === progress.writtenRows && saved.total === totalRows) return;
      saved = { rows: progress.writtenRows, total: totalRows };
      await saveProgress(db, jobId, progress.writtenRows, totalRows, now());
    };
    const stop = new AbortController();
    this.#runningJobs.set(jobId, { job, stop });
    const ticker = setInterval(() => {
      save().catch(() => {});
    }, PROGRESS_EVERY_MS);
    ticker.unref();
    try {
      // Queued while the person could; they may have lost it since (revoked, set inactive, disabled).
      if (this.#deps.stillAllowed && !(await this.#deps.stillAllowed(job))) throw new AccessEnded();
      await this.#write(job, progress, stop.signal, (n) => {
        totalRows = n;
      });
      // Stopped as its last part was stored: the file is not handed out either.
      if (stop.signal.aborted) throw new AccessEnded();
      clearInterval(ticker);
      await finishJob(db, jobId, { state: 'done', rowsWritten: progress.writtenRows, totalRows }, now());
      this.#finished(job, 'done');
    } catch (error) {
      clearInterval(ticker);
      const outcome = {
        rowsWritten: progress.writtenRows,
        totalRows,
        error: this.#reason(error, stop.signal),
      };
      await this.#recordFailure(jobId, outcome);
      this.#finished(job, 'failed');
    } finally {
      this.#running.delete(jobId);
      this.#runningJobs.delete(jobId);
    }
  }

  /** The notification of a finished job: never holds up or fails the job itself. */
  #finished(job: JobRow, state: 'done' | 'failed') {
    this.#deps
      .onFinished?.(job, state)
      .catch((err) =>
        this.#deps.log.warn({ err: loggableError(err), jobId: job.id }, 'export notification not sent'),
      );
  }

  /**
   * Deletes what was stored of a failed job and marks it failed. The failure is often the database itself (restarted
   * mid-export): the first tries then meet a dead connection or the fail-fast gate, so this tries again for up to
   * STALE_HEARTBEAT_MS — the job stays in #running meanwhile, so its heartbeat keeps the sweep away — and the user
   * sees "failed" as soon as the database is back, not "interrupted" half a minute later.
   */
  async #recordFailure(jobId: string, outcome: Omit<Parameters<typeof finishJob>[2], 'state'>) {
    const { db, now } = this.#deps;
    const until = Date.now() + STALE_HEARTBEAT_MS;
    for (let wait = FAILURE_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, FAILURE_RETRY_MAX_MS)) {
      try {
        await this.#dropFiles([jobId]);
        await finishJob(db, jobId, { state: 'failed', ...outcome }, now());
        return;
      } catch (error) {
        if (Date.now() + wait > until || this.#stopping.signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    }
  }

  /** Writes the job's file; waits and tries again while the render pool's queue is full. */
  async #write(
    job: JobRow,
    progress: ExportProgress,
    stopJob: AbortSignal,
    onCount: (rows: number) => void,
  ): Promise<void> {
    const type = job.reportType as ReportType;
    const definition = REPORT_DEFINITIONS[type];
    const server = SERVER_REPORTS[type];
    if (!definition || !server) throw new Error(`report ${type} has no definition`);
    const language = job.language as Language;
    const { criteria, scope } = job.criteria as unknown as {
      criteria: CriteriaOf<typeof definition>;
      scope: TeamScope;
    };
    const signal = AbortSignal.any([this.#stopping.signal, stopJob]);
    const { db } = this.#deps;
    for (;;) {
      try {
        // Parts of an earlier try (a full render queue can fail one before any row, never after).
        await deleteExportFile(db, job.id);
        await writeXlsxStored(
          this.#deps.renderPool,
          signal,
          {
            fileName: job.fileName,
            sheetName: definition.title[language],
            columns: listExportColumns(definition, language),
            batches: listExportBatches(this.#deps.queryInBatches, server, scope, criteria, language, onCount),
          },
          (body) => storeExportFile(db, job.id, body),
          progress,
        );
        return;
      } catch (error) {
        const busy = error instanceof HttpError && error.statusCode === 503 && progress.fetchedRows === 0;
        if (!busy || signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, RENDER_BUSY_RETRY_MS).unref());
      }
    }
  }

  #reason(error: unknown, stopJob?: AbortSignal): JobError {
    if (this.#stopping.signal.aborted) return INTERRUPTED;
    if (error instanceof AccessEnded || stopJob?.reason instanceof AccessEnded) return ACCESS_ENDED;
    if (error instanceof RowLimitExceededError) {
      return {
        key: 'exports.tooManyRows',
        vars: { rows: error.rows.toLocaleString('en-US'), limit: error.limit.toLocaleString('en-US') },
      };
    }
    this.#deps.log.error({ err: loggableError(error) }, 'report export job failed');
    return { key: 'reports.exportFailed' };
  }
}
