import type { SiteCode } from '@portal/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPlanScope } from '../../db/access-scopes.js';
import type { Db } from '../../db/client.js';
import { joinPlanCatalog } from '../../db/plan-catalog.js';
import {
  additionalHoldings,
  clients,
  funds,
  holdings,
  policies,
  policyAllocations,
  policyItems,
  policyStatuses,
  policyValues,
  producers,
  products,
  providers,
  sessions,
  statementAccounts,
  statementSnapshots,
  users,
} from '../../db/schema/index.js';
import { findSession } from '../../plugins/session/queries.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { PERFORMANCE_MONTHS, selectClientPlanDetail } from './plan-detail-query.js';
import { selectClientPlans } from './queries.js';

/*
 * The prepared statements against the queries they replaced, written here as they were (unprepared, built per
 * call, the detail in 7 statements): same rows, same values, same types, on PGlite and on PostgreSQL.
 */

let t: TestContext;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

function plansBefore(clientId: number, siteCode: SiteCode) {
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
    .limit(500);
}

const owner = alias(clients, 'owner');
const jointOwner = alias(clients, 'joint_owner');

/** The plan detail's seven statements as they were, put together in the shape of the one statement. */
async function detailBefore(clientId: number, siteCode: SiteCode, planId: number) {
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
  if (!row) return undefined;
  const holdingRows = await db
    .select({
      holdingType: holdings.holdingType,
      unitType: holdings.unitType,
      code: holdings.code,
      description: holdings.description,
      hasFactsheet: sql<boolean>`${funds.factsheetFileKey} is not null`,
      assetClass: funds.assetClass,
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
  const extra = await db
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
  const items = await db
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
  const allocations = await db
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
  const [latest] = await db
    .select()
    .from(policyValues)
    .where(eq(policyValues.policyId, planId))
    .orderBy(desc(policyValues.valueDate))
    .limit(1);
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
  const snapshots = account
    ? await db
        .select({
          month: statementSnapshots.month,
          asOfDate: statementSnapshots.asOfDate,
          totalPortfolioValue: statementSnapshots.totalPortfolioValue,
        })
        .from(statementSnapshots)
        .where(eq(statementSnapshots.accountId, account.id))
        .orderBy(desc(statementSnapshots.month))
        .limit(PERFORMANCE_MONTHS)
    : [];
  const { policyId: _policyId, ...values } = latest ?? { policyId: 0 };
  return {
    ...row,
    holdings: holdingRows,
    additionalHoldings: extra,
    items,
    allocations,
    values: latest ? values : null,
    partyId: account?.id ?? null,
    snapshots,
  };
}

const planIdsOf = async (clientId: number) => (await plansBefore(clientId, 'afs')).map((p) => p.id);

describe('prepared statements answer what the queries they replaced answered', () => {
  it('My Plan: the same rows for each client, none on another site', async () => {
    for (const clientId of [1, 2, 3]) {
      const rows = await selectClientPlans(db, clientId, 'afs');
      expect(rows).toEqual(await plansBefore(clientId, 'afs'));
    }
    expect(await selectClientPlans(db, 1, 'ipc')).toEqual([]);
    expect((await selectClientPlans(db, 1, 'afs')).length).toBeGreaterThan(5);
  });

  it('plan detail: the same plan, parts, values and history for every plan of the demo clients', async () => {
    let withHoldings = 0;
    let withHistory = 0;
    for (const clientId of [1, 2]) {
      for (const planId of await planIdsOf(clientId)) {
        const now = await selectClientPlanDetail(db, clientId, 'afs', planId);
        expect(now).toEqual(await detailBefore(clientId, 'afs', planId));
        if ((now?.holdings.length ?? 0) > 0) withHoldings++;
        if ((now?.snapshots.length ?? 0) > 0) withHistory++;
      }
    }
    // The demo data exercises the JSON parts, not just empty arrays.
    expect(withHoldings).toBeGreaterThan(2);
    expect(withHistory).toBeGreaterThan(2);
  });

  it("plan detail: nothing for another client's plan, another site or an unknown id", async () => {
    const [theirs] = await planIdsOf(2);
    expect(await selectClientPlanDetail(db, 1, 'afs', theirs as number)).toBeUndefined();
    const [mine] = await planIdsOf(1);
    expect(await selectClientPlanDetail(db, 1, 'ipc', mine as number)).toBeUndefined();
    expect(await selectClientPlanDetail(db, 1, 'afs', 987654321)).toBeUndefined();
  });

  it("a joint owner sees the plan with their own statement account, not the owner's", async () => {
    const planId = (await planIdsOf(1))[0] as number;
    await db.update(policies).set({ jointOwnerClientId: 2 }).where(eq(policies.id, planId));
    try {
      const joint = await selectClientPlanDetail(db, 2, 'afs', planId);
      expect(joint).toEqual(await detailBefore(2, 'afs', planId));
      expect(joint?.jointOwnerName).not.toBeNull();
      const ownerView = await selectClientPlanDetail(db, 1, 'afs', planId);
      expect(ownerView?.partyId).not.toBeNull();
      expect(joint?.partyId).toBeNull();
    } finally {
      await db.update(policies).set({ jointOwnerClientId: null }).where(eq(policies.id, planId));
    }
  });

  it('the session lookup: the same session and user as a query built per call', async () => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'AG10000001'));
    const idHash = 'prepared-statement-test';
    await db.insert(sessions).values({
      idHash,
      siteCode: 'afs',
      userId: user?.id,
      csrfToken: 'token',
      data: { internal: false },
      expiresAt: new Date(Date.now() + 60_000),
    });
    const [before] = await db
      .select({
        session: sessions,
        user: {
          id: users.id,
          kind: users.kind,
          status: users.status,
          clientId: users.clientId,
          producerId: users.producerId,
          staffId: users.staffId,
          producerActive: sql<
            boolean | null
          >`(select p.is_active from ${producers} p where p.id = ${users.producerId})`,
        },
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, idHash))
      .limit(1);
    expect(before?.user?.id).toBe(user?.id);
    expect(await findSession(db, idHash)).toEqual(before);
    expect(await findSession(db, 'no-such-session')).toBeUndefined();
  });
});
