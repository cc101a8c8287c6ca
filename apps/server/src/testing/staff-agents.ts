import { and, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  revenuePayoutRecords,
  revenuePayouts,
  revenues,
  staff,
  staffMenuPermissions,
  users,
} from '../db/schema/index.js';
import { demoAccount } from '../db/seed/demo-accounts.js';
import { ApiAgent, api } from './http.js';
import { signInAs } from './sessions.js';
import type { TestContext } from './test-app.js';

export const STAFF_HOST = 'staff.localhost';

type AccountKey = Parameters<typeof demoAccount>[0];

/** An agent signed in as a demo account on `host` (the staff host unless told). */
export async function agentFor(t: TestContext, key: AccountKey, host = STAFF_HOST, lang = 'en') {
  const agent = new ApiAgent(t.app, host, lang);
  await signInAs(t, agent, demoAccount(key).login);
  return agent;
}

/** The demo revenue with the most pay-out records (the Particular view's paging and filters need several). */
export async function revenueWithMostRecords(t: TestContext): Promise<{ id: number; records: number }> {
  const [row] = await t.database.db
    .select({ id: revenuePayouts.revenueId, records: sql<number>`count(*)::int` })
    .from(revenuePayoutRecords)
    .innerJoin(revenuePayouts, eq(revenuePayouts.id, revenuePayoutRecords.payoutId))
    .groupBy(revenuePayouts.revenueId)
    .orderBy(sql`count(*) desc`, revenuePayouts.revenueId)
    .limit(1);
  if (!row) throw new Error('the demo seed has no pay-out records');
  return row;
}

/** An id no revenue has. */
export async function unknownRevenueId(t: TestContext): Promise<number> {
  const [row] = await t.database.db
    .select({ max: sql<number>`coalesce(max(${revenues.id}), 0)::int` })
    .from(revenues);
  return (row?.max ?? 0) + 1000;
}

/** The staff id behind a login. */
export async function staffIdOf(t: TestContext, login: string): Promise<number> {
  const [user] = await t.database.db
    .select({ staffId: users.staffId })
    .from(users)
    .where(eq(users.login, login));
  if (user?.staffId == null) throw new Error(`${login} is no staff member`);
  return user.staffId;
}

/**
 * A second staff member (login `nomenu`) holding one menu row that is not Revenues: signed in on the staff host, but
 * without the permission. Made here rather than taken from the demo, so the test does not depend on its menus.
 */
export async function staffWithoutRevenues(t: TestContext): Promise<ApiAgent> {
  const db = t.database.db;
  const [member] = await db
    .insert(staff)
    .values({ siteCode: 'afs', name: 'No Revenues' })
    .returning({ id: staff.id });
  if (!member) throw new Error('staff not inserted');
  await db
    .insert(staffMenuPermissions)
    .values({ staffId: member.id, position: 1, type: 'mainMenu', name: 'Report', path: '/internal/reports' });
  await db
    .insert(users)
    .values({ siteCode: 'afs', kind: 'staff', login: 'nomenu', status: 'active', staffId: member.id });
  const agent = new ApiAgent(t.app, STAFF_HOST);
  await signInAs(t, agent, 'nomenu');
  return agent;
}

/** The revenue's version as the detail reports it (updated_at, ISO). */
export async function versionOf(t: TestContext, revenueId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ updatedAt: revenues.updatedAt })
    .from(revenues)
    .where(eq(revenues.id, revenueId));
  if (!row) throw new Error(`no revenue ${revenueId}`);
  return row.updatedAt.toISOString();
}

/** Sets what a test needs on a revenue it picked (flags, type…), whatever the demo seed made of it. */
export async function setRevenue(
  t: TestContext,
  revenueId: number,
  values: Partial<typeof revenues.$inferInsert>,
): Promise<void> {
  await t.database.db.update(revenues).set(values).where(eq(revenues.id, revenueId));
}

/** The ids of every demo revenue, lowest first (tests pick theirs by query, not by a fixed id). */
export async function revenueIds(t: TestContext): Promise<number[]> {
  const rows = await t.database.db.select({ id: revenues.id }).from(revenues).orderBy(revenues.id);
  return rows.map((row) => row.id);
}

/** `PATCH` is not among ApiAgent.send's methods; same request otherwise (session cookie, CSRF token). */
export function patch(agent: ApiAgent, path: string, payload: unknown) {
  return agent.request({ method: 'PATCH', url: api(path, agent.lang), payload: payload as object });
}

/** The audit rows of one action on one revenue, oldest first. */
export async function auditRowsOf(t: TestContext, action: string, revenueId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), sql`${auditLog.details}->>'revenueId' = ${String(revenueId)}`))
    .orderBy(auditLog.id);
}
