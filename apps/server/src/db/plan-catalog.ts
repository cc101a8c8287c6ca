import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { policies, policyStatuses, products, providers } from './schema/index.js';

/*
 * A plan with its catalogue facts: product, provider and status. Client area, forms, statements and the producer
 * lists all read a plan this way; the join lives here once so they cannot drift (e.g. one of them joining the
 * product's provider through another column). Every join follows a non-null foreign key, so it never drops a plan.
 */

/** Adds product, provider and status to a select whose FROM already has `policies` (`.$dynamic()` first). */
export function joinPlanCatalog<T extends PgSelect>(query: T) {
  return query
    .innerJoin(products, eq(products.id, policies.productId))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .innerJoin(policyStatuses, eq(policyStatuses.code, policies.statusCode));
}

/** The same joins as a FROM fragment for lists written in `sql` (count and export share the text with the page). */
export const planCatalogFrom: SQL = sql`${policies}
  join ${products} on ${products.id} = ${policies.productId}
  join ${providers} on ${providers.id} = ${products.providerId}
  join ${policyStatuses} on ${policyStatuses.code} = ${policies.statusCode}`;
