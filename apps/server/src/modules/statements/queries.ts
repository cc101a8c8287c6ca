import { and, asc, between, desc, eq, inArray, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { producerAccountScope } from '../../db/access-scopes.js';
import type { Db } from '../../db/client.js';
import { joinPlanCatalog } from '../../db/plan-catalog.js';
import { preparedOnce } from '../../db/prepared.js';
import {
  clients,
  funds,
  fxRates,
  policies,
  policyAllocations,
  policyValues,
  products,
  providers,
  renderedDocuments,
  statementAccountPolicies,
  statementAccounts,
  statementSnapshotHoldings,
  statementSnapshots,
} from '../../db/schema/index.js';
import type { TeamScope } from '../../db/team-scope.js';

/** A client has a handful of statement accounts; the cap bounds a corrupt data load. */
const MAX_ACCOUNTS = 200;

const accountColumns = {
  id: statementAccounts.id,
  clientId: statementAccounts.clientId,
  accountType: statementAccounts.accountType,
  accountNo: statementAccounts.accountNo,
  consolidatedCurrency: statementAccounts.consolidatedCurrency,
  statementLanguage: statementAccounts.statementLanguage,
  providerStatementFileKey: statementAccounts.providerStatementFileKey,
  policyId: statementAccounts.policyId,
  planNo: policies.planNo,
  productName: products.name,
};

/** Every statement account of a client (statement_accounts_client_idx), consolidated first. */
export async function selectClientAccounts(db: Db, clientId: number) {
  return db
    .select(accountColumns)
    .from(statementAccounts)
    .leftJoin(policies, eq(policies.id, statementAccounts.policyId))
    .leftJoin(products, eq(products.id, policies.productId))
    .where(eq(statementAccounts.clientId, clientId))
    .orderBy(desc(sql`${statementAccounts.accountType} = 'CONSOLIDATE'`), asc(statementAccounts.accountNo))
    .limit(MAX_ACCOUNTS);
}

export type AccountRow = Awaited<ReturnType<typeof selectClientAccounts>>[number];

/** The named accounts that belong to the client (primary key lookups); others are simply absent. */
export async function selectClientAccountsByIds(db: Db, clientId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(accountColumns)
    .from(statementAccounts)
    .leftJoin(policies, eq(policies.id, statementAccounts.policyId))
    .leftJoin(products, eq(products.id, policies.productId))
    .where(and(inArray(statementAccounts.id, ids), eq(statementAccounts.clientId, clientId)));
}

/**
 * The named accounts a producer may read within `scope` (every plan of the account serviced inside it), on the
 * producer's site; others are simply absent.
 */
export async function selectProducerAccountsByIds(db: Db, scope: TeamScope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(accountColumns)
    .from(statementAccounts)
    .innerJoin(clients, eq(clients.id, statementAccounts.clientId))
    .leftJoin(policies, eq(policies.id, statementAccounts.policyId))
    .leftJoin(products, eq(products.id, policies.productId))
    .where(
      and(
        inArray(statementAccounts.id, ids),
        eq(clients.siteCode, scope.caller.siteCode),
        producerAccountScope(scope),
      ),
    );
}

/** Months with a snapshot per account between two month starts (statement_snapshots_account_month_uq). */
export async function selectAccountMonths(db: Db, accountIds: number[], fromMonth: string, toMonth: string) {
  if (accountIds.length === 0) return [];
  return db
    .select({ accountId: statementSnapshots.accountId, month: statementSnapshots.month })
    .from(statementSnapshots)
    .where(
      and(
        inArray(statementSnapshots.accountId, accountIds),
        between(statementSnapshots.month, fromMonth, toMonth),
      ),
    )
    .orderBy(desc(statementSnapshots.month));
}

export async function selectClientHeader(db: Db, clientId: number) {
  const [row] = await db
    .select({ name: clients.fullName, clientNo: clients.clientNo })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

export async function selectSnapshot(db: Db, accountId: number, month: string) {
  const [row] = await db
    .select({ id: statementSnapshots.id, asOfDate: statementSnapshots.asOfDate })
    .from(statementSnapshots)
    .where(and(eq(statementSnapshots.accountId, accountId), eq(statementSnapshots.month, month)))
    .limit(1);
  return row;
}

/** The month's snapshots of the plan accounts a consolidated account covers, for the same client. */
export async function selectConsolidatedPlanSnapshots(
  db: Db,
  clientId: number,
  accountId: number,
  month: string,
) {
  const planAccount = alias(statementAccounts, 'plan_account');
  return db
    .select({ id: statementSnapshots.id })
    .from(statementAccountPolicies)
    .innerJoin(
      planAccount,
      and(
        eq(planAccount.policyId, statementAccountPolicies.policyId),
        eq(planAccount.accountType, 'POLICY'),
        eq(planAccount.clientId, clientId),
      ),
    )
    .innerJoin(
      statementSnapshots,
      and(eq(statementSnapshots.accountId, planAccount.id), eq(statementSnapshots.month, month)),
    )
    .where(eq(statementAccountPolicies.accountId, accountId))
    .orderBy(asc(planAccount.accountNo));
}

const owner = alias(clients, 'owner');
const jointOwner = alias(clients, 'joint_owner');

/**
 * The section reads of a statement are prepared (db/prepared.ts) with their ids as one array parameter: each is a
 * probe of a primary or foreign key whatever the ids, and the plans' read joins eight tables, whose planning cost
 * 5–16 ms a call at the 1M preset against 0.4 ms of execution (cold statements ran at 28/s there, decision 025).
 *
 * The ids are read through `array(select unnest(...))` so that their number never enters the row estimate. With a
 * plain `= any($1)`, PostgreSQL's custom plans counted the actual ids (a statement has fewer than ten snapshots)
 * and its generic plan assumed ten, so the generic plan always looked dearer and was never kept: the plans' read
 * was planned again on every call (1.45 ms of planning against 0.07 ms of execution at the 1M preset). Now both
 * estimate alike, and after PostgreSQL's five trial runs per connection the generic plan (the same index probes)
 * serves every call (statement-plans.postgres.test.ts).
 */
const idArray = (ids: readonly (number | string)[]) => `{${ids.join(',')}}`;
const anyOf = (column: SQL.Aliased | Parameters<typeof eq>[0], name: string, type: 'bigint' | 'text') =>
  sql`${column} = any(array(select unnest(${sql.placeholder(name)}::${sql.raw(type)}[])))`;

const snapshotPlans = preparedOnce('statement_snapshot_plans', (db, name) => {
  const query = db
    .select({
      snapshotId: statementSnapshots.id,
      valuationCurrency: statementSnapshots.valuationCurrency,
      policyId: policies.id,
      planNo: policies.planNo,
      productName: products.name,
      providerName: providers.name,
      policyOwner: owner.fullName,
      jointOwner: jointOwner.fullName,
      insured: policies.insuredName,
      beneficiary: policies.beneficiaryName,
      commenceDate: policies.commenceDate,
      policyTerm: policies.policyTerm,
      paymentFrequency: policies.paymentFrequency,
      payTerm: policies.payTerm,
      paymentMethod: policies.paymentMethod,
      currency: policies.currency,
      modalPremium: policies.modalPremium,
      totalPremiumPaid: sql<
        string | null
      >`coalesce(${statementSnapshots.totalPremiumPaid}, ${policies.totalPremiumPaid})`,
      dataAlert: policies.totalPortfolioValueAlert,
    })
    .from(statementSnapshots)
    .innerJoin(statementAccounts, eq(statementAccounts.id, statementSnapshots.accountId))
    .innerJoin(policies, eq(policies.id, statementAccounts.policyId))
    .$dynamic();
  return joinPlanCatalog(query)
    .innerJoin(owner, eq(owner.id, policies.ownerClientId))
    .leftJoin(jointOwner, eq(jointOwner.id, policies.jointOwnerClientId))
    .where(anyOf(statementSnapshots.id, 'ids', 'bigint'))
    .prepare(name);
});

/** Plan facts of each snapshot's plan, as printed on the statement. */
export async function selectSnapshotPlans(db: Db, snapshotIds: number[]) {
  if (snapshotIds.length === 0) return [];
  return snapshotPlans(db).execute({ ids: idArray(snapshotIds) });
}

const snapshotHoldings = preparedOnce('statement_snapshot_holdings', (db, name) =>
  db
    .select({
      snapshotId: statementSnapshotHoldings.snapshotId,
      holdingType: statementSnapshotHoldings.holdingType,
      code: statementSnapshotHoldings.code,
      description: statementSnapshotHoldings.description,
      currency: statementSnapshotHoldings.currency,
      unitType: statementSnapshotHoldings.unitType,
      unitHeld: statementSnapshotHoldings.unitHeld,
      price: statementSnapshotHoldings.price,
      valueOn: statementSnapshotHoldings.valueOn,
      value: statementSnapshotHoldings.value,
      exchangeRate: statementSnapshotHoldings.exchangeRate,
      valuationValue: statementSnapshotHoldings.valuationValue,
      /** The fund's asset class (null for cash): the statement's portfolio is summed by it. */
      assetClass: funds.assetClass,
    })
    .from(statementSnapshotHoldings)
    .leftJoin(funds, eq(funds.id, statementSnapshotHoldings.fundId))
    .where(anyOf(statementSnapshotHoldings.snapshotId, 'ids', 'bigint'))
    .orderBy(desc(statementSnapshotHoldings.holdingType), asc(statementSnapshotHoldings.code))
    .prepare(name),
);

/** Positions of the snapshots (statement_snapshot_holdings_snapshot_idx); funds first, then cash. */
export async function selectSnapshotHoldings(db: Db, snapshotIds: number[]) {
  if (snapshotIds.length === 0) return [];
  return snapshotHoldings(db).execute({ ids: idArray(snapshotIds) });
}

const planAllocations = preparedOnce('statement_plan_allocations', (db, name) =>
  db
    .select({
      policyId: policyAllocations.policyId,
      kind: policyAllocations.kind,
      code: policyAllocations.code,
      name: policyAllocations.name,
      assetClass: policyAllocations.assetClass,
      percentage: policyAllocations.percentage,
    })
    .from(policyAllocations)
    // The premium allocation only: the portfolio is derived from the snapshot's holdings (build-statement.ts).
    .where(and(anyOf(policyAllocations.policyId, 'ids', 'bigint'), eq(policyAllocations.kind, 'allocation')))
    .orderBy(asc(policyAllocations.policyId), asc(policyAllocations.kind), asc(policyAllocations.sortOrder))
    .prepare(name),
);

export async function selectPlanAllocations(db: Db, policyIds: number[]) {
  if (policyIds.length === 0) return [];
  return planAllocations(db).execute({ ids: idArray(policyIds) });
}

const policyValuesOn = preparedOnce('statement_policy_values', (db, name) =>
  db
    .select()
    .from(policyValues)
    .where(
      and(
        anyOf(policyValues.policyId, 'ids', 'bigint'),
        eq(policyValues.valueDate, sql.placeholder('valueDate')),
      ),
    )
    .prepare(name),
);

/** Life values at the statement's valuation date (primary key lookups). */
export async function selectPolicyValuesOn(db: Db, policyIds: number[], valueDate: string) {
  if (policyIds.length === 0) return [];
  return policyValuesOn(db).execute({ ids: idArray(policyIds), valueDate });
}

const usdRates = preparedOnce('statement_usd_rates', (db, name) =>
  db
    .select({ currency: fxRates.currency, rate: fxRates.rate })
    .from(fxRates)
    .where(
      and(
        eq(fxRates.rateDate, sql.placeholder('rateDate')),
        eq(fxRates.quoteCurrency, 'USD'),
        anyOf(fxRates.currency, 'currencies', 'text'),
      ),
    )
    .prepare(name),
);

/** USD quotes (USD per unit of currency) on one date. */
export async function selectUsdRates(db: Db, rateDate: string, currencies: string[]) {
  if (currencies.length === 0) return [];
  // Written into an array literal: only ISO codes may go in (they need no quoting).
  const bad = currencies.find((c) => !/^[A-Z]{3}$/.test(c));
  if (bad !== undefined) throw new Error(`not a currency code: ${JSON.stringify(bad)}`);
  return usdRates(db).execute({ rateDate, currencies: idArray(currencies) });
}

/**
 * Who may read an account, as a condition on `statement_accounts` joined to its client: a client their own; a
 * producer those on their site whose plans are all serviced inside their scope.
 */
export function accountReadableBy(who: { clientId?: number; producerScope?: TeamScope }): SQL {
  if (who.producerScope === undefined) return eq(statementAccounts.clientId, who.clientId as number);
  const scope = who.producerScope;
  return and(eq(clients.siteCode, scope.caller.siteCode), producerAccountScope(scope)) as SQL;
}

/**
 * One statement account the requester may read (accountReadableBy), in ONE statement: the account,
 * its client's printed name and number, its snapshots between two month starts (newest first, "YYYY-MM id
 * YYYY-MM-DD" joined by commas: month, snapshot id, valuation date — at most one per month, so six here), and a
 * version of everything the statement is built from that changes in place. The version covers the client's
 * snapshots in the window (a regenerated snapshot has a new generated_at), the client's name and number, the
 * account's number and currency and the plans' updated_at; the letterhead's part is the site cache's stamp
 * (view-statement.ts). What it does not cover (allocations, product names) reaches a cached statement within the
 * document cache's TTL. No row: not readable (or no such account).
 */
export async function selectStatementPlan(
  db: Db,
  who: { clientId?: number; producerScope?: TeamScope },
  partyId: number,
  fromMonth: string,
  toMonth: string,
) {
  if (who.producerScope === undefined) {
    const args = { clientId: who.clientId as number, partyId, fromMonth, toMonth };
    const [row] = await clientStatementPlan(db).execute(args);
    return row;
  }
  const [row] = await statementPlanQuery(db, accountReadableBy(who), partyId, fromMonth, toMonth);
  return row;
}

type Value<T> = T | Placeholder;

function statementPlanQuery(
  db: Db,
  access: SQL,
  partyId: Value<number>,
  fromMonth: Value<string>,
  toMonth: Value<string>,
) {
  return db
    .select({
      ...accountColumns,
      clientName: clients.fullName,
      clientNo: clients.clientNo,
      snapshots: sql<string | null>`(select string_agg(concat_ws(' ', to_char(s.month, 'YYYY-MM'), s.id::text,
          to_char(s.as_of_date, 'YYYY-MM-DD')), ',' order by s.month desc)
        from ${statementSnapshots} s
        where s.account_id = ${statementAccounts.id} and s.month between ${fromMonth} and ${toMonth})`,
      version: sql<string>`concat_ws('|',
        ${statementAccounts.accountNo}, ${statementAccounts.consolidatedCurrency},
        md5(concat_ws('|', ${clients.fullName}, ${clients.clientNo}, ${clients.updatedAt}::text)),
        (select concat_ws(',', max(s.generated_at)::text, count(*)::text)
          from ${statementSnapshots} s join ${statementAccounts} own on own.id = s.account_id
          where own.client_id = ${statementAccounts.clientId} and s.month between ${fromMonth} and ${toMonth}),
        (select max(p.updated_at)::text from ${policies} p where p.id in (
          select ${statementAccounts.policyId}
          union all select sap.policy_id from ${statementAccountPolicies} sap where sap.account_id = ${statementAccounts.id})))`,
    })
    .from(statementAccounts)
    .innerJoin(clients, eq(clients.id, statementAccounts.clientId))
    .leftJoin(policies, eq(policies.id, statementAccounts.policyId))
    .leftJoin(products, eq(products.id, policies.productId))
    .where(and(eq(statementAccounts.id, partyId), access))
    .limit(1);
}

/**
 * A client's plan query, prepared (db/prepared.ts): one account by primary key, its client by primary key, and index
 * ranges over the client's few accounts and six months of snapshots — the same plan whatever the values. A producer's
 * access condition depends on their scope, so theirs is built per request.
 */
const clientStatementPlan = preparedOnce('statement_plan_client', (db, name) =>
  statementPlanQuery(
    db,
    eq(statementAccounts.clientId, sql.placeholder('clientId')),
    sql.placeholder('partyId'),
    sql.placeholder('fromMonth'),
    sql.placeholder('toMonth'),
  ).prepare(name),
);

/** A snapshot of the plan query: which one and its valuation date. */
export interface SnapshotRef {
  id: number;
  asOfDate: string;
}

/**
 * The plan query's `snapshots` text read back: months newest first, and each month's snapshot. A malformed entry
 * (there is none unless the query changes) is left out, so its month answers 404 rather than a wrong statement.
 */
export function parsePlannedSnapshots(text: string | null): {
  months: string[];
  byMonth: Map<string, SnapshotRef>;
} {
  const months: string[] = [];
  const byMonth = new Map<string, SnapshotRef>();
  for (const entry of text ? text.split(',') : []) {
    const [month, id, asOfDate] = entry.split(' ');
    if (!month || !id || !asOfDate || !/^\d+$/.test(id)) continue;
    months.push(month);
    byMonth.set(month, { id: Number(id), asOfDate });
  }
  return { months, byMonth };
}

/** A rendered document by its content key (primary key lookup). */
export async function selectRenderedDocument(db: Db, key: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: renderedDocuments.bytes })
    .from(renderedDocuments)
    .where(eq(renderedDocuments.key, key))
    .limit(1);
  return row?.bytes;
}

/** Stores a rendered document; another process that rendered the same content first keeps its (equal) row. */
export async function insertRenderedDocument(db: Db, key: string, kind: string, bytes: Buffer) {
  await db.insert(renderedDocuments).values({ key, kind, bytes }).onConflictDoNothing();
}

/** Rendered documents older than `before`: a statement still asked for is rendered again and stored anew. */
export async function deleteRenderedDocumentsBefore(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(renderedDocuments)
    .where(lt(renderedDocuments.createdAt, before))
    .returning({ key: renderedDocuments.key });
  return removed.length;
}
