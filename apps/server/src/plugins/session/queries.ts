import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

const sessionUserColumns = {
  id: users.id,
  kind: users.kind,
  status: users.status,
  clientId: users.clientId,
  producerId: users.producerId,
  staffId: users.staffId,
};
export type SessionUser = { [K in keyof typeof sessionUserColumns]: (typeof users.$inferSelect)[K] };

/** The session and its signed-in user in one round trip: every API request needs both. */
export async function findSession(
  db: Db,
  idHash: string,
): Promise<{ session: SessionRow; user: SessionUser | null } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: sessionUserColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  return row;
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [created] = await db.insert(sessions).values(row).returning();
  if (!created) throw new Error('session insert returned no row');
  return created;
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function touchSession(db: Db, idHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
}

export async function updateSessionState(
  db: Db,
  idHash: string,
  patch: Partial<Pick<SessionRow, 'otpUserId' | 'data' | 'csrfToken'>>,
): Promise<void> {
  await db.update(sessions).set(patch).where(eq(sessions.idHash, idHash));
}

/** Removes every session of a user, e.g. after a password change elsewhere; keeps one when asked. */
export async function deleteUserSessions(db: Db, userId: number, exceptIdHash?: string): Promise<void> {
  const condition = exceptIdHash
    ? and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${exceptIdHash}`)
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}

/** Deletes sessions past their absolute expiry or idle for longer than the idle timeout. */
export async function deleteExpiredSessions(db: Db, now: Date, idleMs: number): Promise<number> {
  const idleBefore = new Date(now.getTime() - idleMs);
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
    .returning({ idHash: sessions.idHash });
  return removed.length;
}
