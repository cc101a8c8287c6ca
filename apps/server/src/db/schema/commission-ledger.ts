import {
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  IMPORT_LINE_STATUSES,
  type ImportTemplateMapping,
  LEDGER_SOURCE_KINDS,
  LEDGER_STAGES,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products, providers } from './catalog.js';
import {
  createdAt,
  idColumn,
  inList,
  isCurrency,
  money,
  percentage,
  rate,
  refId,
  updatedAt,
} from './columns.js';
import { uploadedFiles } from './files.js';
import { users } from './identity.js';
import { policies } from './policies.js';
import { producers } from './producers.js';
import { revenuePayinSettlements } from './revenues.js';
import { staff } from './staff.js';

/*
 * The commission ledger (docs/producer/commission-ledger.md, decision 055). Migration 0049 also holds the triggers
 * that keep commission_ledger_lines from its source records; the application writes only chargebacks' and
 * adjustments' lines, never the derived ones.
 */

/** The firm's first-year commission rate per product: what a pending application is projected to earn. */
export const commissionSchedules = pgTable(
  'commission_schedules',
  {
    id: idColumn(),
    productId: refId('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    firstYearRate: rate('first_year_rate').notNull(),
  },
  (t) => [
    uniqueIndex('commission_schedules_product_uq').on(t.productId),
    check('commission_schedules_rate_ck', sql`${t.firstYearRate} >= 0 and ${t.firstYearRate} <= 2`),
  ],
);

/**
 * Clawback bands: `percent` of the commission paid is clawed back when the plan lapses or is surrendered in months
 * `month_from`–`month_to` after issue (month 1 is the first). A product's own rows replace the defaults (null product).
 */
export const commissionClawbackRules = pgTable(
  'commission_clawback_rules',
  {
    id: idColumn(),
    productId: refId('product_id').references(() => products.id, { onDelete: 'cascade' }),
    monthFrom: smallint('month_from').notNull(),
    monthTo: smallint('month_to').notNull(),
    percent: percentage('percent').notNull(),
  },
  (t) => [
    uniqueIndex('commission_clawback_rules_uq').on(sql`coalesce(${t.productId}, 0)`, t.monthFrom),
    check(
      'commission_clawback_rules_months_ck',
      sql`${t.monthFrom} >= 1 and ${t.monthTo} >= ${t.monthFrom} and ${t.monthTo} <= 120`,
    ),
    check('commission_clawback_rules_percent_ck', sql`${t.percent} > 0 and ${t.percent} <= 100`),
  ],
);

/** One commission line of one producer, traced to its source record (`source_kind`, `source_id`). */
export const commissionLedgerLines = pgTable(
  'commission_ledger_lines',
  {
    id: idColumn(),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id),
    stage: text('stage').notNull(),
    sourceKind: text('source_kind').notNull(),
    sourceId: refId('source_id').notNull(),
    /** The revenue a pay-out or pay-in line belongs to (the triggers resync a revenue's lines by it). */
    revenueId: refId('revenue_id'),
    policyId: refId('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    policyNo: text('policy_no'),
    providerId: refId('provider_id').references(() => providers.id),
    lineDate: date('line_date').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** `amount` in USD at the stored rate of `line_date` (commission_reporting_amount). */
    reportingAmount: money('reporting_amount').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('commission_ledger_lines_source_uq').on(t.sourceKind, t.sourceId, t.producerId),
    // A producer's lines by date, with the stage and reporting amount in the key: the totals of one producer are an
    // index-only scan.
    index('commission_ledger_lines_producer_date_idx').on(
      t.producerId,
      t.lineDate,
      t.id,
      t.stage,
      t.reportingAmount,
    ),
    // A large team's newest page: walk dates backward, the producer read from the index (like the producer lists).
    index('commission_ledger_lines_date_idx').on(t.lineDate, t.id, t.producerId),
    index('commission_ledger_lines_revenue_idx').on(t.revenueId),
    index('commission_ledger_lines_policy_idx').on(t.policyId, t.producerId),
    check('commission_ledger_lines_stage_ck', inList(t.stage, LEDGER_STAGES)),
    check('commission_ledger_lines_source_kind_ck', inList(t.sourceKind, LEDGER_SOURCE_KINDS)),
    check('commission_ledger_lines_currency_ck', isCurrency(t.currency)),
  ],
);

/**
 * A producer's dispute of a ledger line: a reconciliation task for staff. The line's facts are copied when it is
 * raised (the line may change or go with its source record); resolving writes an adjustment line.
 */
export const commissionDisputes = pgTable(
  'commission_disputes',
  {
    id: idColumn(),
    ledgerLineId: refId('ledger_line_id').references(() => commissionLedgerLines.id, {
      onDelete: 'set null',
    }),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id),
    raisedByUserId: refId('raised_by_user_id')
      .notNull()
      .references(() => users.id),
    policyNo: text('policy_no'),
    stage: text('stage').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    comment: text('comment').notNull(),
    attachmentFileId: refId('attachment_file_id').references(() => uploadedFiles.id, {
      onDelete: 'set null',
    }),
    status: text('status').notNull().default('open'),
    assignedStaffId: refId('assigned_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    adjustmentAmount: money('adjustment_amount'),
    adjustmentLineId: refId('adjustment_line_id').references(() => commissionLedgerLines.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commission_disputes_live_line_uq')
      .on(t.ledgerLineId)
      .where(sql`${t.status} in ('open', 'investigating')`),
    index('commission_disputes_status_idx').on(t.status, t.createdAt, t.id),
    index('commission_disputes_created_idx').on(t.createdAt, t.id),
    index('commission_disputes_producer_idx').on(t.producerId, t.createdAt),
    check('commission_disputes_reason_ck', inList(t.reason, DISPUTE_REASONS)),
    check('commission_disputes_status_ck', inList(t.status, DISPUTE_STATUSES)),
    check(
      'commission_disputes_outcome_ck',
      sql`(${t.status} <> 'resolved' or ${t.adjustmentAmount} is not null) and (${t.status} <> 'rejected' or ${t.resolution} is not null)`,
    ),
  ],
);

/** The audit of a dispute: every change, who made it and when. */
export const commissionDisputeEvents = pgTable(
  'commission_dispute_events',
  {
    id: idColumn(),
    disputeId: refId('dispute_id')
      .notNull()
      .references(() => commissionDisputes.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: refId('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
  },
  (t) => [index('commission_dispute_events_dispute_idx').on(t.disputeId, t.at, t.id)],
);

/** How one insurer's statement reads: column → field, date and number layouts. Versioned: an edit adds a row. */
export const commissionImportTemplates = pgTable(
  'commission_import_templates',
  {
    id: idColumn(),
    providerId: refId('provider_id')
      .notNull()
      .references(() => providers.id),
    version: integer('version').notNull(),
    mapping: jsonb('mapping').$type<ImportTemplateMapping>().notNull(),
    createdByUserId: refId('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('commission_import_templates_uq').on(t.providerId, t.version)],
);

/** One uploaded statement: its preview's counts, then its posting. */
export const commissionImports = pgTable(
  'commission_imports',
  {
    id: idColumn(),
    providerId: refId('provider_id')
      .notNull()
      .references(() => providers.id),
    templateId: refId('template_id')
      .notNull()
      .references(() => commissionImportTemplates.id),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    uploadedFileId: refId('uploaded_file_id').references(() => uploadedFiles.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('previewed'),
    lineCount: integer('line_count').notNull(),
    matched: integer('matched').notNull(),
    unmatched: integer('unmatched').notNull(),
    duplicates: integer('duplicates').notNull(),
    posted: integer('posted'),
    createdByUserId: refId('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [
    index('commission_imports_provider_idx').on(t.providerId, t.createdAt),
    check('commission_imports_status_ck', inList(t.status, ['previewed', 'posted'])),
  ],
);

/** A statement line as read and matched by the preview. */
export const commissionImportLines = pgTable(
  'commission_import_lines',
  {
    importId: refId('import_id')
      .notNull()
      .references(() => commissionImports.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    policyNo: text('policy_no').notNull(),
    producerCode: text('producer_code'),
    statementDate: date('statement_date').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reference: text('reference'),
    /** Insurer, policy, date, amount, currency and reference: the same line in any file has the same key. */
    lineKey: text('line_key').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    revenueId: refId('revenue_id'),
    payinItemId: refId('payin_item_id'),
    expectedAmount: money('expected_amount'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.lineNo], name: 'commission_import_lines_pk' }),
    index('commission_import_lines_status_idx').on(t.importId, t.status, t.lineNo),
    // The preview's duplicate check: an earlier line of the same import with the same key.
    index('commission_import_lines_key_idx').on(t.importId, t.lineKey, t.lineNo),
    check('commission_import_lines_status_ck', inList(t.status, IMPORT_LINE_STATUSES)),
  ],
);

/** Lines posted, by key: the second posting of a line (same file again, or another file) writes nothing. */
export const commissionImportPostings = pgTable('commission_import_postings', {
  lineKey: text('line_key').primaryKey(),
  importId: refId('import_id')
    .notNull()
    .references(() => commissionImports.id),
  lineNo: integer('line_no').notNull(),
  settlementId: refId('settlement_id')
    .notNull()
    .references(() => revenuePayinSettlements.id, { onDelete: 'cascade' }),
  postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
});
