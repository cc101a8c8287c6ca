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

/**
 * The same joins as a fragment to put after `policies` in lists written in `sql` (page, count and export share the
 * text). LEFT JOINs on purpose: each follows a non-null foreign key to a primary key, so it keeps every plan exactly
 * as an inner join would, and PostgreSQL drops a left join to a unique key whose columns a statement does not use,
 * so a list's bounded count reads the plans alone instead of joining the catalogue for every counted row.
 */
export const planCatalogJoins: SQL = sql`left join ${products} on ${products.id} = ${policies.productId}
  left join ${providers} on ${providers.id} = ${products.providerId}
  left join ${policyStatuses} on ${policyStatuses.code} = ${policies.statusCode}`;
