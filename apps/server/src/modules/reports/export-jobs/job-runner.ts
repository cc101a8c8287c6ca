import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Language, REPORT_DEFINITIONS, type ReportType } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { type QueryInBatches, RowLimitExceededError } from '../../../db/query-in-batches.js';
import type { TeamScope } from '../../../db/team-scope.js';
import { listExportBatches, listExportColumns } from '../../../exports/list-export.js';
import type { ExportProgress } from '../../../exports/send-xlsx.js';
import { writeXlsxFile } from '../../../exports/write-xlsx-file.js';
import type { CriteriaOf } from '../../../lists/index.js';
import { HttpError } from '../../../plugins/errors.js';
import { loggableError } from '../../../plugins/logging.js';
import type { RenderPool } from '../../../render-pool/pool.js';
import { SERVER_REPORTS } from '../server-report-registry.js';
import {
  claimJob,
  deleteOldJobs,
  failInterruptedJobs,
  finishJob,
  INTERRUPTED,
  type JobError,
  type JobRow,
  saveProgress,
  touchJobs,
} from './job-store.js';

/** Files are kept this long after they were written, then deleted (the job then answers 410). */
export const EXPORT_FILE_RETENTION_MS = 24 * 3600_000;
const PROGRESS_EVERY_MS = 1_000;
const HEARTBEAT_EVERY_MS = 5_000;
const CLEANUP_EVERY_MS = 3600_000;
/** Wait before trying again when the render pool's queue is full. */
const RENDER_BUSY_RETRY_MS = 5_000;
/** Render-slot owner of the background exports (apart from any person's own downloads). */
const RENDER_OWNER = 'report-export-jobs';

export interface ReportExportRunnerDeps {
  db: Db;
  renderPool: RenderPool;
  queryInBatches: QueryInBatches;
  now: () => Date;
  /** Where the files are written: DATA_DIR/report-exports. */
  dir: string;
  log: FastifyBaseLogger;
  /** This process alone uses the database (PGlite): every live job found at start was left by a previous run. */
  soleProcess: boolean;
  /** Jobs written at once by this process; the rest wait in arrival order. */
  concurrency?: number;
}

/**
 * Runs the background report exports of this process (decision 019): a small in-process queue (one job at a time by
 * default), each job written by the render pool to a file under `dir`, its progress saved at most once a second.
 * Live jobs carry a heartbeat; one whose process died is failed as interrupted at start (PGlite: all of them; on a
 * shared PostgreSQL: those with a stale heartbeat) and by the periodic sweep. Files older than a day are deleted.
 */
export class ReportExportRunner {
  readonly #deps: ReportExportRunnerDeps;
  readonly #queue: string[] = [];
  readonly #running = new Map<string, ExportProgress>();
  readonly #stopping = new AbortController();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #active = new Set<Promise<void>>();
  #idleWaiters: (() => void)[] = [];

  constructor(deps: ReportExportRunnerDeps) {
    this.#deps = deps;
  }

  filePath(jobId: string): string {
    return join(this.#deps.dir, `${jobId}.xlsx`);
  }

  async start(): Promise<void> {
    const { db, now, soleProcess } = this.#deps;
    const failed = await failInterruptedJobs(db, now(), { all: soleProcess });
    if (failed.length > 0) this.#deps.log.warn({ jobs: failed }, 'report exports interrupted by a restart');
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
      await touchJobs(db, [...this.#queue, ...this.#running.keys()], now());
      await failInterruptedJobs(db, now());
    });
    every(CLEANUP_EVERY_MS, () => this.cleanUp());
  }

  /** Stops taking jobs, stops the running ones and fails every job of this process as interrupted. */
  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    const own = [...this.#queue, ...this.#running.keys()];
    this.#queue.length = 0;
    this.#stopping.abort(new Error('server shutting down'));
    await Promise.allSettled([...this.#active]);
    if (own.length > 0) await failInterruptedJobs(this.#deps.db, this.#deps.now(), { ids: own });
  }

  enqueue(jobId: string): void {
    if (this.#stopping.signal.aborted) return;
    this.#queue.push(jobId);
    this.#pump();
  }

  /** Resolves once nothing is queued or running (tests). */
  idle(): Promise<void> {
    if (this.#queue.length === 0 && this.#active.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Deletes export files (and parts left by a crash) older than EXPORT_FILE_RETENTION_MS, and old job rows. */
  async cleanUp(): Promise<void> {
    const { dir, now, db } = this.#deps;
    const cutoff = now().getTime() - EXPORT_FILE_RETENTION_MS;
    // Made by the first job: a process that never exports leaves no directory behind.
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await rm(path, { force: true });
    }
    await deleteOldJobs(db, now());
  }

  #pump(): void {
    const limit = this.#deps.concurrency ?? 1;
    while (this.#active.size < limit && this.#queue.length > 0) {
      const jobId = this.#queue.shift() as string;
      const run = this.#run(jobId)
        .catch((error: unknown) =>
          this.#deps.log.error({ err: loggableError(error), jobId }, 'report export job failed'),
        )
        .finally(() => {
          this.#active.delete(run);
          this.#pump();
          if (this.#queue.length === 0 && this.#active.size === 0) {
            for (const resolve of this.#idleWaiters.splice(0)) resolve();
          }
        });
      this.#active.add(run);
    }
  }

  async #run(jobId: string): Promise<void> {
    const { db, now } = this.#deps;
    const job = await claimJob(db, jobId, now());
    if (!job) return;
    const progress: ExportProgress = { fetchedRows: 0, writtenRows: 0, mostRowsAhead: 0 };
    let totalRows = 0;
    this.#running.set(jobId, progress);
    let saved = { rows: -1, total: -1 };
    const save = async () => {
      if (saved.rows === progress.writtenRows && saved.total === totalRows) return;
      saved = { rows: progress.writtenRows, total: totalRows };
      await saveProgress(db, jobId, progress.writtenRows, totalRows, now());
    };
    const ticker = setInterval(() => {
      save().catch(() => {});
    }, PROGRESS_EVERY_MS);
    ticker.unref();
    try {
      await this.#write(job, progress, (n) => {
        totalRows = n;
      });
      clearInterval(ticker);
      await finishJob(db, jobId, { state: 'done', rowsWritten: progress.writtenRows, totalRows }, now());
    } catch (error) {
      clearInterval(ticker);
      await finishJob(
        db,
        jobId,
        { state: 'failed', rowsWritten: progress.writtenRows, totalRows, error: this.#reason(error) },
        now(),
      );
    } finally {
      this.#running.delete(jobId);
    }
  }

  /** Writes the job's file; waits and tries again while the render pool's queue is full. */
  async #write(job: JobRow, progress: ExportProgress, onCount: (rows: number) => void): Promise<void> {
    const type = job.reportType as ReportType;
    const definition = REPORT_DEFINITIONS[type];
    const server = SERVER_REPORTS[type];
    if (!definition || !server) throw new Error(`report ${type} has no definition`);
    const language = job.language as Language;
    const { criteria, scope } = job.criteria as unknown as {
      criteria: CriteriaOf<typeof definition>;
      scope: TeamScope;
    };
    const signal = this.#stopping.signal;
    await mkdir(this.#deps.dir, { recursive: true });
    for (;;) {
      try {
        await writeXlsxFile(
          this.#deps.renderPool,
          RENDER_OWNER,
          signal,
          {
            fileName: job.fileName,
            sheetName: definition.title[language],
            columns: listExportColumns(definition, language),
            batches: listExportBatches(this.#deps.queryInBatches, server, scope, criteria, language, onCount),
          },
          this.filePath(job.id),
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

  #reason(error: unknown): JobError {
    if (this.#stopping.signal.aborted) return INTERRUPTED;
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
