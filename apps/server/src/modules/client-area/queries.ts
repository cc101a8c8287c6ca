import type { SiteCode } from '@portal/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clientPlanScope } from '../../db/access-scopes.js';
import type { Db } from '../../db/client.js';
import { joinPlanCatalog } from '../../db/plan-catalog.js';
import {
  additionalHoldings,
  clientMessages,
  clients,
  funds,
  holdings,
  policies,
  policyAllocations,
  policyItems,
  policyStatuses,
  policyValues,
  products,
  providers,
  statementAccounts,
  statementSnapshots,
} from '../../db/schema/index.js';

/** A client never has more plans or messages than this; the cap keeps a bad data load from answering megabytes. */
const MAX_PLANS = 500;
const MAX_MESSAGES = 500;

export async function selectClientPlans(db: Db, clientId: number, siteCode: SiteCode) {
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
    .where(clientPlanScope(clientId, siteCode))
    .orderBy(asc(policies.category), asc(policies.planNo))
    .limit(MAX_PLANS);
}

const owner = alias(clients, 'owner');
const jointOwner = alias(clients, 'joint_owner');

/** One plan with its product, provider, status and owners; undefined when it is not this client's. */
export async function selectClientPlan(db: Db, clientId: number, siteCode: SiteCode, planId: number) {
  const query = db
    .select({
      plan: policies,
      productName: products.name,
      productCodeForApi: products.codeForApi,
      productType: products.productType,
      providerCodeForApi: providers.codeForApi,
      providerShortName: providers.shortName,
      providerName: providers.name,
      policyStatus: policyStatuses.label,
      isTerminated: policyStatuses.isTerminated,
      ownerName: owner.fullName,
      ownerPhones: owner.phones,
      ownerEmails: owner.emails,
      ownerResidentialAddress: owner.residentialAddress,
      ownerCorrespondenceAddress: owner.correspondenceAddress,
      jointOwnerName: jointOwner.fullName,
    })
    .from(policies)
    .$dynamic();
  const [row] = await joinPlanCatalog(query)
    .innerJoin(owner, eq(owner.id, policies.ownerClientId))
    .leftJoin(jointOwner, eq(jointOwner.id, policies.jointOwnerClientId))
    .where(and(eq(policies.id, planId), clientPlanScope(clientId, siteCode)))
    .limit(1);
  return row;
}

export type ClientPlanRow = NonNullable<Awaited<ReturnType<typeof selectClientPlan>>>;

export async function selectPlanHoldings(db: Db, planId: number) {
  return db
    .select({
      holdingType: holdings.holdingType,
      unitType: holdings.unitType,
      code: holdings.code,
      description: holdings.description,
      hasFactsheet: sql<boolean>`${funds.factsheetFileKey} is not null`,
      unitHeld: holdings.unitHeld,
      currency: holdings.currency,
      price: holdings.price,
      valueOn: holdings.valueOn,
      value: holdings.value,
      valuationValue: holdings.valuationValue,
      exchangeRate: holdings.exchangeRate,
    })
    .from(holdings)
    .leftJoin(funds, eq(funds.id, holdings.fundId))
    .where(eq(holdings.policyId, planId))
    .orderBy(desc(holdings.holdingType), asc(holdings.code));
}

export async function selectPlanAdditionalHoldings(db: Db, planId: number) {
  return db
    .select({
      kind: additionalHoldings.kind,
      code: additionalHoldings.code,
      name: additionalHoldings.name,
      currency: additionalHoldings.currency,
      unitHeld: additionalHoldings.unitHeld,
      price: additionalHoldings.price,
      valueOn: additionalHoldings.valueOn,
      value: additionalHoldings.value,
    })
    .from(additionalHoldings)
    .where(eq(additionalHoldings.policyId, planId))
    .orderBy(asc(additionalHoldings.code));
}

export async function selectPlanItems(db: Db, planId: number) {
  return db
    .select({
      id: policyItems.id,
      policyType: policyItems.policyType,
      productName: policyItems.productName,
      policyTerm: policyItems.policyTerm,
      payTerm: policyItems.payTerm,
      sumInsured: policyItems.sumInsured,
      modalPremium: policyItems.modalPremium,
    })
    .from(policyItems)
    .where(eq(policyItems.policyId, planId))
    .orderBy(asc(policyItems.policyType), asc(policyItems.id));
}

export async function selectPlanAllocations(db: Db, planId: number) {
  return db
    .select({
      kind: policyAllocations.kind,
      code: policyAllocations.code,
      name: policyAllocations.name,
      assetClass: policyAllocations.assetClass,
      percentage: policyAllocations.percentage,
    })
    .from(policyAllocations)
    .where(eq(policyAllocations.policyId, planId))
    .orderBy(asc(policyAllocations.kind), asc(policyAllocations.sortOrder));
}

/** The latest life values (primary key policy_id, value_date: one index probe). */
export async function selectLatestPolicyValues(db: Db, planId: number) {
  const [row] = await db
    .select()
    .from(policyValues)
    .where(eq(policyValues.policyId, planId))
    .orderBy(desc(policyValues.valueDate))
    .limit(1);
  return row;
}

/** The plan's own statement account and its month-end values, newest first (at most `limit` months). */
export async function selectPlanStatementHistory(db: Db, clientId: number, planId: number, limit: number) {
  const [account] = await db
    .select({ id: statementAccounts.id })
    .from(statementAccounts)
    .where(
      and(
        eq(statementAccounts.policyId, planId),
        eq(statementAccounts.clientId, clientId),
        eq(statementAccounts.accountType, 'POLICY'),
      ),
    )
    .limit(1);
  if (!account) return { partyId: null, snapshots: [] };
  const snapshots = await db
    .select({
      month: statementSnapshots.month,
      asOfDate: statementSnapshots.asOfDate,
      totalPortfolioValue: statementSnapshots.totalPortfolioValue,
    })
    .from(statementSnapshots)
    .where(eq(statementSnapshots.accountId, account.id))
    .orderBy(desc(statementSnapshots.month))
    .limit(limit);
  return { partyId: account.id, snapshots };
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
