import { CARD_BRANDS, TRAINING_CATEGORIES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { createdAt, idColumn, inList, refId } from './columns.js';
import { policies } from './policies.js';
import { producers } from './producers.js';

/*
 * Facts behind reports 8, 13, 14 and 201 (docs/decisions/022-bv-factors-and-training.md): the card that pays a
 * plan's premiums, the BV factor of each product over time, and producers' completed training.
 */

/**
 * A card authorised to pay a plan's premiums, as the provider reports it. Only the last four digits are kept (never
 * a full card number: the firm has no business holding one). A replaced card stays as history with `is_active`
 * false; at most one card per plan is active. `expires_month` (first day of the expiry month) is what report 8
 * filters and sorts on.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: idColumn(),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    holderName: text('holder_name').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    expiryMonth: smallint('expiry_month').notNull(),
    expiresMonth: date('expires_month')
      .notNull()
      .generatedAlwaysAs(sql`make_date(expiry_year, expiry_month, 1)`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_cards_one_active_uq').on(t.policyId).where(sql`${t.isActive}`),
    index('payment_cards_policy_idx').on(t.policyId),
    // Report 8: the active cards of a month range in expiry order, each with its plan (then checked for the team).
    index('payment_cards_active_expiry_idx').on(t.expiresMonth, t.id, t.policyId).where(sql`${t.isActive}`),
    check('payment_cards_brand_ck', inList(t.brand, CARD_BRANDS)),
    check('payment_cards_last4_ck', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_cards_expiry_month_ck', sql`${t.expiryMonth} between 1 and 12`),
    check('payment_cards_expiry_year_ck', sql`${t.expiryYear} between 1990 and 2200`),
  ],
);

/**
 * The business value factor of a product from `effective_from` to `effective_to` (inclusive; null = until further
 * notice). A plan's BV is its annualized basic premium × the factor in force on its application date.
 */
export const bvFactors = pgTable(
  'bv_factors',
  {
    id: idColumn(),
    productId: refId('product_id')
      .notNull()
      .references(() => products.id),
    effectiveFrom: date('effective_from').notNull(),
    effectiveTo: date('effective_to'),
    factor: numeric('factor', { precision: 9, scale: 4 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bv_factors_product_from_uq').on(t.productId, t.effectiveFrom),
    check('bv_factors_period_ck', sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`),
    check('bv_factors_factor_ck', sql`${t.factor} >= 0`),
  ],
);

/** A course a producer completed: regulator CPD (IA, SFC, MPFA) or in-house training, with its hours. */
export const producerTrainings = pgTable(
  'producer_trainings',
  {
    id: idColumn(),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    courseCode: text('course_code').notNull(),
    courseTitle: text('course_title').notNull(),
    courseProvider: text('course_provider').notNull(),
    category: text('category').notNull(),
    completedOn: date('completed_on').notNull(),
    hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    certificateNo: text('certificate_no'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('producer_trainings_producer_course_uq').on(t.producerId, t.courseCode, t.completedOn),
    // Report 201 over a team and a period, newest first: the date range walked with the producer checked in the key.
    index('producer_trainings_completed_idx').on(t.completedOn, t.id, t.producerId),
    check('producer_trainings_category_ck', inList(t.category, TRAINING_CATEGORIES)),
    check('producer_trainings_hours_ck', sql`${t.hours} > 0`),
  ],
);
