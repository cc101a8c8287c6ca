import type { CurrentClient, CurrentProducer, CurrentStaff } from '@portal/contract';
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import {
  clientMessages,
  clients,
  producers,
  sessions,
  staff,
  staffMenuPermissions,
  users,
} from '../../db/schema/index.js';
import { forgetSessionsEverywhere } from './session-changes.js';

export type SessionRow = typeof sessions.$inferSelect;

const sessionUserColumns = {
  id: users.id,
  kind: users.kind,
  status: users.status,
  clientId: users.clientId,
  producerId: users.producerId,
  staffId: users.staffId,
  /**
   * Whether the producer behind a producer account is active now (null for other kinds): a producer set inactive
   * is signed out on their next request (principalOf), through the cache like every other change (migration 0021).
   */
  producerActive: sql<
    boolean | null
  >`(select p.is_active from ${producers} p where p.id = ${users.producerId})`,
};
export type SessionUser = {
  [K in Exclude<keyof typeof sessionUserColumns, 'producerActive'>]: (typeof users.$inferSelect)[K];
} & { producerActive: boolean | null };

const sessionById = preparedOnce('session_by_id', (db, name) =>
  db
    .select({ session: sessions, user: sessionUserColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare(name),
);

/** The session and its signed-in user in one round trip: every API request needs both. */
export async function findSession(
  db: Db,
  idHash: string,
): Promise<{ session: SessionRow; user: SessionUser | null } | undefined> {
  const [row] = await sessionById(db).execute({ idHash });
  return row;
}

/**
 * What `/me` says about each kind of person, read beside the session. Every column is there for every user (null or
 * zero when it is not theirs); principalOf decides which one the answer uses, as it does for findSession.
 */
const summaryColumns = {
  clientName: clients.fullName,
  unreadMessages: sql<number>`(select count(*)::int from ${clientMessages}
    where ${clientMessages.clientId} = ${users.clientId} and ${clientMessages.readAt} is null)`,
  producerId: producers.id,
  producerName: producers.name,
  producerFullName: producers.fullName,
  hasCommissionPermission: producers.hasCommissionPermission,
  hasBvReportPermission: producers.hasBvReportPermission,
  hasTrainingHistoryReportPermission: producers.hasTrainingHistoryReportPermission,
  hasAvenueB2bLogin: producers.hasAvenueB2bLogin,
  staffName: staff.name,
  // Display order, as staffMenusOf reads them; a staff member without menus gets [] rather than null.
  staffMenus: sql<
    CurrentStaff['menus']
  >`coalesce((select json_agg(json_build_object('type', m.type, 'name', m.name,
    'path', m.path) order by m.position) from ${staffMenuPermissions} m where m.staff_id = ${users.staffId}), '[]'::json)`,
};
const sessionWithSummaryById = preparedOnce('session_with_summary_by_id', (db, name) =>
  db
    .select({ session: sessions, user: sessionUserColumns, ...summaryColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(producers, eq(producers.id, users.producerId))
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare(name),
);

type SessionWithSummaryRow = Awaited<
  ReturnType<ReturnType<typeof sessionWithSummaryById>['execute']>
>[number];
export type SummaryRow = Omit<SessionWithSummaryRow, 'session' | 'user'>;

/** findSession plus everything `/me` shows of the signed-in person, in one statement (the first call of every page). */
export async function findSessionWithSummary(
  db: Db,
  idHash: string,
): Promise<{ session: SessionRow; user: SessionUser | null; summary: SummaryRow } | undefined> {
  const [row] = await sessionWithSummaryById(db).execute({ idHash });
  if (!row) return undefined;
  const { session, user, ...summary } = row;
  return { session, user, summary };
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [created] = await db.insert(sessions).values(row).returning();
  if (!created) throw new Error('session insert returned no row');
  return created;
}

// Every write below also forgets the cached copies in this process at once (the database trigger tells the other
// processes, and this one again, a moment later): the next request must not see the old row.

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  forgetSessionsEverywhere({ idHash });
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
  forgetSessionsEverywhere({ idHash });
}

/**
 * Removes every session of a user, e.g. after a password change or reset: the signed-in ones and those waiting for
 * the user's one-time code (a login begun with the old password must not complete). Keeps one when asked.
 */
export async function deleteUserSessions(db: Db, userId: number, exceptIdHash?: string): Promise<void> {
  const ofUser = or(eq(sessions.userId, userId), eq(sessions.otpUserId, userId));
  const condition = exceptIdHash ? and(ofUser, sql`${sessions.idHash} <> ${exceptIdHash}`) : ofUser;
  await db.delete(sessions).where(condition);
  forgetSessionsEverywhere({ userId });
}

/** Deletes sessions past their absolute expiry or idle for longer than the idle timeout. */
export async function deleteExpiredSessions(db: Db, now: Date, idleMs: number): Promise<number> {
  const idleBefore = new Date(now.getTime() - idleMs);
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
    .returning({ idHash: sessions.idHash });
  for (const { idHash } of removed) forgetSessionsEverywhere({ idHash });
  return removed.length;
}

// The signed-in person as `/me` (and a login) describe them.

export async function findClientSummary(db: Db, clientId: number): Promise<CurrentClient | undefined> {
  const [client] = await db
    .select({ name: clients.fullName })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!client) return undefined;
  const [unread] = await db
    .select({ n: count() })
    .from(clientMessages)
    .where(and(eq(clientMessages.clientId, clientId), isNull(clientMessages.readAt)));
  return { name: client.name, messageCount: unread?.n ?? 0 };
}

export async function findProducerSummary(db: Db, producerId: number): Promise<CurrentProducer | undefined> {
  const [row] = await db
    .select({
      name: producers.name,
      fullName: producers.fullName,
      producerId: producers.id,
      hasCommissionPermission: producers.hasCommissionPermission,
      hasBvReportPermission: producers.hasBvReportPermission,
      hasTrainingHistoryReportPermission: producers.hasTrainingHistoryReportPermission,
      hasAvenueB2bLogin: producers.hasAvenueB2bLogin,
    })
    .from(producers)
    .where(eq(producers.id, producerId))
    .limit(1);
  return row;
}

export async function findStaffSummary(db: Db, staffId: number): Promise<CurrentStaff | undefined> {
  const [member] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId)).limit(1);
  if (!member) return undefined;
  return { name: member.name, menus: await staffMenusOf(db, staffId) };
}

/** A staff member's menu rows in display order: what `/me` shows and what the staff-menus script changes. */
export async function staffMenusOf(db: Db, staffId: number): Promise<CurrentStaff['menus']> {
  return db
    .select({
      type: staffMenuPermissions.type,
      name: staffMenuPermissions.name,
      path: staffMenuPermissions.path,
    })
    .from(staffMenuPermissions)
    .where(eq(staffMenuPermissions.staffId, staffId))
    .orderBy(asc(staffMenuPermissions.position));
}
