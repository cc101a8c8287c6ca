import { eq, sql } from 'drizzle-orm';
import { revenuePayoutRecords, revenuePayouts, revenues } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import type { TestContext } from '../../testing/test-app.js';

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
