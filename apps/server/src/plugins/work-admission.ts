/**
 * How many list searches and report previews run at once in this process, and whose turn is next
 * (docs/operations.md, "One heavy user"; decision 043).
 *
 * The per-person caps (user-work-limits.ts) bound how many requests one person may have under way; they do not stop
 * that person's few requests from taking both cores while someone else waits behind them. Admission does: at most
 * `slots` capped requests run at once (default: the machine's cores, since each is CPU work for the database and
 * for the event loop), and while more than one person has been asking, each gets an equal share of the slots — a
 * person alone gets them all. A slot is left free for someone who asked within the last `activeWindowMs` rather than
 * handed to the person who already has their share: an interactive user's next request then starts at once instead
 * of waiting behind the heavy user's. Waiting work is served fewest-running first, then in turn.
 */

export class WorkQueueTimeoutError extends Error {}

interface Waiter {
  owner: string;
  admit: () => void;
  timer: NodeJS.Timeout;
}

export interface WorkAdmissionOptions {
  slots: number;
  /** How long a request may wait for its turn before it is answered "busy". */
  waitMs: number;
  /** How long after their last request a person still counts as asking (their share stays reserved). */
  activeWindowMs?: number;
  now?: () => number;
}

export class WorkAdmission {
  readonly slots: number;
  readonly #waitMs: number;
  readonly #activeWindowMs: number;
  readonly #now: () => number;
  #running = 0;
  readonly #runningBy = new Map<string, number>();
  /** When each person last started or finished work: who counts as asking. */
  readonly #lastSeen = new Map<string, number>();
  /** Waiting work in arrival order. */
  #waiting: Waiter[] = [];
  /** How many of each person's requests wait (their backlog), kept beside #waiting. */
  readonly #waitingBy = new Map<string, number>();
  /** Owners in the order they were last served: the one served longest ago goes first among equals. */
  #turn = 0;
  readonly #servedAt = new Map<string, number>();
  /** A person with a backlog rests until then while someone without one is asking (see #resting). */
  readonly #restUntil = new Map<string, number>();
  #restTimer: NodeJS.Timeout | undefined;

  constructor({ slots, waitMs, activeWindowMs = 1000, now = () => performance.now() }: WorkAdmissionOptions) {
    if (!Number.isInteger(slots) || slots < 1)
      throw new Error(`admission needs at least 1 slot, got ${slots}`);
    this.slots = slots;
    this.#waitMs = waitMs;
    this.#activeWindowMs = activeWindowMs;
    this.#now = now;
  }

  get stats() {
    return { running: this.#running, waiting: this.#waiting.length, asking: this.#asking() };
  }

  /** People with work running or waiting, or who had some within the active window. */
  #asking(): number {
    const since = this.#now() - this.#activeWindowMs;
    let count = 0;
    for (const [owner, seen] of this.#lastSeen) {
      if (seen >= since || this.#runningBy.has(owner)) count++;
      else this.#lastSeen.delete(owner);
    }
    for (const owner of this.#waitingBy.keys()) if (!this.#lastSeen.has(owner)) count++;
    return count;
  }

  /** Slots one person may hold now: all of them alone, an equal share (at least one) when others are asking. */
  #share(): number {
    return Math.max(1, Math.floor(this.slots / Math.max(1, this.#asking())));
  }

  #mayRun(owner: string, share: number): boolean {
    return this.#running < this.slots && (this.#runningBy.get(owner) ?? 0) < share && !this.#resting(owner);
  }

  #hasBacklog(owner: string): boolean {
    return this.#waitingBy.has(owner);
  }

  #enqueue(waiter: Waiter): void {
    this.#waiting.push(waiter);
    this.#waitingBy.set(waiter.owner, (this.#waitingBy.get(waiter.owner) ?? 0) + 1);
  }

  #dequeue(waiter: Waiter): void {
    this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
    const left = (this.#waitingBy.get(waiter.owner) ?? 1) - 1;
    if (left > 0) this.#waitingBy.set(waiter.owner, left);
    else this.#waitingBy.delete(waiter.owner);
  }

  /**
   * A person whose own requests queue up (many tabs, a script) rests between them as long as the last one ran, while
   * someone without a backlog is asking: their share of a slot is then about half its time, so an interactive
   * person's request shares the cores with less of theirs. An equal share of slots alone was not enough on two
   * cores: the heavy user's one running statement, the light user's, and the event loop made every light request
   * about 2× slower (decision 043). Two people who both have a backlog never rest: nobody would use the gap.
   */
  #resting(owner: string): boolean {
    const until = this.#restUntil.get(owner);
    if (until === undefined) return false;
    if (until <= this.#now()) {
      this.#restUntil.delete(owner);
      return false;
    }
    const since = this.#now() - this.#activeWindowMs;
    for (const [other, seen] of this.#lastSeen) {
      if (other !== owner && (seen >= since || this.#runningBy.has(other)) && !this.#hasBacklog(other))
        return true;
    }
    return false;
  }

  /**
   * Dispatches again when the first rest of someone waiting ends, so resting work does not wait for someone else's
   * release. Rests that are over, or of people with nothing waiting, are dropped here.
   */
  #wakeAfterRest(): void {
    if (this.#restTimer) return;
    const now = this.#now();
    let first = Number.POSITIVE_INFINITY;
    for (const [owner, until] of this.#restUntil) {
      if (until <= now || !this.#hasBacklog(owner)) this.#restUntil.delete(owner);
      else first = Math.min(first, until);
    }
    if (first === Number.POSITIVE_INFINITY) return;
    this.#restTimer = setTimeout(() => {
      this.#restTimer = undefined;
      this.#dispatch();
    }, first - now);
    this.#restTimer.unref();
  }

  #start(owner: string): () => void {
    const startedAt = this.#now();
    this.#running++;
    this.#runningBy.set(owner, (this.#runningBy.get(owner) ?? 0) + 1);
    this.#servedAt.set(owner, ++this.#turn);
    this.#lastSeen.set(owner, this.#now());
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#running--;
      const left = (this.#runningBy.get(owner) ?? 1) - 1;
      if (left > 0) this.#runningBy.set(owner, left);
      else {
        this.#runningBy.delete(owner);
        this.#servedAt.delete(owner);
      }
      const now = this.#now();
      this.#lastSeen.set(owner, now);
      if (this.#hasBacklog(owner)) this.#restUntil.set(owner, now + (now - startedAt));
      this.#dispatch();
    };
  }

  /** Starts waiting work while slots are free: fewest running first, then whoever was served longest ago. */
  #dispatch(): void {
    while (this.#running < this.slots && this.#waiting.length > 0) {
      // Waiting people count as asking, so one count serves every waiter of this round.
      const share = this.#share();
      let next: Waiter | undefined;
      let nextRank: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
      const seen = new Set<string>();
      for (const waiter of this.#waiting) {
        if (seen.has(waiter.owner)) continue; // each person's own requests keep their order
        seen.add(waiter.owner);
        if (!this.#mayRun(waiter.owner, share)) continue;
        const rank: [number, number] = [
          this.#runningBy.get(waiter.owner) ?? 0,
          this.#servedAt.get(waiter.owner) ?? 0,
        ];
        if (rank[0] < nextRank[0] || (rank[0] === nextRank[0] && rank[1] < nextRank[1])) {
          next = waiter;
          nextRank = rank;
        }
      }
      if (!next) {
        this.#wakeAfterRest();
        return;
      }
      this.#dequeue(next);
      next.admit();
    }
  }

  /** Waits for `owner`'s turn (at most waitMs); the returned function ends the work and hands the slot on. */
  admit(owner: string): Promise<() => void> {
    this.#lastSeen.set(owner, Math.max(this.#lastSeen.get(owner) ?? 0, this.#now()));
    const queued = this.#hasBacklog(owner);
    if (!queued && this.#mayRun(owner, this.#share())) return Promise.resolve(this.#start(owner));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        admit: () => {
          clearTimeout(waiter.timer);
          resolve(this.#start(owner));
        },
        timer: setTimeout(() => {
          this.#dequeue(waiter);
          reject(new WorkQueueTimeoutError(`no turn to run within ${this.#waitMs} ms`));
        }, this.#waitMs),
      };
      this.#enqueue(waiter);
    });
  }
}
