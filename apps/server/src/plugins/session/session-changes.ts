/**
 * Who learns of a write to sessions, users, messages or staff menus in this process: every live session cache
 * (session-cache.ts). Kept apart from the cache so the code that writes sessions (queries.ts) can tell the caches
 * without importing them.
 */

export type SessionChange =
  | { idHash: string }
  | { userId: number }
  | { clientId: number }
  | { producerId: number }
  | { staffId: number }
  | 'all';

/** What a live cache does with a change: drops the entries it touches. */
interface ForgetsSessions {
  forget(change: SessionChange): void;
}

/** Every live cache of this process (one per app; tests run several apps in one process). */
const liveCaches = new Set<ForgetsSessions>();

export function registerSessionCache(cache: ForgetsSessions): () => void {
  liveCaches.add(cache);
  return () => liveCaches.delete(cache);
}

/**
 * Called by the code that writes sessions, users, messages or staff menus, right after the write: this process's
 * next request must not see the old row even before the trigger's notification has come back.
 */
export function forgetSessionsEverywhere(change: SessionChange): void {
  for (const cache of liveCaches) cache.forget(change);
}
