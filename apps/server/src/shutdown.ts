import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** After the grace period, how long closing hooks and the database may still take before the process just exits. */
export const CLOSE_HOOKS_LIMIT_MS = 1000;

/** While draining, connections without a request in flight are closed this often. */
const IDLE_SWEEP_MS = 100;

export interface ConnectionTracker {
  /**
   * Destroys the connections that carry no request and received nothing since the previous call; returns how many.
   * A connection whose bytes are still unread (the event loop was busy) is spared until the next call, by which
   * time Node has parsed them into a request.
   */
  closeIdle(): number;
}

/**
 * Counts requests in flight per connection, from the server's start. Node closes keep-alive connections between
 * requests on server.close(), but not a connection that has not sent a request yet (a browser's preconnect, a
 * load balancer's spare): without this, one such socket would hold every shutdown for the whole grace period.
 */
export function trackConnections(server: Server): ConnectionTracker {
  const inFlight = new Map<Socket, number>();
  const bytesAtLastSweep = new WeakMap<Socket, number>();
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const count = inFlight.get(socket);
      if (count !== undefined) inFlight.set(socket, Math.max(0, count - 1));
    });
  });
  return {
    closeIdle: () => {
      let closed = 0;
      for (const [socket, count] of inFlight) {
        const quiet = bytesAtLastSweep.get(socket) === socket.bytesRead;
        bytesAtLastSweep.set(socket, socket.bytesRead);
        if (count > 0 || !quiet) continue;
        socket.destroy();
        closed++;
      }
      return closed;
    },
  };
}

export interface DrainOptions {
  app: FastifyInstance;
  /** Made by trackConnections when the server started; closes connections that carry no request. */
  connections?: ConnectionTracker;
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
export async function drainServer({
  app,
  connections,
  graceMs,
  afterClose,
  log,
}: DrainOptions): Promise<DrainResult> {
  const closing = app.close();
  let forced = false;
  connections?.closeIdle();
  const sweep = connections ? setInterval(() => connections.closeIdle(), IDLE_SWEEP_MS) : undefined;
  const finished = await settlesWithin(closing, graceMs);
  clearInterval(sweep);
  if (!finished) {
    forced = true;
    log.warn({ graceMs }, 'grace period over: cutting the requests still in flight');
    app.server.closeAllConnections();
  }
  let incomplete = !(await settlesWithin(closing, CLOSE_HOOKS_LIMIT_MS));
  if (afterClose && !(await settlesWithin(afterClose(), CLOSE_HOOKS_LIMIT_MS))) incomplete = true;
  if (incomplete) log.warn('closing hooks or the database did not finish in time; exiting anyway');
  return { forced, incomplete };
}

export interface ShutdownOptions extends Omit<DrainOptions, 'connections'> {
  /** Stops background work (timers, sweepers) before the drain. */
  beforeDrain?: () => void;
  exit?: (code: number) => void;
}

/**
 * SIGTERM / SIGINT: drain once and exit. A second signal while draining exits at once (an operator insisting).
 * Install before app.listen(), so every connection is tracked.
 */
export function installShutdown(options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const connections = trackConnections(options.app.server);
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
    drainServer({ ...options, connections }).then(
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
