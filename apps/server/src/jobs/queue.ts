import { context, type Link, propagation, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';
import { upgradeFromPgBoss10 } from './upgrade-from-v10.js';

/** pg-boss keeps its tables in a schema of their own, beside the portal's (docs/decisions/017). */
export const JOB_SCHEMA = 'pgboss';

/** pg-boss' shortest poll; a job sent by this process wakes its worker at once (notifyWorker) anyway. */
const POLL_SECONDS = 0.5;

/**
 * Finished jobs (completed, or failed after the last attempt) stay this long before pg-boss deletes them: a failed
 * job stays retryable for a week (docs/operations.md, "Mail"). Payloads are sealed meanwhile (sealed.ts).
 */
const FINISHED_JOB_SECONDS = 7 * 24 * 3600;

/** Statement limit while creating queues at start (DDL that may wait on another process's DDL). */
const QUEUE_SETUP_LIMIT_MS = 60_000;

/**
 * Installs or migrates pg-boss' schema (a pg-boss 10 one is carried over first: upgrade-from-v10.ts) and stops
 * again, running no workers. main.ts calls it on the setup pool,
 * beside the portal's migrations: the request pool's 1 s statement limit (decision 016) is no place for DDL.
 */
export async function prepareJobSchema(database: Pick<Database, 'sql' | 'session'>): Promise<void> {
  await upgradeFromPgBoss10(database, JOB_SCHEMA);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.sql.executeSql(text, values) },
    schema: JOB_SCHEMA,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

const tracer = trace.getTracer('portal');
/** Where a job carries the trace context of the request that queued it (W3C traceparent), only with tracing on. */
const TRACE_KEY = '__trace';

/** `data` with the active trace context added, when there is one (tracing on, inside a request). */
function withTraceContext<T extends object>(data: T): T {
  if (!trace.getActiveSpan()) return data;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return { ...data, [TRACE_KEY]: carrier };
}

/**
 * A job's own data, and a link to the request that queued it: the job's span starts a trace of its own (it runs
 * later, maybe in another process) and links back, so the request's trace leads to it and the other way round.
 */
function tracedJobData(data: unknown): { data: unknown; links?: Link[] } {
  if (!data || typeof data !== 'object' || !(TRACE_KEY in data)) return { data };
  const { [TRACE_KEY]: carrier, ...rest } = data as Record<string, unknown>;
  const linked = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, carrier ?? {}));
  return { data: rest, ...(linked ? { links: [{ context: linked }] } : {}) };
}

export interface QueueDefinition<T> {
  name: string;
  /** Attempts after the first; each waits retryDelaySeconds × 2^n (jittered, pg-boss' backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still running after this long counts as failed (and is retried). */
  expireInSeconds: number;
  /** Where a job goes after its last failed attempt; its handler is told (and logs it). */
  deadLetter?: QueueDefinition<T>;
  handle(data: T, job: { id: string; retryCount: number }): Promise<void>;
}

export interface JobQueueOptions {
  /** False in a web-only process: it sends jobs but runs none (another process does). */
  runWorkers: boolean;
  log: FastifyBaseLogger;
}

/**
 * The portal's durable job queue: pg-boss on the portal's own database (a pg Pool or the embedded PGlite, through
 * `database.sql`), so a job is a row that outlives a crash or a failed SMTP server, with pg-boss' retries and
 * backoff. Feature modules `define` their queues while the app is built; `start` (on ready) installs or migrates
 * pg-boss' schema, creates the queues and starts the workers; `stop` (on close) lets running jobs finish.
 */
export class JobQueue {
  readonly boss: PgBoss;
  readonly #definitions = new Map<string, QueueDefinition<unknown>>();
  /** Failed attempts per queue in this process since start (observability/metrics.ts). */
  readonly failures = new Map<string, number>();
  readonly #workers = new Map<string, string>();
  readonly #deferredWakes = new Set<string>();
  readonly #options: JobQueueOptions;
  readonly #database: Pick<Database, 'sql' | 'session' | 'kind'>;
  #started = false;

  constructor(database: Pick<Database, 'sql' | 'session' | 'kind'>, options: JobQueueOptions) {
    this.#options = options;
    this.#database = database;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.sql.executeSql(text, values) },
      schema: JOB_SCHEMA,
      // No cron schedules are used; maintenance (expiry of stuck jobs, archiving) runs in every process, pg-boss
      // serialises it with an advisory lock.
      schedule: false,
      supervise: true,
    });
    this.boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  }

  define<T>(definition: QueueDefinition<T>): void {
    if (this.#started) throw new Error(`queue ${definition.name} defined after the job queue started`);
    if (definition.deadLetter) this.define(definition.deadLetter);
    this.#definitions.set(definition.name, definition as QueueDefinition<unknown>);
  }

  async start(): Promise<void> {
    await this.boss.start();
    // Dead-letter queues first: a queue refers to its dead-letter queue by name.
    const ordered = [...this.#definitions.values()].sort(
      (a, b) => (a.deadLetter ? 1 : 0) - (b.deadLetter ? 1 : 0),
    );
    await this.#createQueues(ordered);
    this.#started = true;
    if (!this.#options.runWorkers) return;
    for (const d of ordered) {
      const id = await this.boss.work<unknown>(
        d.name,
        { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const { data, links } = tracedJobData(job.data);
          const span = links ? tracer.startSpan(`job ${d.name}`, { root: true, links }) : undefined;
          try {
            await (span
              ? context.with(trace.setSpan(context.active(), span), () =>
                  d.handle(data, { id: job.id, retryCount: job.retryCount }),
                )
              : d.handle(data, { id: job.id, retryCount: job.retryCount }));
          } catch (err) {
            span?.setStatus({ code: SpanStatusCode.ERROR });
            const last = job.retryCount >= d.retryLimit;
            this.failures.set(d.name, (this.failures.get(d.name) ?? 0) + 1);
            this.#options.log.warn(
              { err, queue: d.name, jobId: job.id, attempt: job.retryCount + 1, last },
              last ? 'job failed for good' : 'job failed, will be retried',
            );
            throw err;
          } finally {
            span?.end();
          }
        },
      );
      this.#workers.set(d.name, id);
    }
  }

  /**
   * Creating a queue is DDL (a partition table per queue). Several processes starting at once on a database where
   * the queues do not exist yet each create them, and their DDL waits on each other's locks: far past the request
   * pool's 1 s statement limit on a busy machine, or deadlocked. So on PostgreSQL the queues are created on one held
   * connection with a setup limit (60 s), under an advisory lock, by a pg-boss handle of its own; a queue another
   * process created meanwhile is kept. A failure discards the connection, which frees the lock.
   */
  async #createQueues(ordered: QueueDefinition<unknown>[]): Promise<void> {
    const session = this.#database.kind === 'postgres' ? await this.#database.session() : undefined;
    const sql = session
      ? {
          executeSql: async (text: string, values?: unknown[]) => ({
            rows: (await session.query(text, values)).rows,
          }),
        }
      : this.#database.sql;
    const setup = new PgBoss({ db: sql, schema: JOB_SCHEMA, schedule: false, supervise: false });
    let failure: Error | undefined;
    try {
      if (session) {
        await session.query(`select set_config('statement_timeout', $1, false)`, [
          String(QUEUE_SETUP_LIMIT_MS),
        ]);
        session.setReadTimeout(QUEUE_SETUP_LIMIT_MS + 5_000);
        // One process at a time: two creating the same queues at once deadlock on each other's DDL.
        await session.query(`select pg_advisory_lock(hashtext('portal:job-queues'))`);
      }
      for (const d of ordered) {
        const options = {
          name: d.name,
          retryLimit: d.retryLimit,
          retryDelay: d.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: d.expireInSeconds,
          deleteAfterSeconds: FINISHED_JOB_SECONDS,
          ...(d.deadLetter ? { deadLetter: d.deadLetter.name } : {}),
        };
        await setup.createQueue(d.name, options);
        // createQueue keeps an existing queue as it was: bring its policy up to date with the code.
        await setup.updateQueue(d.name, options);
      }
      if (session) {
        await session.query(`select pg_advisory_unlock(hashtext('portal:job-queues'))`);
        await session.query('reset statement_timeout');
        session.setReadTimeout(undefined);
      }
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      session?.release(failure);
    }
  }

  /**
   * Stores one job; a worker of this process (if any) picks it up at once instead of at its next poll. With
   * `wake: 'after-response'` the worker is woken only by `wakeDeferred()`, which the caller runs once its answer
   * has gone: a job started at once would share the database (and, on PGlite, its one connection) with the rest
   * of the request, and the request would take longer exactly when the job has more to do.
   */
  async send<T extends object>(
    definition: QueueDefinition<T>,
    data: T,
    { wake = 'now' }: { wake?: 'now' | 'after-response' } = {},
  ): Promise<void> {
    const id = await this.boss.send(definition.name, withTraceContext(data));
    if (!id) throw new Error(`job queue refused a ${definition.name} job`);
    if (wake === 'now') this.#wake(definition.name);
    else this.#deferredWakes.add(definition.name);
  }

  /** Wakes the workers of jobs sent with `wake: 'after-response'` (at the latest they poll within POLL_SECONDS). */
  wakeDeferred(): void {
    for (const name of this.#deferredWakes) this.#wake(name);
    this.#deferredWakes.clear();
  }

  /** Started and not stopped (readiness reports it); `workers`: this process runs jobs too (JOB_WORKERS). */
  get state(): { running: boolean; workers: boolean } {
    return { running: this.#started, workers: this.#options.runWorkers };
  }

  /** The queue names this process defined (its metrics report these). */
  get queueNames(): string[] {
    return [...this.#definitions.keys()];
  }

  #wake(name: string) {
    const worker = this.#workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /** Stops fetching, waits up to `graceMs` for running jobs, and leaves the database connection to its owner. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.boss.stop({ graceful: true, close: false, timeout: graceMs });
  }
}
