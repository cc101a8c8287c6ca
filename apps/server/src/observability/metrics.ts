import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, NamedPool } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import type { SessionCacheLookups } from '../plugins/session/session-cache.js';
import type { RenderPool } from '../render-pool/pool.js';

/**
 * The portal's Prometheus metrics (docs/operations/runbook.md lists every family and what to alert on). One registry
 * per app, so each process, and each app a test builds, reports its own. Most figures are read at scrape time from
 * counters the parts already keep (pools, lanes, render pool, load shedding); only the request timings and the pool
 * waits are recorded as they happen. Labels are bounded: a route's pattern (never its path with ids), a method, a
 * status class, a pool or queue name.
 */
export interface PortalMetrics {
  registry: Registry;
  /** Routed reads by where they ran (fed by db/read-replicas.ts). */
  readonly replicaReads: Counter<'target'>;
}

export interface MetricSources {
  app: FastifyInstance;
  database: Database;
  jobs: JobQueue;
  renderPool: RenderPool;
  sessionLookups: SessionCacheLookups;
}

/** Request times: a list page is tens of ms, a PDF or a ZIP seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Pool waits: 0 when a connection is free; DB_CONNECT_TIMEOUT_MS (1 s) or the heavy lane's 10 s at most. */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TASK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** Queue figures come from the database: at most one query set per this long, however many scrapers ask. */
const QUEUE_SNAPSHOT_MS = 1000;

/** The label of a route: the pattern it was registered with, the same for every id and language. */
export function routeLabel(url: string | undefined): string {
  return url ?? 'unmatched';
}

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export function createPortalMetrics(sources: MetricSources): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  registerRequestMetrics(registry, sources.app);
  registerPoolMetrics(registry, sources.database.pools ?? []);
  registerRenderMetrics(registry, sources.renderPool);
  registerQueueMetrics(registry, sources.database, sources.jobs);
  registerSessionAndSheddingMetrics(registry, sources.app, sources.sessionLookups);
  const replicaReads = new Counter({
    name: 'portal_db_reads_total',
    help: 'Read-only work (lists, reports, statements, documents) by where it ran: replica or primary.',
    labelNames: ['target'],
    registers: [registry],
  });
  const { replicas } = sources.database;
  if (replicas) {
    replicas.onRead = (target) => replicaReads.inc({ target });
    new Gauge({
      name: 'portal_db_replica_lag_seconds',
      help: 'How far each read replica was behind the primary at the last look (absent while it does not answer).',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        this.reset();
        for (const r of replicas.status())
          if (r.lagMs !== null) this.set({ replica: r.name }, r.lagMs / 1000);
      },
    });
    new Gauge({
      name: 'portal_db_replica_serving',
      help: '1 while a read replica takes reads (up and within READ_MAX_LAG_MS), 0 while they go to the primary.',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const r of replicas.status()) this.set({ replica: r.name }, r.state === 'ok' ? 1 : 0);
      },
    });
  }
  return { registry, replicaReads };
}

function registerRequestMetrics(registry: Registry, app: FastifyInstance) {
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  // A callback hook after the answer went: it adds nothing to the time the caller waits.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: routeLabel(request.routeOptions.url),
      status_class: statusClass(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

function registerPoolMetrics(registry: Registry, pools: readonly NamedPool[]) {
  const waits = new Histogram({
    name: 'portal_db_pool_wait_seconds',
    help: 'Time a checkout waited for a connection of the pool (0 when one was free).',
    labelNames: ['pool'],
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  for (const { name, lane } of pools) {
    const child = waits.labels({ pool: name });
    lane.onWaited = (ms) => child.observe(ms / 1000);
  }
  const gauge = (name: string, help: string, read: (pool: NamedPool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        for (const pool of pools) this.set({ pool: pool.name }, read(pool));
      },
    });
  gauge('portal_db_pool_max_connections', 'Connections the pool may open.', ({ lane }) => lane.slots);
  gauge('portal_db_pool_connections', 'Connections the pool holds open.', ({ pool }) => pool.totalCount);
  gauge(
    'portal_db_pool_in_use_connections',
    'Connections checked out of the pool.',
    ({ pool }) => pool.totalCount - pool.idleCount,
  );
  gauge(
    'portal_db_pool_waiting',
    'Checkouts waiting for a connection of the pool.',
    ({ lane, pool }) => lane.stats.waiting + pool.waitingCount,
  );
}

function registerRenderMetrics(registry: Registry, renderPool: RenderPool) {
  new Gauge({
    name: 'portal_render_threads',
    help: 'Render threads running (0 before the first render of a process that does not listen).',
    registers: [registry],
    collect() {
      this.set(renderPool.threads);
    },
  });
  new Gauge({
    name: 'portal_render_queue_depth',
    help: 'Renders waiting for a thread.',
    registers: [registry],
    collect() {
      this.set(renderPool.queued);
    },
  });
  new Gauge({
    name: 'portal_render_tasks_in_flight',
    help: 'Render and stream tasks running or waiting.',
    registers: [registry],
    collect() {
      this.set(renderPool.inFlight);
    },
  });
  mirroredCounter(
    registry,
    'portal_render_refusals_total',
    'Renders refused: busy_user (429, the per-person cap) or queue_full (503).',
    'reason',
    () => [
      ['busy_user', renderPool.counters.refusedBusyUser],
      ['queue_full', renderPool.counters.refusedQueueFull],
    ],
  );
  const taskTime = new Histogram({
    name: 'portal_render_task_duration_seconds',
    help: 'Time of a render or stream task in the pool, its wait for a thread included, by kind.',
    labelNames: ['kind'],
    buckets: TASK_BUCKETS,
    registers: [registry],
  });
  renderPool.onTaskDone = (kind, seconds) => taskTime.observe({ kind }, seconds);
}

interface QueueFigure {
  queue: string;
  depth: number;
  oldestSeconds: number;
}

/**
 * Depth and age of every queue: pg-boss' (mail, account mail, SMS, dead letters) and the background report exports.
 * On PostgreSQL only: the embedded database is one process's own, and a scrape must not queue behind its requests.
 */
function registerQueueMetrics(registry: Registry, database: Database, jobs: JobQueue) {
  let snapshot: { at: number; figures: Promise<QueueFigure[]> } | undefined;
  const figures = () => {
    const at = performance.now();
    if (!snapshot || at - snapshot.at > QUEUE_SNAPSHOT_MS)
      snapshot = { at, figures: readQueueFigures(database, jobs.queueNames).catch(() => []) };
    return snapshot.figures;
  };
  new Gauge({
    name: 'portal_job_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry), per queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of await figures()) this.set({ queue: f.queue }, f.depth);
    },
  });
  new Gauge({
    name: 'portal_job_queue_oldest_age_seconds',
    help: 'Age of the oldest job waiting to run, per queue (0 when none waits).',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of await figures()) this.set({ queue: f.queue }, f.oldestSeconds);
    },
  });
  mirroredCounter(
    registry,
    'portal_job_failures_total',
    'Failed job attempts in this process, per queue (each failed retry counts).',
    'queue',
    () => jobs.queueNames.map((queue) => [queue, jobs.failures.get(queue) ?? 0]),
  );
}

async function readQueueFigures(database: Database, queues: string[]): Promise<QueueFigure[]> {
  if (database.kind !== 'postgres') return [];
  const { rows: jobRows } = await database.sql.executeSql(
    `select name, count(*)::int as depth,
            coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as oldest
       from pgboss.job where state in ('created', 'retry') group by name`,
  );
  const { rows: exportRows } = await database.sql.executeSql(
    `select count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
       from report_export_jobs where state = 'queued'`,
  );
  const byName = new Map(
    (jobRows as { name: string; depth: number; oldest: number }[]).map((r) => [r.name, r]),
  );
  const figures = queues.map((queue) => ({
    queue,
    depth: byName.get(queue)?.depth ?? 0,
    oldestSeconds: byName.get(queue)?.oldest ?? 0,
  }));
  const exports = (exportRows as { depth: number; oldest: number }[])[0];
  figures.push({ queue: 'report-export', depth: exports?.depth ?? 0, oldestSeconds: exports?.oldest ?? 0 });
  return figures;
}

function registerSessionAndSheddingMetrics(
  registry: Registry,
  app: FastifyInstance,
  lookups: SessionCacheLookups,
) {
  mirroredCounter(
    registry,
    'portal_session_cache_lookups_total',
    'Session lookups: hit (memory), miss (read from the database), off (the cache was not serving).',
    'result',
    () => [
      ['hit', lookups.hit],
      ['miss', lookups.miss],
      ['off', lookups.off],
    ],
  );
  mirroredCounter(
    registry,
    'portal_load_shed_refusals_total',
    'Requests refused with 503 because MAX_IN_FLIGHT were under way.',
    'reason',
    () => [['max_in_flight', app.loadShedding.shed]],
  );
  new Gauge({
    name: 'portal_http_requests_in_flight',
    help: 'Requests under way (the load-shedding count; probes excluded).',
    registers: [registry],
    collect() {
      this.set(app.loadShedding.inFlight);
    },
  });
}

/**
 * A counter whose value a part already keeps (a plain number that only grows): copied at scrape time, so the part
 * pays nothing per event and the family is still a Prometheus counter (rate() works on it).
 */
function mirroredCounter<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  label: L,
  read: () => [string, number][],
) {
  return new Counter({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      this.reset();
      for (const [value, count] of read()) this.inc({ [label]: value } as Record<L, string>, count);
    },
  });
}
