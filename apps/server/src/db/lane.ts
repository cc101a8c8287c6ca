import { AsyncLocalStorage } from 'node:async_hooks';
import { OwnShareBusyError, PoolBusyError } from './availability.js';

/** The heavy lane's connections when not configured: a quarter of the request pool's, at least 2. */
export const heavyLaneSize = (poolSize: number) => Math.max(2, Math.ceil(poolSize / 4));

/** How long a preview or an export may wait for a heavy connection before it is answered 503 "busy". */
export const HEAVY_LANE_WAIT_MS = 10_000;

/**
 * Who the database work in this async context is for: the signed-in person of the request (set by
 * plugins/user-work-limits.ts around the routes that do work). Lanes share their slots out by it.
 */
const workOwner = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts) as work for `owner`. */
export function runAsOwner<T>(owner: string, work: () => T): T {
  return workOwner.run(owner, work);
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

/**
 * A fixed number of connections (slots) for one kind of database work, shared out fairly among the people asking.
 * A free slot goes at once to anyone holding fewer than `perOwner` (all slots but one, when there are three or more:
 * one person can never take the last connection while someone else may come); work outside any person's request
 * (owner '') takes any free slot. Past that, work waits in its owner's
 * line, and a freed slot goes to the next owner in turn (round robin), not to whoever queued most. Work that waited
 * `waitMs` fails, never counted as an outage: with OwnShareBusyError (429) when its owner held their whole share
 * all along (their own load), else with PoolBusyError (503 "busy"), both with Retry-After.
 *
 * Every pool of createGuardedPool (db/pool.ts) checks out through a lane of as many slots as it has connections, so
 * nothing ever waits in pg-pool's own FIFO queue (docs/operations.md, "One heavy user").
 */
export class Lane {
  readonly perOwner: number;
  /** Told how long each checkout waited for its slot, in ms (observability/metrics.ts); unset: nothing is timed. */
  onWaited: ((ms: number) => void) | undefined;
  #busy = 0;
  readonly #held = new Map<string, number>();
  /** Owners with work waiting, in turn order: the next slot goes to the first who may take it. */
  readonly #lines = new Map<string, Waiter[]>();

  constructor(
    readonly slots: number,
    readonly waitMs: number,
  ) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error(`a lane needs at least 1 slot, got ${slots}`);
    // Two slots: a list's page and count run side by side, so one person may hold both (the next freed one still
    // goes to someone else in turn); three or more: all but one.
    this.perOwner = slots > 2 ? slots - 1 : slots;
  }

  /** Slots taken and work waiting for one (tests, logs). */
  get stats() {
    let waiting = 0;
    for (const line of this.#lines.values()) waiting += line.length;
    return { busy: this.#busy, waiting, slots: this.slots };
  }

  /** Work of no one in particular (no capped request around it: sessions, jobs, start-up) is not held to a share. */
  #mayTake(owner: string): boolean {
    return this.#busy < this.slots && (owner === '' || (this.#held.get(owner) ?? 0) < this.perOwner);
  }

  #take(owner: string): () => void {
    this.#busy++;
    this.#held.set(owner, (this.#held.get(owner) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#busy--;
      const held = (this.#held.get(owner) ?? 1) - 1;
      if (held > 0) this.#held.set(owner, held);
      else this.#held.delete(owner);
      this.#dispatch();
    };
  }

  /** Hands free slots to waiting owners in turn; an owner served goes to the back of the turn order. */
  #dispatch(): void {
    for (const [owner, line] of this.#lines) {
      if (this.#busy >= this.slots) return;
      if (!this.#mayTake(owner)) continue;
      const waiter = line.shift() as Waiter;
      this.#lines.delete(owner);
      if (line.length > 0) this.#lines.set(owner, line);
      waiter.admit();
    }
  }

  /** Takes a slot for the current owner, waiting up to waitMs; the returned function gives it back. */
  acquire(): Promise<() => void> {
    const owner = workOwner.getStore() ?? '';
    if (this.#mayTake(owner) && !this.#lines.has(owner)) {
      this.onWaited?.(0);
      return Promise.resolve(this.#take(owner));
    }
    const since = this.onWaited ? performance.now() : 0;
    return new Promise((resolve, reject) => {
      const line = this.#lines.get(owner) ?? [];
      this.#lines.set(owner, line);
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          this.onWaited?.(performance.now() - since);
          resolve(this.#take(owner));
        },
        timer: setTimeout(() => {
          line.splice(line.indexOf(waiter), 1);
          if (line.length === 0 && this.#lines.get(owner) === line) this.#lines.delete(owner);
          // Waiting behind one's own share is one's own load (429); behind everyone's, the process is busy (503).
          const own = owner !== '' && (this.#held.get(owner) ?? 0) >= this.perOwner;
          const message = `no free connection in the lane within ${this.waitMs} ms`;
          this.onWaited?.(this.waitMs);
          reject(own ? new OwnShareBusyError(message) : new PoolBusyError(message));
        }, this.waitMs),
      };
      line.push(waiter);
    });
  }

  /** Runs `work` in a slot. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
