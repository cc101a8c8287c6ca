/**
 * Telling "the database cannot be reached" apart from every other failure, and remembering it for a moment.
 *
 * A request that fails because PostgreSQL is down, frozen, restarting or out of connections is not a bug in the
 * portal: it is answered 503 with Retry-After (plugins/errors.ts), and while the database is known to be down the
 * pool refuses new work at once (FailFastGate) instead of letting every request wait for its own timeout.
 */

/** Seconds a caller is asked to wait before trying again after a 503 caused by the database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Thrown without touching the network while the fail-fast gate is shut, and by readiness when its deadline passes. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
}

/**
 * Every connection of a pool was checked out and none came back within DB_CONNECT_TIMEOUT_MS: the process is busy,
 * the database is not down. Answered 503 "busy" with a short Retry-After for this one request (plugins/errors.ts);
 * it never shuts the fail-fast gate nor fails readiness (docs/operations.md, "One heavy user").
 */
export class PoolBusyError extends Error {
  readonly code = 'POOL_BUSY';
}

/**
 * Work waited for a lane's connection (db/lane.ts) while the same person held their whole share of it: their own
 * load, answered 429 with Retry-After. Not an outage either.
 */
export class OwnShareBusyError extends Error {
  readonly code = 'OWN_SHARE_BUSY';
}

/** Seconds a caller is asked to wait after a 503 because every pooled connection was busy. */
export const POOL_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * pg-pool's words when a checkout waited past connectionTimeoutMillis in the queue of a pool whose every connection
 * was checked out. A new connection that does not open in time fails differently ("Connection terminated due to
 * connection timeout"), and a database that stops answering fails the queries in flight (read timeout): those are
 * outages, this is not.
 */
const POOL_QUEUE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** The checkout waited for a busy pool (PoolBusyError, or pg-pool's own error before it is wrapped). */
export function isPoolBusy(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e instanceof PoolBusyError || e instanceof OwnShareBusyError) return true;
    if (e.message === POOL_QUEUE_TIMEOUT_MESSAGE) return true;
  }
  return false;
}

/** Socket-level failures: the server is gone, unreachable, or the connection was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs meaning the session cannot go on: class 08 (connection exception), admin/crash shutdown and
 * "cannot connect now" (57P01–57P03), too many connections (53300), and the server ending a session left idle in a
 * transaction (25P03).
 */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25P03']);

/** node-postgres and pg-pool report these as plain Errors without a code. */
const CONNECTION_MESSAGES = [
  'Query read timeout',
  'Connection terminated',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** The message node-postgres gives when its client-side `query_timeout` fires. */
export const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/** Drizzle wraps driver errors (DrizzleQueryError.cause); look through the whole chain. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The driver's own words: drizzle's wrapper message would repeat the SQL and its parameters into the log. */
export function rootCauseMessage(error: unknown): string {
  let last: { message?: unknown } = {};
  for (const e of causes(error)) last = e;
  return typeof last.message === 'string' ? last.message : String(error);
}

/** The connection itself failed or was never made: the session is lost. A busy pool is not (isPoolBusy). */
export function isConnectionFailure(error: unknown): boolean {
  if (isPoolBusy(error)) return false;
  for (const e of causes(error)) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || CONNECTION_SQLSTATES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/**
 * What the caller should see as "temporarily unavailable": a lost connection, or a statement the server cancelled
 * because it ran past statement_timeout (57014) — the database is overloaded or locked, and a retry may succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionFailure(error)) return true;
  for (const e of causes(error)) if (e.code === '57014') return true;
  return false;
}

export interface FailFastGateOptions {
  /** How long the gate stays shut after a failure before one trial request may try the database again. */
  openMs: number;
  /** A trial that has not reported by then is presumed lost, so another request may try. */
  trialMs: number;
  now?: () => number;
}

/**
 * A circuit breaker in front of the pool. Closed: everything passes. A failed connect or a read timeout shuts it
 * for `openMs`; meanwhile checkouts fail at once with DatabaseUnavailableError. Then one request is let through as a
 * trial: an answer from the server (any answer, an SQL error included) opens it again for everyone, a failure shuts
 * it for another `openMs`. Recovery needs no operator and no timer: the next request after the pause is the probe.
 */
export class FailFastGate {
  private shutUntil = 0;
  private trialSince: number | null = null;
  private failing = false;
  private readonly now: () => number;

  constructor(private readonly options: FailFastGateOptions) {
    this.now = options.now ?? Date.now;
  }

  /** True while the database is presumed unreachable (readiness reports it). */
  get isOpen(): boolean {
    return this.failing;
  }

  /** May this checkout go to the database? In the half-open state only one trial at a time may. */
  admit(): boolean {
    if (!this.failing) return true;
    const at = this.now();
    if (at < this.shutUntil) return false;
    if (this.trialSince !== null && at - this.trialSince < this.options.trialMs) return false;
    this.trialSince = at;
    return true;
  }

  /** The server answered. */
  succeeded(): void {
    this.failing = false;
    this.trialSince = null;
  }

  /** A connect failed or a query got no answer in time. */
  failed(): void {
    this.failing = true;
    this.trialSince = null;
    this.shutUntil = this.now() + this.options.openMs;
  }
}
