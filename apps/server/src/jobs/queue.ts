import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/** pg-boss keeps its tables in a schema of their own, beside the portal's (docs/decisions/017). */
export const JOB_SCHEMA = 'pgboss';

/** pg-boss' shortest poll; a job sent by this process wakes its worker at once (notifyWorker) anyway. */
const POLL_SECONDS = 0.5;

const QUEUE_SETUP_ATTEMPTS = 4;

/**
 * Installs or migrates pg-boss' schema and stops again, running no workers. main.ts calls it on the setup pool,
 * beside the portal's migrations: the request pool's 1 s statement limit (decision 016) is no place for DDL.
 */
export async function prepareJobSchema(database: Pick<Database, 'sql'>): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.sql.executeSql(text, values) },
    schema: JOB_SCHEMA,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
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
  readonly #workers = new Map<string, string>();
  readonly #deferredWakes = new Set<string>();
  readonly #options: JobQueueOptions;
  #started = false;

  constructor(database: Pick<Database, 'sql'>, options: JobQueueOptions) {
    this.#options = options;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.sql.executeSql(text, values) },
      schema: JOB_SCHEMA,
      // No cron schedules are used; maintenance (expiry of stuck jobs, archiving) runs in every process, pg-boss
      // serialises it with an advisory lock.
      schedule: false,
      supervise: true,
      // Failed jobs stay retryable for a week (docs/operations.md, "Mail") before they are archived.
      archiveFailedAfterSeconds: 7 * 24 * 3600,
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
    for (const d of ordered) {
      const options = {
        name: d.name,
        retryLimit: d.retryLimit,
        retryDelay: d.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: d.expireInSeconds,
        ...(d.deadLetter ? { deadLetter: d.deadLetter.name } : {}),
      };
      await this.#withRetry(d.name, async () => {
        await this.boss.createQueue(d.name, options);
        // createQueue keeps an existing queue as it was: bring its policy up to date with the code.
        await this.boss.updateQueue(d.name, options);
      });
    }
    this.#started = true;
    if (!this.#options.runWorkers) return;
    for (const d of ordered) {
      const id = await this.boss.work<unknown>(
        d.name,
        { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          try {
            await d.handle(job.data, { id: job.id, retryCount: job.retryCount });
          } catch (err) {
            const last = job.retryCount >= d.retryLimit;
            this.#options.log.warn(
              { err, queue: d.name, jobId: job.id, attempt: job.retryCount + 1, last },
              last ? 'job failed for good' : 'job failed, will be retried',
            );
            throw err;
          }
        },
      );
      this.#workers.set(d.name, id);
    }
  }

  /**
   * Two processes starting at the same moment on a fresh database both create the queues; pg-boss serialises that
   * with a lock, and the one that waits can hit the request pool's 1 s statement limit. By the next try the other
   * has created the queue, so creating it again is a no-op.
   */
  async #withRetry(queue: string, step: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (err) {
        if (attempt >= QUEUE_SETUP_ATTEMPTS) throw err;
        this.#options.log.warn({ err, queue, attempt }, 'creating the job queue failed, trying again');
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
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
    const id = await this.boss.send(definition.name, data);
    if (!id) throw new Error(`job queue refused a ${definition.name} job`);
    if (wake === 'now') this.#wake(definition.name);
    else this.#deferredWakes.add(definition.name);
  }

  /** Wakes the workers of jobs sent with `wake: 'after-response'` (at the latest they poll within POLL_SECONDS). */
  wakeDeferred(): void {
    for (const name of this.#deferredWakes) this.#wake(name);
    this.#deferredWakes.clear();
  }

  #wake(name: string) {
    const worker = this.#workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /** Stops fetching, waits up to `graceMs` for running jobs, and leaves the database connection to its owner. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: graceMs });
  }
}
