import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginNameLocks, producers, users } from '../../db/schema/index.js';

// Failed sign-ins and the account lock; a successful sign-in.

/**
 * The lock fields of one account, read under a row lock (inside a transaction): concurrent attempts on the account
 * take their turn one by one, each seeing the failures counted before it.
 */
export async function lockStateForUpdate(db: Db, userId: number) {
  const [row] = await db
    .select({
      failedAttempts: users.failedAttempts,
      lastFailedLoginAt: users.lastFailedLoginAt,
      lockedUntil: users.lockedUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/**
 * Gives back the failure an attempt counted before its password was checked (login.ts reserveAttempt), without
 * clearing earlier ones: used when the password was right but a second factor is still due, so wrong codes keep
 * adding up to the lock.
 */
export async function undoReservedFailure(db: Db, userId: number) {
  await db
    .update(users)
    .set({ failedAttempts: sql`greatest(${users.failedAttempts} - 1, 0)`, lockedUntil: null })
    .where(eq(users.id, userId));
}

/** Like lockStateForUpdate, for a login name without an account (created on first use, keyed by an HMAC). */
export async function nameLockStateForUpdate(db: Db, key: string) {
  await db.insert(loginNameLocks).values({ key }).onConflictDoNothing();
  const [row] = await db
    .select({
      failedAttempts: loginNameLocks.failedAttempts,
      lastFailedLoginAt: loginNameLocks.lastFailedLoginAt,
      lockedUntil: loginNameLocks.lockedUntil,
    })
    .from(loginNameLocks)
    .where(eq(loginNameLocks.key, key))
    .for('update');
  return row;
}

export async function saveNameLockState(
  db: Db,
  key: string,
  state: { failedAttempts: number; lastFailedLoginAt: Date; lockedUntil: Date | null },
) {
  await db.update(loginNameLocks).set(state).where(eq(loginNameLocks.key, key));
}

/** The Advisor Code a producer account may also sign in with (its producer record's code), or null. */
export async function advisorCodeOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: producers.code })
    .from(users)
    .innerJoin(producers, eq(producers.id, users.producerId))
    .where(eq(users.id, userId));
  return row?.code ?? null;
}

/** A correct password under a name with a lock of its own (an Advisor Code) clears that lock. */
export async function clearNameLock(db: Db, key: string) {
  await db.delete(loginNameLocks).where(eq(loginNameLocks.key, key));
}

export async function saveFailedLogin(
  db: Db,
  userId: number,
  state: { failedAttempts: number; lastFailedLoginAt: Date; lockedUntil: Date | null },
) {
  await db.update(users).set(state).where(eq(users.id, userId));
}

/** A correct password clears the failure count, even while the one-time code is still to come. */
export async function clearFailedLogins(db: Db, userId: number) {
  await db
    .update(users)
    .set({ failedAttempts: 0, lockedUntil: null, lastFailedLoginAt: null })
    .where(eq(users.id, userId));
}

export async function saveSuccessfulLogin(db: Db, userId: number, at: Date) {
  await db
    .update(users)
    .set({ failedAttempts: 0, lockedUntil: null, lastFailedLoginAt: null, lastLoginAt: at })
    .where(eq(users.id, userId));
}
