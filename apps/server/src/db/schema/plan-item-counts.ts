import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { refId } from './columns.js';
import { policies } from './policies.js';

/**
 * How many rows a plan has in report 11 (policy item details): its coverage lines and its fund holdings. Only plans
 * with at least one; kept by triggers on policy_items and holdings (migration 0043), filled by the generator after its
 * trigger-less load (seed/report-facts.ts). Report 11 counts its rows by summing these over its plans rather than
 * reading each plan's items (docs/reports.md, report 11).
 */
export const planItemCounts = pgTable(
  'plan_item_counts',
  {
    policyId: refId('policy_id')
      .primaryKey()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** The plan's servicing producer (kept by a trigger on policies): the team is checked without the plan. */
    servicingProducerId: refId('servicing_producer_id').notNull(),
    items: integer('items').notNull(),
  },
  // Index-only probes by plan (servicing producer and items included, migration 0043): a period's plans are found
  // in applications, then their counts here.
  (t) => [index('plan_item_counts_covering_idx').on(t.policyId)],
);
