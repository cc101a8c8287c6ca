import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  accountActivity,
  accountRecoveryCodes,
  accountTotp,
  sessions,
  trustedBrowsers,
} from '../../../db/schema/index.js';

// ── Authenticator ─────────────────────────────────────────────────────────────────────────────────────────────

export async function findTotp(db: Db, userId: number) {
  const [row] = await db.select().from(accountTotp).where(eq(accountTotp.userId, userId)).limit(1);
  return row;
}

/** A fresh, unconfirmed secret replaces an earlier unconfirmed one; a confirmed one is never overwritten here. */
export async function saveUnconfirmedTotp(db: Db, userId: number, keyId: string, sealed: string, at: Date) {
  const rows = await db
    .insert(accountTotp)
    .values({ userId, keyId, secretSealed: sealed, createdAt: at })
    .onConflictDoUpdate({
      target: accountTotp.userId,
      set: { keyId, secretSealed: sealed, createdAt: at, lastUsedStep: null },
      setWhere: isNull(accountTotp.confirmedAt),
    })
    .returning({ userId: accountTotp.userId });
  return rows.length > 0;
}

/**
 * Records the step of an accepted code, only if it is newer than the last one (in one statement, so two requests
 * carrying the same code cannot both pass). Confirms the authenticator when asked. Answers whether it was accepted.
 */
export async function useTotpStep(db: Db, userId: number, step: number, confirmAt?: Date) {
  const rows = await db
    .update(accountTotp)
    .set({ lastUsedStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where(
      and(
        eq(accountTotp.userId, userId),
        sql`(${accountTotp.lastUsedStep} is null or ${accountTotp.lastUsedStep} < ${step})`,
        confirmAt ? isNull(accountTotp.confirmedAt) : sql`${accountTotp.confirmedAt} is not null`,
      ),
    )
    .returning({ userId: accountTotp.userId });
  return rows.length > 0;
}

/** Removes the authenticator, and the recovery codes unless another strong factor (a passkey) keeps them. */
export async function deleteTotp(
  db: Db,
  userId: number,
  { keepRecoveryCodes }: { keepRecoveryCodes: boolean },
) {
  await db.delete(accountTotp).where(eq(accountTotp.userId, userId));
  if (!keepRecoveryCodes) await deleteRecoveryCodes(db, userId);
}

/** Removes the account's recovery codes: its last strong factor went. */
export async function deleteRecoveryCodes(db: Db, userId: number) {
  await db.delete(accountRecoveryCodes).where(eq(accountRecoveryCodes.userId, userId));
}

// ── Recovery codes ────────────────────────────────────────────────────────────────────────────────────────────

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], at: Date) {
  await db.delete(accountRecoveryCodes).where(eq(accountRecoveryCodes.userId, userId));
  await db
    .insert(accountRecoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

/** Uses up a code in one statement (a double submit succeeds once); answers whether it was live. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, at: Date) {
  const rows = await db
    .update(accountRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(accountRecoveryCodes.userId, userId),
        eq(accountRecoveryCodes.codeHash, codeHash),
        isNull(accountRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: accountRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(accountRecoveryCodes)
    .where(and(eq(accountRecoveryCodes.userId, userId), isNull(accountRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ── Activity ──────────────────────────────────────────────────────────────────────────────────────────────────

export async function insertActivity(db: Db, row: typeof accountActivity.$inferInsert) {
  await db.insert(accountActivity).values(row);
}

export function listActivity(db: Db, userId: number, since: Date) {
  return db
    .select({
      type: accountActivity.type,
      at: accountActivity.at,
      device: accountActivity.device,
      ip: accountActivity.ip,
    })
    .from(accountActivity)
    .where(and(eq(accountActivity.userId, userId), gt(accountActivity.at, since)))
    .orderBy(desc(accountActivity.at), desc(accountActivity.id))
    .limit(200);
}

// ── Sessions ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The signed-in sessions of an account that are still within their idle and absolute limits. */
export function listUserSessions(db: Db, userId: number, now: Date, idleMs: number) {
  return db
    .select({
      idHash: sessions.idHash,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
}

// ── Trusted browsers ──────────────────────────────────────────────────────────────────────────────────────────

/** Already trusted for this account (the box ticked twice): the older row keeps its expiry. */
export async function insertTrustedBrowser(db: Db, row: typeof trustedBrowsers.$inferInsert) {
  await db.insert(trustedBrowsers).values(row).onConflictDoNothing();
}

export async function findTrustedBrowser(db: Db, userId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: trustedBrowsers.id })
    .from(trustedBrowsers)
    .where(
      and(
        eq(trustedBrowsers.userId, userId),
        eq(trustedBrowsers.tokenHash, tokenHash),
        gt(trustedBrowsers.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export function listTrustedBrowsers(db: Db, userId: number, now: Date) {
  return db
    .select({
      id: trustedBrowsers.id,
      device: trustedBrowsers.device,
      ip: trustedBrowsers.ip,
      createdAt: trustedBrowsers.createdAt,
      expiresAt: trustedBrowsers.expiresAt,
    })
    .from(trustedBrowsers)
    .where(and(eq(trustedBrowsers.userId, userId), gt(trustedBrowsers.expiresAt, now)))
    .orderBy(desc(trustedBrowsers.createdAt))
    .limit(50);
}

export async function deleteTrustedBrowser(db: Db, userId: number, id: number) {
  const rows = await db
    .delete(trustedBrowsers)
    .where(and(eq(trustedBrowsers.userId, userId), eq(trustedBrowsers.id, id)))
    .returning({ id: trustedBrowsers.id });
  return rows.length > 0;
}
