import type { SessionRow, SessionUser, SummaryRow } from './queries.js';
import type { SessionChange } from './session-changes.js';

export type { SessionChange };

/**
 * The channel the database triggers of migration 0019 notify on whenever a session, its user, or what `/me` shows
 * of that user changes. Payloads: `s:<id hash>`, `u:<user id>`, `c:<client id>`, `p:<producer id>`,
 * `t:<staff id>`, or `*` (too many rows changed at once to name them: forget everything).
 */
export const SESSION_CHANGES_CHANNEL = 'portal_session_changes';

export interface CachedSession {
  session: SessionRow;
  user: SessionUser | null;
  summary?: SummaryRow;
}

/** Which cached sessions a change touches: one session, or every session of a user, client, producer or staff. */

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Sessions read in the last minute, kept in this process so a signed-in request costs no database round trip
 * (decision 027: the session read was half the statements of every client read, and all of `/me`).
 *
 * Why it is safe across processes (decision 027): every change to the rows behind an entry — from this process,
 * another one, or an operator's SQL — fires a trigger that notifies SESSION_CHANGES_CHANNEL, and every process
 * forgets the entries it names. While the listening connection is down nothing is trusted (`serving` false), and
 * after it comes back the cache starts empty, because what was sent meanwhile is lost. Changes made by this process
 * are also forgotten at once (`forgetSessionsEverywhere`), without waiting for the notification to come back.
 *
 * An entry is only served while its `lastSeenAt` is younger than the touch interval: after that the request goes
 * to the database anyway (to record the activity), which also re-reads what another process may have touched.
 */
/** How lookups went: served from memory, read from the database, or read there because the cache is not serving. */
export interface SessionCacheLookups {
  hit: number;
  miss: number;
  off: number;
}

export class SessionCache {
  /** Counted for the metrics (observability/metrics.ts); shared with the app when it passes its own. */
  readonly lookups: SessionCacheLookups;
  readonly #entries = new Map<string, CachedSession>();
  readonly #maxEntries: number;
  #listening = false;
  /**
   * Counts forgets. A read that began before a forget may hold the old row; `set` drops it (a request that read a
   * session while another logged it out must not put the ended session back).
   */
  #generation = 0;

  constructor(maxEntries = DEFAULT_MAX_ENTRIES, lookups: SessionCacheLookups = { hit: 0, miss: 0, off: 0 }) {
    this.#maxEntries = maxEntries;
    this.lookups = lookups;
  }

  /** False while changes could be missed: every read then goes to the database. */
  get serving(): boolean {
    return this.#listening;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The listener's state: a (re)connection starts from empty, a lost connection stops serving. */
  setListening(listening: boolean): void {
    this.#entries.clear();
    this.#generation++;
    this.#listening = listening;
  }

  /** Taken before a database read whose result may be cached; passed back to `set`. */
  get generation(): number {
    return this.#generation;
  }

  get(idHash: string): CachedSession | undefined {
    if (!this.#listening) {
      this.lookups.off++;
      return undefined;
    }
    const entry = this.#entries.get(idHash);
    if (entry) this.lookups.hit++;
    else this.lookups.miss++;
    return entry;
  }

  set(idHash: string, entry: CachedSession, readAtGeneration: number): void {
    if (!this.#listening || readAtGeneration !== this.#generation) return;
    // Oldest first out: a Map iterates in insertion order, and a re-read entry is inserted again.
    this.#entries.delete(idHash);
    this.#entries.set(idHash, entry);
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  forget(change: SessionChange): void {
    this.#generation++;
    if (change === 'all') {
      this.#entries.clear();
      return;
    }
    if ('idHash' in change) {
      this.#entries.delete(change.idHash);
      return;
    }
    for (const [idHash, entry] of this.#entries)
      if (touches(entry.user, change)) this.#entries.delete(idHash);
  }

  /** A notification's payload; an unreadable one forgets everything rather than guess. */
  forgetNotified(payload: string): void {
    this.forget(changeOfPayload(payload));
  }
}

function touches(user: SessionUser | null, change: Exclude<SessionChange, 'all' | { idHash: string }>) {
  if (!user) return false;
  if ('userId' in change) return user.id === change.userId;
  if ('clientId' in change) return user.clientId === change.clientId;
  if ('producerId' in change) return user.producerId === change.producerId;
  return user.staffId === change.staffId;
}

export function changeOfPayload(payload: string): SessionChange {
  const separator = payload.indexOf(':');
  const kind = payload.slice(0, separator);
  const value = payload.slice(separator + 1);
  if (kind === 's' && value) return { idHash: value };
  const id = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(id)) return 'all';
  if (kind === 'u') return { userId: id };
  if (kind === 'c') return { clientId: id };
  if (kind === 'p') return { producerId: id };
  if (kind === 't') return { staffId: id };
  return 'all';
}
