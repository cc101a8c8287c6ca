import { createHmac } from 'node:crypto';

/**
 * Temporary account lock after consecutive password failures (docs/auth.md, "Account lock"):
 *   - the 5th consecutive failure locks the account for 5 minutes; each further failure after a lock has run out
 *     doubles it (10 minutes), capped at 15 minutes;
 *   - while locked, attempts are refused without checking the password and do not extend the lock;
 *   - a correct password after the lock has run out signs in and clears the count; so does a password reset;
 *   - failures older than a day are forgotten, so a few typos a month never add up to a lock.
 * An attacker can therefore keep an account locked only by spending one guess per lock period, forever under the
 * per-IP and per-account rate limits, and never for longer than 15 minutes after they stop.
 */
export const LOCK_POLICY = {
  threshold: 5,
  firstLockMs: 5 * 60_000,
  maxLockMs: 15 * 60_000,
  forgetFailuresAfterMs: 24 * 60 * 60_000,
} as const;

export interface FailureState {
  failedAttempts: number;
  lastFailedLoginAt: Date | null;
}

export function nextFailureState(previous: FailureState | undefined, now: Date) {
  const stale =
    !previous?.lastFailedLoginAt ||
    now.getTime() - previous.lastFailedLoginAt.getTime() > LOCK_POLICY.forgetFailuresAfterMs;
  const failedAttempts = stale ? 1 : (previous?.failedAttempts ?? 0) + 1;
  const overBy = failedAttempts - LOCK_POLICY.threshold;
  const lockMs =
    overBy >= 0 ? Math.min(LOCK_POLICY.maxLockMs, LOCK_POLICY.firstLockMs * 2 ** Math.min(overBy, 10)) : 0;
  return {
    failedAttempts,
    lastFailedLoginAt: now,
    lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null,
  };
}

/**
 * The key of a name's own lock (login_name_locks): an HMAC under the server secret of site, kind and the name in
 * lower case, so the table holds no login names. Used for names without an account and for Advisor Codes.
 */
export function nameLockKey(secret: string, site: string, kind: string, name: string): string {
  return createHmac('sha256', secret)
    .update(`login-name-lock\0${site}:${kind}:${name.toLowerCase()}`)
    .digest('base64url');
}

/** Seconds left on a lock, or 0 when the account is not locked now. */
export function lockSecondsLeft(lockedUntil: Date | null, now: Date): number {
  if (!lockedUntil) return 0;
  const ms = lockedUntil.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}
