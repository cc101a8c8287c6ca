import { IN_PROGRESS_STAGES, PAYMENT_FREQUENCIES, PRODUCT_ACTIONS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { createdAt, idColumn, inList, isCurrency, money, refId, updatedAt } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { sites } from './identity.js';
import { clients } from './parties.js';
import { policies } from './policies.js';
import { producers } from './producers.js';
import { applicationStages } from './reference.js';

/**
 * Applications that issued a plan as new business or a transfer in: the lines of the AB BV reports. A premium
 * increase or an assignment changes a plan already counted, so it is not a line of its own.
 */
export function issuedNewBusiness(policyId: unknown, actionType: unknown) {
  return sql`${policyId} is not null and ${actionType} in ('NB', 'TI')`;
}

/**
 * New business: an application moving through stages 1–8 until a policy is issued (7) or it is cancelled (8).
 * Its id is the caaId of the producer screens. `policy_no` is known once the provider assigns it; `policy_id`
 * once the issued plan is on file.
 */
export const applications = pgTable(
  'applications',
  {
    id: idColumn(),
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    category: text('category').notNull(),
    productId: refId('product_id').notNull(),
    actionType: text('action_type').notNull().default('NB'),
    policyNo: text('policy_no'),
    policyId: refId('policy_id').references(() => policies.id),
    clientId: refId('client_id')
      .notNull()
      .references(() => clients.id),
    insuredName: text('insured_name').notNull(),
    modalPremium: money('modal_premium'),
    currency: text('currency').notNull(),
    commenceDate: date('commence_date'),
    receivedDate: date('received_date').notNull(),
    /** Date the application went to the provider (report date basis APPLSENT). */
    sentDate: date('sent_date'),
    stage: smallint('stage')
      .notNull()
      .references(() => applicationStages.stage),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id),
    hasRiders: boolean('has_riders').notNull().default(false),
    /**
     * Premium mode the application was written with (M Q H A S), known before any plan exists: the annualized
     * premium of new business (reports 3 and 4) is the modal premium times the payments a year of this mode.
     */
    paymentFrequency: text('payment_frequency'),
    /** Transfer-in (action TI) only: the scheme or provider the assets come from, and the amount (application currency). */
    transferFrom: text('transfer_from'),
    transferAmount: money('transfer_amount'),
    /*
     * What the New Business list shows, sorts and searches from other tables, copied onto the row (decision 039):
     * the client's name, the product's name and the consultant's name, and the keyword search document (policy no.,
     * insured, client name and AG number). Kept by triggers (migration 0023); the application never writes them.
     */
    clientName: text('client_name'),
    productName: text('product_name'),
    consultantName: text('consultant_name'),
    searchText: text('search_text'),
    /** When the application entered its current stage: time in stage and aging (decision 054). */
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last day of the client's cooling-off, once the policy is delivered (stage 6 or 7; docs/producer/cases.md). */
    coolingOffEndsOn: date('cooling_off_ends_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'applications_product_category_fk',
      columns: [t.productId, t.category],
      foreignColumns: [products.id, products.category],
    }),
    // Producer lists filter by producer (or the producers of a team, joined through producer_tree) and then by
    // stage or a date range, newest first.
    index('applications_producer_received_idx').on(t.producerId, t.receivedDate.desc()),
    index('applications_producer_stage_idx').on(t.producerId, t.stage, t.receivedDate.desc()),
    index('applications_producer_commence_idx').on(t.producerId, t.commenceDate),
    // Reports on the date sent to the provider (date basis APPLSENT), like applications_received_id_idx: a large
    // team's period is one range of this index with the team checked from it; a small scope uses the producer indexes.
    index('applications_sent_id_idx').on(t.sentDate, t.id, t.producerId),
    index('applications_received_idx').on(t.receivedDate),
    // A team's New Business, newest first with the id tie-breaker: walked backward and stopped at the page, whatever
    // the team's size. The partial copy holds only in-progress stages (the default "nb" search): filter
    // "stage in (…)" written with the same literal list lets the planner use it (docs/producer/lists.md).
    // producer_id last (drizzle has no INCLUDE; after the unique id it changes no order): the team check and the
    // count read the index alone, so a deep page skips 5 000 rows without touching the table (docs/performance.md).
    index('applications_received_id_idx').on(t.receivedDate, t.id, t.producerId),
    index('applications_in_progress_received_idx')
      .on(t.receivedDate, t.id, t.producerId)
      .where(sql`${t.stage} in (${sql.raw(IN_PROGRESS_STAGES.join(', '))})`),
    // Every other sort of New Business (decision 039): the sort key, the id tie-breaker, then the producer and the
    // stage, so a team's page in that order is one walk of the index with the team and the stage read from it.
    index('applications_list_commence_idx').on(t.commenceDate, t.id, t.producerId, t.stage),
    index('applications_list_policy_no_idx').on(t.policyNo, t.id, t.producerId, t.stage),
    index('applications_list_client_name_idx').on(t.clientName, t.id, t.producerId, t.stage),
    index('applications_list_insured_name_idx').on(t.insuredName, t.id, t.producerId, t.stage),
    index('applications_list_product_name_idx').on(t.productName, t.id, t.producerId, t.stage),
    index('applications_list_modal_premium_idx').on(t.modalPremium, t.id, t.producerId, t.stage),
    index('applications_list_consultant_idx').on(t.consultantName, t.id, t.producerId, t.stage),
    index('applications_list_category_idx').on(t.category, t.id, t.producerId, t.stage),
    index('applications_list_stage_idx').on(t.stage, t.id, t.producerId),
    index('applications_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Reports 13 and 14 (AB BV): issued new business (issuedNewBusiness, the same literals in query and index) of a
    // team in a period of the chosen date basis, the producer checked from the index (docs/reports.md).
    index('applications_issued_received_idx')
      .on(t.receivedDate, t.id, t.producerId)
      .where(issuedNewBusiness(t.policyId, t.actionType)),
    index('applications_issued_sent_idx')
      .on(t.sentDate, t.id, t.producerId)
      .where(issuedNewBusiness(t.policyId, t.actionType)),
    index('applications_issued_commence_idx')
      .on(t.commenceDate, t.id, t.producerId)
      .where(issuedNewBusiness(t.policyId, t.actionType)),
    // Plan reports by application period (date bases APPL and APPLSENT, types 10–12): the plans whose application
    // was received or sent in a period, read from the index alone.
    index('applications_received_policy_idx')
      .on(t.receivedDate, t.policyId)
      .where(sql`${t.policyId} is not null`),
    index('applications_sent_policy_idx').on(t.sentDate, t.policyId).where(sql`${t.policyId} is not null`),
    // The producer home's pipeline (decision 054): a stage's applications of a team with their stage dates, index only.
    index('applications_stage_aging_idx').on(t.stage, t.producerId, t.stageEnteredAt),
    index('applications_cooling_off_idx')
      .on(t.coolingOffEndsOn, t.producerId)
      .where(sql`${t.coolingOffEndsOn} is not null`),
    index('applications_client_idx').on(t.clientId),
    index('applications_policy_idx').on(t.policyId),
    index('applications_product_idx').on(t.productId),
    index('applications_policy_no_trgm_idx').using('gin', sql`${t.policyNo} gin_trgm_ops`),
    index('applications_insured_name_trgm_idx').using('gin', sql`${t.insuredName} gin_trgm_ops`),
    check('applications_action_type_ck', inList(t.actionType, PRODUCT_ACTIONS)),
    check('applications_currency_ck', isCurrency(t.currency)),
    check(
      'applications_payment_frequency_ck',
      sql`${t.paymentFrequency} is null or ${inList(t.paymentFrequency, PAYMENT_FREQUENCIES)}`,
    ),
    check(
      'applications_transfer_ck',
      sql`${t.actionType} = 'TI' or (${t.transferFrom} is null and ${t.transferAmount} is null)`,
    ),
  ],
);

/** Applicants 1–5 of an application (position 1 is the proposer). */
export const applicationApplicants = pgTable(
  'application_applicants',
  {
    applicationId: refId('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    givenName: text('given_name').notNull(),
    surname: text('surname'),
    birthOn: date('birth_on'),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.position], name: 'application_applicants_pk' }),
    check('application_applicants_position_ck', sql`${t.position} between 1 and 5`),
  ],
);

/** Every stage an application entered, for the audit trail and for "when did it reach stage N" reports. */
export const applicationStageHistory = pgTable(
  'application_stage_history',
  {
    id: idColumn(),
    applicationId: refId('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    stage: smallint('stage')
      .notNull()
      .references(() => applicationStages.stage),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    note: text('note'),
    /**
     * A requirement's change, dated in the same history (decision 053); null on a stage change. Its foreign key to
     * application_requirements is in migration 0048 (declared here it would make the two schema files import each
     * other).
     */
    requirementId: refId('requirement_id'),
    requirementStatus: text('requirement_status'),
  },
  (t) => [index('application_stage_history_application_idx').on(t.applicationId, t.changedAt)],
);
