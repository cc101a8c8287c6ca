import type { SiteCode } from '@portal/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { clientPlanScope } from '../../db/access-scopes.js';
import type { Db } from '../../db/client.js';
import { joinPlanCatalog } from '../../db/plan-catalog.js';
import { preparedOnce } from '../../db/prepared.js';
import {
  clientMessages,
  clients,
  funds,
  holdings,
  policies,
  policyStatuses,
  products,
  providers,
} from '../../db/schema/index.js';
import { forgetSessionsEverywhere } from '../../plugins/session/session-changes.js';

/** A client never has more plans or messages than this; the cap keeps a bad data load from answering megabytes. */
const MAX_PLANS = 500;
const MAX_MESSAGES = 500;

const clientPlans = preparedOnce('client_plans', (db, name) => {
  const query = db
    .select({
      id: policies.id,
      productName: products.name,
      productCategory: policies.category,
      policyStatusCode: policies.statusCode,
      policyStatus: policyStatuses.label,
      planNo: policies.planNo,
      providerShortName: providers.shortName,
    })
    .from(policies)
    .$dynamic();
  return joinPlanCatalog(query)
    .where(clientPlanScope(sql.placeholder('clientId'), sql.placeholder('siteCode')))
    .orderBy(asc(policies.category), asc(policies.planNo))
    .limit(MAX_PLANS)
    .prepare(name);
});

/**
 * My Plan's rows. Prepared although it returns a list: its plan is the same for every client (a bitmap OR of the
 * owner and joint-owner indexes, then a sort of at most a few dozen rows), so a generic plan costs nothing.
 */
export async function selectClientPlans(db: Db, clientId: number, siteCode: SiteCode) {
  return clientPlans(db).execute({ clientId, siteCode });
}

export async function selectClientProfile(db: Db, clientId: number) {
  const [row] = await db
    .select({
      name: clients.fullName,
      phoneNumber: clients.phones,
      email: clients.emails,
      resAddress: clients.residentialAddress,
      corrAddress: clients.correspondenceAddress,
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

const messageColumns = {
  id: clientMessages.id,
  createdAt: clientMessages.createdAt,
  planNo: clientMessages.planNo,
  category: clientMessages.category,
  content: clientMessages.content,
  title: clientMessages.title,
  type: clientMessages.type,
  readAt: clientMessages.readAt,
};

/** Newest first through client_messages_client_idx (client_id, created_at desc). */
export async function selectClientMessages(db: Db, clientId: number) {
  return db
    .select(messageColumns)
    .from(clientMessages)
    .where(eq(clientMessages.clientId, clientId))
    .orderBy(desc(clientMessages.createdAt), desc(clientMessages.id))
    .limit(MAX_MESSAGES);
}

/** Marks one of the client's messages read, keeping the first read time; undefined when it is not theirs. */
export async function updateMessageRead(db: Db, clientId: number, messageId: number, now: Date) {
  const [row] = await db
    .update(clientMessages)
    .set({ readAt: sql`coalesce(${clientMessages.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(clientMessages.id, messageId), eq(clientMessages.clientId, clientId)))
    .returning(messageColumns);
  // The unread count `/me` shows comes from the cached session summary.
  if (row) forgetSessionsEverywhere({ clientId });
  return row;
}

/** The member menu's badge, through the partial index client_messages_unread_idx. */
export async function countUnreadMessages(db: Db, clientId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clientMessages)
    .where(and(eq(clientMessages.clientId, clientId), isNull(clientMessages.readAt)));
  return row?.n ?? 0;
}

/** The factsheet of a fund the client holds in one of their plans; undefined otherwise. */
export async function selectHeldFundFactsheet(
  db: Db,
  clientId: number,
  siteCode: SiteCode,
  fundCode: string,
) {
  const [row] = await db
    .select({ fileKey: funds.factsheetFileKey, code: funds.code, name: funds.name })
    .from(funds)
    .where(
      and(
        eq(funds.code, fundCode),
        sql`exists (select 1 from ${holdings} join ${policies} on ${policies.id} = ${holdings.policyId}
          where ${holdings.fundId} = ${funds.id} and ${clientPlanScope(clientId, siteCode)})`,
      ),
    )
    .limit(1);
  return row;
}

/** File keys of one of the client's plans; undefined when it is not theirs. */
export async function selectPlanFileKeys(db: Db, clientId: number, siteCode: SiteCode, planId: number) {
  const [row] = await db
    .select({
      planNo: policies.planNo,
      providerStatementFileKey: policies.providerStatementFileKey,
      assetsSelectionFileKey: policies.assetsSelectionFileKey,
      isShowAssetsSelection: policies.isShowAssetsSelection,
    })
    .from(policies)
    .where(and(eq(policies.id, planId), clientPlanScope(clientId, siteCode)))
    .limit(1);
  return row;
}
