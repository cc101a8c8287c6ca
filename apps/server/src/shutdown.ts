import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** After the grace period, how long closing hooks and the database may still take before the process just exits. */
export const CLOSE_HOOKS_LIMIT_MS = 1000;

export interface DrainOptions {
  app: FastifyInstance;
  /** How long requests in flight (downloads included) may take; then their sockets are destroyed. */
  graceMs: number;
  /** Runs after the server has closed: the database pool. Bounded by CLOSE_HOOKS_LIMIT_MS. */
  afterClose?: () => Promise<void>;
  log: FastifyBaseLogger;
}

export interface DrainResult {
  /** Some requests were still running when the grace period ended and were cut. */
  forced: boolean;
  /** Closing hooks or the database did not finish in time (the process exits anyway). */
  incomplete: boolean;
}

/** Resolves with true when `promise` settles within `ms`, false otherwise (never rejects). */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => resolve(true),
      () => resolve(true),
    );
    promise.finally(() => clearTimeout(timer)).catch(() => {});
  });
}

/**
 * Stops the server the way a load balancer expects: no new connections (app.close() stops listening at once and
 * readiness answers 503 on connections still open), requests in flight finish, and idle keep-alive connections are
 * closed (forceCloseConnections: 'idle'). A client that stops reading a download keeps its socket busy forever, so
 * after `graceMs` every remaining socket is destroyed; closing hooks (render workers, rate-limit store) and the
 * database then get CLOSE_HOOKS_LIMIT_MS more. The whole drain is bounded by graceMs + 2 × CLOSE_HOOKS_LIMIT_MS.
 */
export async function drainServer({ app, graceMs, afterClose, log }: DrainOptions): Promise<DrainResult> {
  const closing = app.close();
  let forced = false;
  if (!(await settlesWithin(closing, graceMs))) {
    forced = true;
    log.warn({ graceMs }, 'grace period over: cutting the requests still in flight');
    app.server.closeAllConnections();
  }
  let incomplete = !(await settlesWithin(closing, CLOSE_HOOKS_LIMIT_MS));
  if (afterClose && !(await settlesWithin(afterClose(), CLOSE_HOOKS_LIMIT_MS))) incomplete = true;
  if (incomplete) log.warn('closing hooks or the database did not finish in time; exiting anyway');
  return { forced, incomplete };
}

export interface ShutdownOptions extends DrainOptions {
  /** Stops background work (timers, sweepers) before the drain. */
  beforeDrain?: () => void;
  exit?: (code: number) => void;
}

/** SIGTERM / SIGINT: drain once and exit. A second signal while draining exits at once (an operator insisting). */
export function installShutdown(options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      options.log.warn({ signal }, 'second signal while draining: exiting now');
      exit(1);
      return;
    }
    draining = true;
    options.log.info(
      { signal, graceMs: options.graceMs },
      'draining: no new connections, finishing requests',
    );
    options.beforeDrain?.();
    drainServer(options).then(
      ({ forced, incomplete }) => {
        options.log.info({ forced, incomplete }, 'drained; exiting');
        exit(0);
      },
      (err: unknown) => {
        options.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
