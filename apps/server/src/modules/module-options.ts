import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { QueryInBatches } from '../db/query-in-batches.js';
import type { JobQueue } from '../jobs/queue.js';
import type { MailQueue } from '../mail/mail-queue.js';
import type { Notifier } from '../notifications/index.js';
import type { RateLimiter } from '../plugins/rate-limit/index.js';
import type { RenderPool } from '../render-pool/pool.js';

/** What every feature module receives. Each module registers its routes under `{basePath}/{lang}/api`. */
export interface ModuleOptions {
  config: Config;
  db: Db;
  now?: () => Date;
  /** The deployment's one rate limiter (counters in PostgreSQL or Redis), shared by every module. */
  limiter: RateLimiter;
  /** The durable job queue (pg-boss); modules define their queues while the app is built. */
  jobs: JobQueue;
  /** Every e-mail goes through here: a job, sent and retried by a worker. */
  mail: MailQueue;
  /** Notices to people by e-mail and SMS (src/notifications/): security events, later messages. */
  notifier: Notifier;
  /** LISTEN on a channel (live notification streams); absent in apps that serve no streams. */
  listen?: Database['listen'];
  /** The deployment's one pool of render threads (PDF, ZIP, exports): heavy rendering never runs on the event loop. */
  renderPool: RenderPool;
  /**
   * A query's rows in batches through a server-side cursor (exports, reports): bounded memory, a connection of its
   * own on PostgreSQL, the export statement limit. Hand the batches to `sendXlsxExport` (src/exports/).
   */
  queryInBatches: QueryInBatches;
}
