import { and, type Column, eq, is, type SQL, sql } from 'drizzle-orm';
import { alias, PgNumeric } from 'drizzle-orm/pg-core';
import { clientPlanScope } from '../../db/access-scopes.js';
import type { Db } from '../../db/client.js';
import { joinPlanCatalog } from '../../db/plan-catalog.js';
import { preparedOnce } from '../../db/prepared.js';
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
  products,
  providers,
  statementAccounts,
  statementSnapshots,
} from '../../db/schema/index.js';

/*
 * The plan detail in one statement: the plan with its catalogue and owners (one row, or none when the plan is not
 * this client's), and its holdings, items, allocations, latest values and statement history as JSON columns,
 * computed only for that one row. It used to be 7 statements over 2 round trips; on a 2-core machine each statement
 * cost a socket write, a parse and a plan (docs/performance/request-path.md). JSON text carries numbers as JSON
 * numbers, so every numeric column is cast to text first: amounts keep their exact digits, as the other queries return
 * them.
 */

type Field = Column | SQL;
/** The JavaScript value of a field, as drizzle maps it (a nullable column may be null). */
type ValueOf<F> = F extends Column
  ? F['_']['notNull'] extends true
    ? F['_']['data']
    : F['_']['data'] | null
  : F extends SQL<infer T>
    ? T
    : never;
type RowOf<T extends Record<string, Field>> = { [K in keyof T]: ValueOf<T[K]> };

/** `json_build_object` of named fields; numeric columns as text (see above). Keys are code, never input. */
function jsonObject(fields: Record<string, Field>): SQL {
  const pairs = Object.entries(fields).map(
    ([key, value]) => sql`${sql.raw(`'${key}'`)}, ${is(value, PgNumeric) ? sql`${value}::text` : value}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A JSON array of one object per row, in `orderBy` order; [] when there is none. */
function jsonRows<T extends Record<string, Field>>(fields: T, from: SQL, orderBy: SQL): SQL<RowOf<T>[]> {
  return sql<
    RowOf<T>[]
  >`coalesce((select json_agg(${jsonObject(fields)} order by ${orderBy}) ${from}), '[]'::json)`;
}

/** Month-ends shown in the assets performance chart. */
export const PERFORMANCE_MONTHS = 12;

const holdingFields = {
  holdingType: holdings.holdingType,
  unitType: holdings.unitType,
  code: holdings.code,
  description: holdings.description,
  hasFactsheet: sql<boolean>`${funds.factsheetFileKey} is not null`,
  /** The fund's asset class; null for cash. */
  assetClass: funds.assetClass,
  unitHeld: holdings.unitHeld,
  currency: holdings.currency,
  price: holdings.price,
  valueOn: holdings.valueOn,
  value: holdings.value,
  valuationValue: holdings.valuationValue,
  exchangeRate: holdings.exchangeRate,
};
const additionalHoldingFields = {
  kind: additionalHoldings.kind,
  code: additionalHoldings.code,
  name: additionalHoldings.name,
  currency: additionalHoldings.currency,
  unitHeld: additionalHoldings.unitHeld,
  price: additionalHoldings.price,
  valueOn: additionalHoldings.valueOn,
  value: additionalHoldings.value,
};
const itemFields = {
  id: policyItems.id,
  policyType: policyItems.policyType,
  productName: policyItems.productName,
  policyTerm: policyItems.policyTerm,
  payTerm: policyItems.payTerm,
  sumInsured: policyItems.sumInsured,
  modalPremium: policyItems.modalPremium,
};
const allocationFields = {
  kind: policyAllocations.kind,
  code: policyAllocations.code,
  name: policyAllocations.name,
  assetClass: policyAllocations.assetClass,
  percentage: policyAllocations.percentage,
};
const valueFields = {
  valueDate: policyValues.valueDate,
  currency: policyValues.currency,
  cashValue: policyValues.cashValue,
  accumulatedDividend: policyValues.accumulatedDividend,
  futureDeposit: policyValues.futureDeposit,
  loanBalance: policyValues.loanBalance,
  nextLevy: policyValues.nextLevy,
  accumulatedGuaranteedCoupon: policyValues.accumulatedGuaranteedCoupon,
  terminalDividend: policyValues.terminalDividend,
  surrenderValue: policyValues.surrenderValue,
  nextDuePremium: policyValues.nextDuePremium,
  vitalityDiscount: policyValues.vitalityDiscount,
  premiumRefund: policyValues.premiumRefund,
  totalPolicyValue: policyValues.totalPolicyValue,
};
const snapshotFields = {
  month: statementSnapshots.month,
  asOfDate: statementSnapshots.asOfDate,
  totalPortfolioValue: statementSnapshots.totalPortfolioValue,
};

/** The plan's own statement account of the asking client (owner or joint owner): its party id. */
const planAccountId = sql`(select ${statementAccounts.id} from ${statementAccounts}
  where ${statementAccounts.policyId} = ${policies.id} and ${statementAccounts.clientId} = ${sql.placeholder('clientId')}
    and ${statementAccounts.accountType} = 'POLICY' limit 1)`;

const owner = alias(clients, 'owner');
const jointOwner = alias(clients, 'joint_owner');

const planDetailById = preparedOnce('client_plan_detail', (db, name) => {
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
      holdings: jsonRows(
        holdingFields,
        sql`from ${holdings} left join ${funds} on ${funds.id} = ${holdings.fundId}
          where ${holdings.policyId} = ${policies.id}`,
        sql`${holdings.holdingType} desc, ${holdings.code}`,
      ),
      additionalHoldings: jsonRows(
        additionalHoldingFields,
        sql`from ${additionalHoldings} where ${additionalHoldings.policyId} = ${policies.id}`,
        sql`${additionalHoldings.code}`,
      ),
      items: jsonRows(
        itemFields,
        sql`from ${policyItems} where ${policyItems.policyId} = ${policies.id}`,
        sql`${policyItems.policyType}, ${policyItems.id}`,
      ),
      allocations: jsonRows(
        allocationFields,
        sql`from ${policyAllocations} where ${policyAllocations.policyId} = ${policies.id}`,
        sql`${policyAllocations.kind}, ${policyAllocations.sortOrder}`,
      ),
      // The latest life values: primary key (policy_id, value_date), one index probe.
      values: sql<RowOf<typeof valueFields> | null>`(select ${jsonObject(valueFields)} from ${policyValues}
        where ${policyValues.policyId} = ${policies.id} order by ${policyValues.valueDate} desc limit 1)`,
      partyId: sql<number | null>`${planAccountId}`.mapWith(Number),
      // Newest first, at most PERFORMANCE_MONTHS; the subquery's LIMIT needs its own ORDER BY.
      snapshots: sql<RowOf<typeof snapshotFields>[]>`coalesce((select json_agg(${jsonObject(snapshotFields)}
        order by ${statementSnapshots.month} desc) from (select * from ${statementSnapshots}
          where ${statementSnapshots.accountId} = ${planAccountId}
          order by ${statementSnapshots.month} desc limit ${sql.raw(String(PERFORMANCE_MONTHS))}) ${statementSnapshots}), '[]'::json)`,
      // (The derived table takes the table's own name, so the field references above resolve to its rows.)
    })
    .from(policies)
    .$dynamic();
  return joinPlanCatalog(query)
    .innerJoin(owner, eq(owner.id, policies.ownerClientId))
    .leftJoin(jointOwner, eq(jointOwner.id, policies.jointOwnerClientId))
    .where(
      and(
        eq(policies.id, sql.placeholder('planId')),
        clientPlanScope(sql.placeholder('clientId'), sql.placeholder('siteCode')),
      ),
    )
    .limit(1)
    .prepare(name);
});

/** One plan with everything its detail page shows; undefined when it is not this client's (or does not exist). */
export async function selectClientPlanDetail(db: Db, clientId: number, siteCode: string, planId: number) {
  const [row] = await planDetailById(db).execute({ planId, clientId, siteCode });
  return row;
}

export type ClientPlanDetailRow = NonNullable<Awaited<ReturnType<typeof selectClientPlanDetail>>>;
