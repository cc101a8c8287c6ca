import {
  CLIENT_OWED_STATUSES,
  OPEN_REQUIREMENT_STATUSES,
  REQUIREMENT_PROVIDERS,
  REQUIREMENT_STATUSES,
  REQUIREMENT_TYPES,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { createdAt, idColumn, inList, refId, updatedAt } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { uploadedFiles } from './files.js';
import { users } from './identity.js';
import { producers } from './producers.js';

/**
 * The catalogue of requirement types per site (docs/producer/cases.md): who provides each, whether a new application
 * gets it as mandatory, its place among the Hong Kong sales steps, and the days it is due after receipt. Rows are
 * configuration: migration 0048 writes the defaults for every site.
 */
export const requirementTypes = pgTable(
  'requirement_types',
  {
    siteCode: siteCodeEnum('site_code').notNull(),
    code: text('code').notNull(),
    provider: text('provider').notNull(),
    mandatory: boolean('mandatory').notNull(),
    salesStep: smallint('sales_step'),
    dueDays: smallint('due_days').notNull(),
    sortOrder: smallint('sort_order').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteCode, t.code], name: 'requirement_types_pk' }),
    check('requirement_types_code_ck', inList(t.code, REQUIREMENT_TYPES)),
    check('requirement_types_provider_ck', inList(t.provider, REQUIREMENT_PROVIDERS)),
    check('requirement_types_due_days_ck', sql`${t.dueDays} between 0 and 365`),
  ],
);

/**
 * One item an application needs before it may be issued (decision 053). `mandatory` and `provider` are copied from
 * the catalogue when the item is created (a product may need an optional type), `producer_id` from the application,
 * so a team's overdue items are one range of the open partial index.
 */
export const applicationRequirements = pgTable(
  'application_requirements',
  {
    id: idColumn(),
    applicationId: refId('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    siteCode: siteCodeEnum('site_code').notNull(),
    typeCode: text('type_code').notNull(),
    producerId: refId('producer_id').notNull(),
    provider: text('provider').notNull(),
    mandatory: boolean('mandatory').notNull(),
    status: text('status').notNull().default('outstanding'),
    /** Why it was rejected or waived (shown to the client for a rejection). */
    reason: text('reason'),
    /** The staff user who accepted, rejected or waived it. */
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date'),
    /** Staff only; never in a client answer. */
    internalRemark: text('internal_remark'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'application_requirements_type_fk',
      columns: [t.siteCode, t.typeCode],
      foreignColumns: [requirementTypes.siteCode, requirementTypes.code],
    }),
    index('application_requirements_application_idx').on(t.applicationId, t.id),
    // The producer home's overdue items: a team's open items by due date (the same literal list as the queries).
    index('application_requirements_open_due_idx')
      .on(t.producerId, t.dueDate)
      .where(inList(t.status, OPEN_REQUIREMENT_STATUSES)),
    // The requirements list's default order: open items by due date, the team checked from the index.
    index('application_requirements_list_due_idx')
      .on(t.dueDate, t.id, t.producerId)
      .where(inList(t.status, OPEN_REQUIREMENT_STATUSES)),
    // The list's other sorts of open items: walked in order, stopped at the page (migration 0054).
    ...(
      [
        ['type', t.typeCode],
        ['status', t.status],
        ['changed', t.statusChangedAt],
      ] as const
    ).map(([name, column]) =>
      index(`application_requirements_list_${name}_idx`)
        .on(column, t.id, t.producerId)
        .where(inList(t.status, OPEN_REQUIREMENT_STATUSES)),
    ),
    // The "owed by clients" view (list and home figure): the same literals as requirementViewFilter's.
    index('application_requirements_client_owes_idx')
      .on(t.dueDate, t.id, t.producerId)
      .where(
        sql`${inList(t.status, OPEN_REQUIREMENT_STATUSES)} and ${inList(t.status, CLIENT_OWED_STATUSES)} and ${t.provider} = 'client'`,
      ),
    // The home's recently received items: newest first, the team checked from the index.
    index('application_requirements_received_idx')
      .on(t.statusChangedAt, t.id, t.producerId)
      .where(sql`${t.status} = 'received'`),
    // The staff review queue: a site's received items, oldest first.
    index('application_requirements_review_idx')
      .on(t.siteCode, t.statusChangedAt, t.id)
      .where(sql`${t.status} in ('received', 'under_review')`),
    check('application_requirements_status_ck', inList(t.status, REQUIREMENT_STATUSES)),
    check('application_requirements_provider_ck', inList(t.provider, REQUIREMENT_PROVIDERS)),
    check(
      'application_requirements_reason_ck',
      sql`${t.status} not in ('rejected', 'waived') or ${t.reason} is not null`,
    ),
  ],
);

/**
 * The documents sent for a requirement (docs/uploads.md): each links one upload to the item it answers. Several
 * pages of one proof are several rows; a rejected item keeps its earlier documents, so the office sees every attempt.
 */
export const requirementDocuments = pgTable(
  'requirement_documents',
  {
    requirementId: refId('requirement_id')
      .notNull()
      .references(() => applicationRequirements.id, { onDelete: 'cascade' }),
    uploadId: refId('upload_id')
      .notNull()
      .references(() => uploadedFiles.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requirementId, t.uploadId], name: 'requirement_documents_pk' }),
    // An upload answers one requirement: the same row cannot be claimed by a second item.
    uniqueIndex('requirement_documents_upload_uq').on(t.uploadId),
  ],
);

/** The target days per stage per site (decision 054): longer in the current stage is overdue. */
export const stageSlaTargets = pgTable(
  'stage_sla_targets',
  {
    siteCode: siteCodeEnum('site_code').notNull(),
    // No foreign key to application_stages: these defaults are written by the migration, before any code table.
    stage: smallint('stage').notNull(),
    targetDays: smallint('target_days').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteCode, t.stage], name: 'stage_sla_targets_pk' }),
    check('stage_sla_targets_stage_ck', sql`${t.stage} between 1 and 8`),
    check('stage_sla_targets_days_ck', sql`${t.targetDays} between 0 and 365`),
  ],
);

/**
 * Cooling-off days per product category, counted from the day the policy is delivered (the application enters stage
 * 6 or 7). Hong Kong rules: 21 days for long-term insurance and investment-linked plans; a category without a row
 * has none.
 */
export const coolingOffPeriods = pgTable(
  'cooling_off_periods',
  {
    category: text('category').primaryKey(),
    days: smallint('days').notNull(),
  },
  (t) => [check('cooling_off_periods_days_ck', sql`${t.days} between 1 and 90`)],
);

/**
 * Reminders a producer sent a client about the items they owe on an application (docs/producer/cases.md): at most one
 * an application a Hong Kong day, so a client is not pestered; the rows are also the reminder's history.
 */
export const applicationReminders = pgTable(
  'application_reminders',
  {
    id: idColumn(),
    applicationId: refId('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    sentByUserId: refId('sent_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** How many items the client owed when it was sent. */
    items: smallint('items').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_reminders_application_idx').on(t.applicationId, t.sentAt)],
);

/**
 * How many in-progress applications (stages 1–6) of each producer's subtree entered each stage on each Hong Kong day
 * (decision 063): the producer home's pipeline and heat map for a team of any size read these rows instead of counting
 * applications. Written only by the triggers of migration 0053, on applications and producer_tree (and, for the
 * parent, on producers: migration 0056).
 */
export const teamStageDays = pgTable(
  'team_stage_days',
  {
    ancestorId: refId('ancestor_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    stage: smallint('stage').notNull(),
    enteredOn: date('entered_on').notNull(),
    n: integer('n').notNull(),
    /** The ancestor's parent (migration 0056): a producer's heat map reads their direct reports' rows by it. */
    ancestorParentId: refId('ancestor_parent_id'),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.stage, t.enteredOn], name: 'team_stage_days_pk' }),
    index('team_stage_days_parent_idx')
      .on(t.ancestorParentId, t.stage, t.enteredOn)
      .where(sql`${t.ancestorParentId} is not null`),
  ],
);

/**
 * The requirement figures' counts per team (decision 063): per producer and every producer above them, how many items
 * of each view of the requirements list (1 open, 2 owed by clients, 3 received) fall due on each day. Written only by
 * the triggers of migration 0055, on application_requirements and producer_tree.
 */
export const teamRequirementDays = pgTable(
  'team_requirement_days',
  {
    ancestorId: refId('ancestor_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    view: smallint('view').notNull(),
    dueOn: date('due_on').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.view, t.dueOn], name: 'team_requirement_days_pk' })],
);
