import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refId, updatedAt } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { sites } from './sites.js';

/**
 * A producer (partner, sub-partner or consultant). `code` is the Advisor Code a producer may sign in with;
 * `parent_id` places them in their site's team tree, whose transitive closure PostgreSQL keeps in producer_tree.
 */
export const producers = pgTable(
  'producers',
  {
    id: idColumn(),
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    parentId: refId('parent_id').references((): AnyPgColumn => producers.id),
    title: text('title').notNull().default('Consultant'),
    regionCode: text('region_code').notNull().default('HK'),
    hasCommissionPermission: boolean('has_commission_permission').notNull().default(false),
    hasBvReportPermission: boolean('has_bv_report_permission').notNull().default(false),
    hasTrainingHistoryReportPermission: boolean('has_training_history_report_permission')
      .notNull()
      .default(false),
    hasAvenueB2bLogin: boolean('has_avenue_b2b_login').notNull().default(false),
    opEmails: text('op_emails').array().notNull().default(sql`'{}'::text[]`),
    acEmails: text('ac_emails').array().notNull().default(sql`'{}'::text[]`),
    contractAddress: text('contract_address').array().notNull().default(sql`'{}'::text[]`),
    correspondenceAddress: text('correspondence_address').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('producers_site_code_uq').on(t.siteCode, sql`upper(${t.code})`),
    index('producers_parent_idx').on(t.parentId),
    // The team search (name or Advisor Code contains the text, any case) at tens of thousands of producers.
    index('producers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('producers_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`),
    check('producers_not_own_parent_ck', sql`${t.parentId} is distinct from ${t.id}`),
  ],
);

/**
 * Closure table of the team tree: one row per (ancestor, descendant) pair including each producer with itself at
 * depth 0. Written only by the triggers in migration "producer_tree"; a team-subtree query is one index range scan
 * (`where ancestor_id = $1`) instead of a recursive walk per request.
 */
export const producerTree = pgTable(
  'producer_tree',
  {
    ancestorId: refId('ancestor_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    descendantId: refId('descendant_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId], name: 'producer_tree_pk' }),
    // Ancestors of a producer (breadcrumbs, "is X in my team" checks from the descendant side).
    index('producer_tree_descendant_idx').on(t.descendantId, t.depth),
    check('producer_tree_depth_ck', sql`${t.depth} >= 0`),
  ],
);
