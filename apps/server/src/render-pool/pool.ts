import { AsyncLocalStorage } from 'node:async_hooks';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { Piscina } from 'piscina';
import type { Config } from '../config.js';
import { HttpError } from '../plugins/errors.js';
import type { LeaseStore } from '../plugins/rate-limit/leases.js';
import { FairQueue } from './fair-queue.js';
import type {
  RenderKind,
  RenderOutcome,
  RenderTask,
  RenderTasks,
  RenderWorkerSettings,
  StreamKind,
  StreamTask,
  StreamTasks,
} from './tasks.js';

/** A document could not be produced here at all (e.g. the CJK font is missing); the route says so in its terms. */
export class RenderUnavailableError extends Error {}

/** Status of a request whose client went away before its document was ready (nginx's "client closed request"). */
export const CLIENT_CLOSED_REQUEST = 499;

/** One of a person's concurrent renders, held from the start of a download until its last byte is produced. */
export interface RenderReservation {
  /**
   * Idempotent: a ZIP releases on end, error and close alike. Resolves (never rejects) once the slot is free in
   * every process, so whoever waits for it can start the person's next download without a 429.
   */
  release(): Promise<void>;
}

export interface RenderPoolCounters {
  /** Tasks handed to the pool (queued or started). */
  submitted: number;
  /** Tasks a worker finished (a stream task: its conversation ended without error). */
  completed: number;
  /** Tasks dropped from the queue because their download was abandoned before a thread took them. */
  aborted: number;
  refusedBusyUser: number;
  refusedQueueFull: number;
}

const tracer = trace.getTracer('portal');

const WORKER_FILE = new URL('./worker-entry.mjs', import.meta.url);

/** What render and stream threads share. */
const THREAD_OPTIONS = {
  filename: WORKER_FILE.href,
  // Workers keep their parsed fonts: they live as long as the pool.
  idleTimeout: Number.POSITIVE_INFINITY,
  // A larger young generation: layout and shaping allocate many short-lived objects, and with V8's default
  // the garbage collector took a quarter of a PDF's CPU (decision 015: −18 % CPU with 32 MB semi-spaces).
  resourceLimits: { maxYoungGenerationSizeMb: 96 },
  // Render threads yield the CPU to the thread that answers requests when both want it (Linux thread nice
  // value, via @napi-rs/nice): a download may take longer, nobody's page waits for it.
  niceIncrement: 10,
};

/** Whose work the current code does (RenderPool.asOwner); tasks submitted outside any share one turn. */
const taskOwner = new AsyncLocalStorage<string>();
const NO_OWNER = '';

/**
 * THE mechanism for heavy rendering (decision 015): PDFs, ZIP entries and later XLSX exports are rendered by a pool of
 * worker threads (piscina), so the event loop keeps answering everyone else. The main thread does the database work
 * and hands over plain data. Two limits protect the server: a bounded queue (full → 503) and a cap on each person's
 * concurrent renders (over it → 429), both with Retry-After. The workers start on the first render, not at boot, so
 * processes that never render (most test files, seed scripts) start no threads.
 */
export class RenderPool {
  readonly counters: RenderPoolCounters = {
    submitted: 0,
    completed: 0,
    aborted: 0,
    refusedBusyUser: 0,
    refusedQueueFull: 0,
  };
  /** Told each task's kind and time in the pool, queue included (observability/metrics.ts); unset: not timed. */
  onTaskDone: ((kind: string, seconds: number) => void) | undefined;
  #piscina: Piscina | undefined;
  /** The threads of the streaming tasks (exports), apart from the renders'. */
  #streamPiscina: Piscina | undefined;
  /** The thread of the background streams (stored exports), below everything a person waits for. */
  #backgroundPiscina: Piscina | undefined;
  /** No new downloads start; those under way still render. */
  #closing = false;
  #closed = false;
  #drained: (() => void) | undefined;
  /** This process's slots per owner: the fast path, and what close() waits for. */
  readonly #active = new Map<string, number>();
  /** Shared leases being given back. */
  readonly #releasing = new Set<Promise<void>>();
  /** Tasks accepted and not yet settled: running or waiting. */
  #inFlight = 0;
  /** Render tasks handed to piscina (at most one per thread). */
  #running = 0;
  /** Render tasks waiting for a thread: fewest running first, then round-robin by owner (FairQueue). */
  readonly #waiting = new FairQueue<() => void>();
  /** Render tasks running per owner. */
  readonly #runningBy = new Map<string, number>();
  /** Running mean of a task's time in the pool (queue + render), for Retry-After. */
  #meanTaskMs = 1000;

  /**
   * @param leases Where the per-person cap is counted across server processes (decision 026); without it (PGlite,
   *   one process) this process's own count is the whole truth.
   */
  constructor(
    private readonly settings: Config['render'] & { pdfFontPath: string | undefined },
    private readonly leases?: LeaseStore,
  ) {}

  /**
   * Takes one of `owner`'s render slots, or refuses with 429 and Retry-After when they already use all of them, in
   * this process or, with a lease store, in any. This process's own count is checked first (no round trip when it
   * alone is at the cap) and taken before the shared lease is asked for, so this process's concurrent requests
   * cannot both pass the check while the lease is on its way.
   */
  async reserve(owner: string): Promise<RenderReservation> {
    if (this.#closing) throw new HttpError(503, 'errors.unavailable', { 'retry-after': '5' });
    const active = this.#active.get(owner) ?? 0;
    if (active >= this.settings.perUser) this.#userBusy();
    this.#active.set(owner, active + 1);
    const local = this.#localRelease(owner);
    if (!this.leases)
      return {
        release: async () => {
          local();
        },
      };
    let lease: Awaited<ReturnType<LeaseStore['acquire']>>;
    try {
      lease = await this.leases.acquire(owner, this.settings.perUser);
    } catch (error) {
      // The database is away: the download would fail on its next query anyway; the error handler says 503.
      local();
      throw error;
    }
    if (!lease) {
      local();
      this.#userBusy();
    }
    const shared = lease;
    return {
      release: () => {
        // Awaited by an export before it reports its end, and by close(), so the app does not close the database
        // under it (a failed release is logged by the store and the lease expires on its own). Tracked before the
        // local slot is given back, since that may be what close() waits for.
        const releasing = shared.release();
        this.#releasing.add(releasing);
        releasing.finally(() => this.#releasing.delete(releasing));
        local();
        return releasing;
      },
    };
  }

  /** Gives back one of `owner`'s slots in this process, once. */
  #localRelease(owner: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#active.get(owner) ?? 1) - 1;
      if (left <= 0) this.#active.delete(owner);
      else this.#active.set(owner, left);
      if (this.#active.size === 0) this.#drained?.();
    };
  }

  #userBusy(): never {
    this.counters.refusedBusyUser++;
    throw new HttpError(
      429,
      'rendering.userBusy',
      { 'retry-after': this.#retryAfter(1) },
      { limit: this.settings.perUser },
    );
  }

  /**
   * Renders one task in a worker. Throws 503 (queue full, Retry-After), RenderUnavailableError (the document cannot be
   * made here), or 499 when `signal` aborts while the task still waits for a thread. A task already rendering is let
   * finish and its bytes dropped: stopping it would end its thread, and the replacement parses every font again
   * (seconds of CPU on a busy machine), which cost more than the rest of the render.
   */
  async run<K extends RenderKind>(task: { kind: K } & RenderTasks[K], signal?: AbortSignal): Promise<Buffer> {
    const result = await this.#submit(
      signal,
      'render',
      task.kind,
      (pool) => pool.run(task as RenderTask) as Promise<Uint8Array | RenderOutcome>,
    );
    if (ArrayBuffer.isView(result)) return Buffer.from(result.buffer, result.byteOffset, result.byteLength);
    throw new RenderUnavailableError((result as Extract<RenderOutcome, { ok: false }>).detail);
  }

  /**
   * Runs `work` (and every render it submits, now or later) as `owner`'s: the render queue serves owners in turn
   * (round-robin), so whoever queues many renders waits for their own, not everyone else.
   */
  asOwner<T>(owner: string, work: () => T): T {
    return taskOwner.run(owner, work);
  }

  /**
   * Runs a streaming task: same admission, queue bound and 499 as `run`, and `converse` talks to the task through the
   * main thread's end of a MessagePort (the worker's end is moved to the thread with the task). Streams run on threads
   * of their own (a quarter of the render threads, at least one), many at once on each: a stream spends most of its
   * life waiting for rows from the database, and its thread's event loop interleaves the streams' batches. Holding a
   * render thread for a whole export made every PDF and export of everyone else wait for the end of a 100 000-row
   * file; sharing the render threads made each batch of a small export wait behind a whole PDF (decision 038).
   * Settles when both the conversation and the task have ended. When the conversation fails (the client left,
   * the database failed) its port is closed, which tells the worker to drop its work, so the thread is free at once;
   * when the worker fails, its port closes and the conversation is expected to end with an error.
   * `background`: nobody waits for it on screen (a stored export): it runs on the lowest-priority thread.
   */
  async stream<K extends StreamKind>(
    task: { kind: K } & Omit<StreamTasks[K], 'port'>,
    signal: AbortSignal | undefined,
    converse: (port: MessagePort) => Promise<void>,
    options: { background?: boolean } = {},
  ): Promise<void> {
    await this.#submit(signal, options.background ? 'background' : 'stream', task.kind, async (pool) => {
      const { port1, port2 } = new MessageChannel();
      const running = pool.run({ ...task, port: port2 } as StreamTask, { transferList: [port2] });
      const conversation = converse(port1).catch((error: unknown) => {
        port1.close();
        throw error;
      });
      const [talked, ran] = await Promise.allSettled([conversation, running]);
      port1.close();
      // The worker's own error says more than the conversation's "the worker went away".
      if (ran.status === 'rejected') throw ran.reason;
      if (talked.status === 'rejected') throw talked.reason;
      return undefined;
    });
  }

  /**
   * Admission (closed, abandoned, queue bound), then, for a render (`exclusive`), a thread slot in the owners' turn,
   * then `work` on a thread: of the render pool, or of the stream pool.
   */
  async #submit<T>(
    signal: AbortSignal | undefined,
    lane: 'render' | 'stream' | 'background',
    kind: string,
    work: (pool: Piscina) => Promise<T>,
  ): Promise<T> {
    if (this.#closed) throw new HttpError(503, 'errors.unavailable', { 'retry-after': '5' });
    if (signal?.aborted) throw new HttpError(CLIENT_CLOSED_REQUEST, 'errors.badRequest');
    const exclusive = lane === 'render';
    const pool = exclusive ? this.#pool() : lane === 'stream' ? this.#streams() : this.#backgroundStreams();
    // Tasks wait here, not in piscina: a waiting task can then be dropped without touching a thread, and the bound
    // holds for every task (piscina's maxQueue ignores tasks that carry an AbortSignal).
    if (this.#inFlight >= this.settings.threads + this.settings.maxQueue) this.#queueFull();
    this.counters.submitted++;
    this.#inFlight++;
    const started = performance.now();
    // With tracing on, each task is a span under the request that asked for it (its wait for a thread included).
    const span = trace.getActiveSpan()
      ? tracer.startSpan(`render ${kind}`, { attributes: { 'render.lane': lane } })
      : undefined;
    let result: T;
    try {
      if (!exclusive) result = await work(pool);
      else {
        const owner = taskOwner.getStore() ?? NO_OWNER;
        await this.#threadSlot(owner, signal);
        try {
          result = await work(pool);
        } finally {
          this.#releaseThreadSlot(owner);
        }
      }
    } catch (err) {
      span?.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      this.#inFlight--;
      span?.end();
    }
    this.counters.completed++;
    const tookMs = performance.now() - started;
    this.#meanTaskMs = this.#meanTaskMs * 0.8 + tookMs * 0.2;
    this.onTaskDone?.(kind, tookMs / 1000);
    return result;
  }

  /**
   * Waits until fewer renders run than there are threads, in the owners' turn (FairQueue); 499 if abandoned meanwhile.
   */
  #threadSlot(owner: string, signal: AbortSignal | undefined): Promise<void> {
    if (this.#running < this.settings.threads) {
      this.#started(owner);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.#waiting.remove(owner, start);
        this.counters.aborted++;
        reject(new HttpError(CLIENT_CLOSED_REQUEST, 'errors.badRequest'));
      };
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        this.#started(owner);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(owner, start);
    });
  }

  #started(owner: string): void {
    this.#running++;
    this.#runningBy.set(owner, (this.#runningBy.get(owner) ?? 0) + 1);
  }

  #releaseThreadSlot(owner: string): void {
    this.#running--;
    const left = (this.#runningBy.get(owner) ?? 1) - 1;
    if (left > 0) this.#runningBy.set(owner, left);
    else this.#runningBy.delete(owner);
    this.#waiting.shift((o) => this.#runningBy.get(o) ?? 0)?.();
  }

  /**
   * Refuses new downloads, lets those under way finish (a ZIP renders its remaining entries; app.close waits for
   * this, the shutdown grace period bounds it), then stops the threads.
   */
  async close(): Promise<void> {
    this.#closing = true;
    if (this.#active.size > 0) await new Promise<void>((resolve) => (this.#drained = resolve));
    await Promise.all(this.#releasing);
    this.#closed = true;
    await Promise.all([
      this.#piscina?.close(),
      this.#streamPiscina?.close(),
      this.#backgroundPiscina?.close(),
    ]);
  }

  /** Starts the threads now (they load the renderers and parse the fonts) instead of on the first download. */
  warm(): void {
    if (this.#closing) return;
    this.#pool();
    this.#streams();
  }

  /** Render threads running now (none before the first render and after close; stream threads not counted). */
  get threads(): number {
    return this.#piscina?.threads.length ?? 0;
  }

  /** Render tasks waiting for a thread (the queue's depth). */
  get queued(): number {
    return this.#waiting.size;
  }

  /** What readiness reports: closing (no new downloads), full (the next one answers 503), or ok. */
  get state(): 'ok' | 'full' | 'closing' {
    if (this.#closing) return 'closing';
    return this.#inFlight >= this.settings.threads + this.settings.maxQueue ? 'full' : 'ok';
  }

  /** Tasks running on a thread or waiting for one: renders and streams. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Downloads holding a render slot right now. */
  get activeDownloads(): number {
    let total = 0;
    for (const count of this.#active.values()) total += count;
    return total;
  }

  #pool(): Piscina {
    if (!this.#piscina) {
      const { threads, pdfFontPath } = this.settings;
      this.#piscina = new Piscina({
        ...THREAD_OPTIONS,
        minThreads: threads,
        maxThreads: threads,
        workerData: { pdfFontPath, fonts: true } satisfies RenderWorkerSettings,
      });
    }
    return this.#piscina;
  }

  /** The stream threads, started at the first stream; no fonts parsed (exports need none). */
  #streams(): Piscina {
    if (!this.#streamPiscina) {
      const { threads, maxQueue, pdfFontPath } = this.settings;
      const streamThreads = Math.max(1, Math.floor(threads / 4));
      this.#streamPiscina = new Piscina({
        ...THREAD_OPTIONS,
        minThreads: streamThreads,
        maxThreads: streamThreads,
        // Piscina never queues a stream itself: the bound is this class's (#submit), and each thread takes them all.
        concurrentTasksPerWorker: threads + maxQueue,
        workerData: { pdfFontPath, fonts: false } satisfies RenderWorkerSettings,
      });
    }
    return this.#streamPiscina;
  }

  /**
   * The background streams' thread (exports nobody waits for on screen): one, at the lowest CPU priority (nice 19),
   * so a person's big background exports give the CPU to everyone's renders and downloads (decision 038).
   */
  #backgroundStreams(): Piscina {
    if (!this.#backgroundPiscina) {
      const { threads, maxQueue, pdfFontPath } = this.settings;
      this.#backgroundPiscina = new Piscina({
        ...THREAD_OPTIONS,
        niceIncrement: 19,
        minThreads: 1,
        maxThreads: 1,
        concurrentTasksPerWorker: threads + maxQueue,
        workerData: { pdfFontPath, fonts: false } satisfies RenderWorkerSettings,
      });
    }
    return this.#backgroundPiscina;
  }

  #queueFull(): never {
    this.counters.refusedQueueFull++;
    const waiting = this.#inFlight / this.settings.threads;
    throw new HttpError(503, 'rendering.queueFull', { 'retry-after': this.#retryAfter(waiting) });
  }

  /** Seconds until about `tasks` renders of a thread have gone by, from the recent mean; 1 to 60. */
  #retryAfter(tasks: number): string {
    return String(Math.min(60, Math.max(1, Math.ceil((tasks * this.#meanTaskMs) / 1000))));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's render pool: its counters show what ran (tests, operations). */
    renderPool: RenderPool;
  }
}

/** `leases`: the per-person cap shared by every server process on one PostgreSQL (app.ts); none on PGlite. */
export function createRenderPool(config: Config, leases?: LeaseStore): RenderPool {
  return new RenderPool({ ...config.render, pdfFontPath: config.pdfFontPath }, leases);
}
