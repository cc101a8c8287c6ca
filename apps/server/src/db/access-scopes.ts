import type { SiteCode } from '@portal/contract';
import { and, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { policies, statementAccountPolicies, statementAccounts } from './schema/index.js';
import { producerFilter, type TeamScope } from './team-scope.js';

/**
 * Which plans a client may see: the ones they own or jointly own, on the site of their session. Every feature that
 * answers a client about a plan filters with this one predicate, so the rule cannot drift between features.
 * Served by policies_owner_idx / policies_joint_owner_idx (a bitmap OR). Takes placeholders for prepared statements.
 */
export function clientPlanScope(clientId: number | Placeholder, siteCode: SiteCode | Placeholder) {
  return and(
    eq(policies.siteCode, siteCode),
    or(eq(policies.ownerClientId, clientId), eq(policies.jointOwnerClientId, clientId)),
  );
}

/**
 * Which statement accounts (party ids, account numbers) a producer may read within a team scope: every plan the
 * account covers is serviced by a producer of the scope, and it covers at least one. A consolidated account that
 * also covers a plan serviced outside the scope is not readable, because its statement prints every plan it covers.
 * Used on `statement_accounts` rows; the caller adds the site check (the account's client on the caller's site).
 */
export function producerAccountScope(scope: TeamScope): SQL {
  const covered = sql`exists (select 1 from ${statementAccountPolicies} sap where sap.account_id = ${statementAccounts.id})`;
  const outside = sql`exists (select 1 from ${statementAccountPolicies} sap join ${policies} p on p.id = sap.policy_id
    where sap.account_id = ${statementAccounts.id} and not (${producerFilter(scope, sql`p.servicing_producer_id`)}))`;
  return sql`(${covered} and not ${outside})`;
}

/** The producers servicing the plans of some accounts: whose data a producer's statement or document view shows. */
export async function selectServicingProducers(db: Db, accountIds: number[]): Promise<number[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ producerId: policies.servicingProducerId })
    .from(statementAccountPolicies)
    .innerJoin(policies, eq(policies.id, statementAccountPolicies.policyId))
    .where(inArray(statementAccountPolicies.accountId, accountIds));
  return rows.map((r) => r.producerId);
}
