import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  accountActivity,
  accountTokens,
  loginNameLocks,
  oneTimeCodes,
  trustedBrowsers,
} from '../db/schema/index.js';

/**
 * One-time codes and activation/reset tokens are worthless once used or expired; keeping them only grows the table.
 * They are kept a grace period first so support can see "your link expired" cases (the audit log keeps the rest).
 */
export async function deleteSpentCredentials(db: Db, before: Date): Promise<number> {
  const codes = await db
    .delete(oneTimeCodes)
    .where(lt(oneTimeCodes.expiresAt, before))
    .returning({ id: oneTimeCodes.id });
  const tokens = await db
    .delete(accountTokens)
    .where(
      and(
        lt(accountTokens.createdAt, before),
        or(isNotNull(accountTokens.usedAt), lt(accountTokens.expiresAt, before)),
      ),
    )
    .returning({ id: accountTokens.id });
  return codes.length + tokens.length;
}

/** Lock rows of login names without an account, once their last failure is forgotten and no lock runs. */
export async function deleteStaleNameLocks(db: Db, failedBefore: Date, now: Date): Promise<number> {
  const removed = await db
    .delete(loginNameLocks)
    .where(
      and(
        lt(loginNameLocks.lastFailedLoginAt, failedBefore),
        or(isNull(loginNameLocks.lockedUntil), lt(loginNameLocks.lockedUntil, now)),
      ),
    )
    .returning({ key: loginNameLocks.key });
  return removed.length;
}

/** Account activity older than the Security page shows, and trusted browsers whose trust has run out. */
export async function deleteOldAccountSecurityRows(db: Db, activityBefore: Date, now: Date): Promise<number> {
  const activity = await db
    .delete(accountActivity)
    .where(lt(accountActivity.at, activityBefore))
    .returning({ id: accountActivity.id });
  const browsers = await db
    .delete(trustedBrowsers)
    .where(lt(trustedBrowsers.expiresAt, now))
    .returning({ id: trustedBrowsers.id });
  return activity.length + browsers.length;
}
