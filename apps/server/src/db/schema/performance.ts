import { ASSET_CLASSES, HOLDING_TYPES, PRODUCT_CATEGORIES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { funds } from './catalog.js';
import { idColumn, inList, isCurrency, money, rate, refId, units } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { policies } from './policies.js';
import { sites } from './sites.js';

/**
 * A plan's value at each month end from its commencement (docs/performance-history.md): the total in the plan's
 * valuation currency and the cash part of it. For a statement month it is exactly the statement's total.
 */
export const planValuations = pgTable(
  'plan_valuations',
  {
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    monthEnd: date('month_end').notNull(),
    currency: text('currency').notNull(),
    value: money('value').notNull(),
    cash: money('cash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.policyId, t.monthEnd], name: 'plan_valuations_pk' }),
    check('plan_valuations_currency_ck', isCurrency(t.currency)),
    check(
      'plan_valuations_month_end_ck',
      sql`${t.monthEnd} = (date_trunc('month', ${t.monthEnd}) + interval '1 month - 1 day')::date`,
    ),
  ],
);

/** Each position of a plan at a month end: units × price = value (holding currency), × rate = valuation value. */
export const planHoldingValuations = pgTable(
  'plan_holding_valuations',
  {
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    monthEnd: date('month_end').notNull(),
    code: text('code').notNull(),
    holdingType: text('holding_type').notNull(),
    fundId: refId('fund_id').references(() => funds.id),
    currency: text('currency').notNull(),
    unitHeld: units('unit_held'),
    price: units('price'),
    value: money('value').notNull(),
    exchangeRate: rate('exchange_rate').notNull(),
    valuationValue: money('valuation_value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.policyId, t.monthEnd, t.code], name: 'plan_holding_valuations_pk' }),
    check('plan_holding_valuations_type_ck', inList(t.holdingType, HOLDING_TYPES)),
    check('plan_holding_valuations_currency_ck', isCurrency(t.currency)),
  ],
);

export const CASH_FLOW_KINDS = ['premium', 'contribution', 'withdrawal', 'surrender', 'charge'] as const;
export type CashFlowKind = (typeof CASH_FLOW_KINDS)[number];

/**
 * Dated money in and out of a plan, in its valuation currency, signed from the client's side: premiums and
 * contributions positive, withdrawals and surrenders negative. Charges (negative) are taken inside the plan: they are
 * part of its return, not a flow of the client's, and the engine leaves them out of the flows.
 */
export const planCashFlows = pgTable(
  'plan_cash_flows',
  {
    id: idColumn(),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    flowDate: date('flow_date').notNull(),
    kind: text('kind').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('plan_cash_flows_policy_date_idx').on(t.policyId, t.flowDate),
    check('plan_cash_flows_kind_ck', inList(t.kind, CASH_FLOW_KINDS)),
    check(
      'plan_cash_flows_sign_ck',
      sql`(${t.kind} in ('premium', 'contribution') and ${t.amount} > 0) or (${t.kind} not in ('premium', 'contribution') and ${t.amount} < 0)`,
    ),
  ],
);

/** A reference index (per asset class and currency) whose month-end levels a benchmark is read from. */
export const benchmarkIndices = pgTable(
  'benchmark_indices',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    assetClass: text('asset_class').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    check('benchmark_indices_asset_class_ck', inList(t.assetClass, ASSET_CLASSES)),
    check('benchmark_indices_currency_ck', isCurrency(t.currency)),
  ],
);

export const benchmarkLevels = pgTable(
  'benchmark_levels',
  {
    indexCode: text('index_code')
      .notNull()
      .references(() => benchmarkIndices.code, { onDelete: 'cascade' }),
    levelDate: date('level_date').notNull(),
    level: units('level').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.indexCode, t.levelDate], name: 'benchmark_levels_pk' }),
    check('benchmark_levels_level_ck', sql`${t.level} > 0`),
  ],
);

/** The firm's choice of benchmark per site and plan type (configuration, kept in the database like site settings). */
export const planTypeBenchmarks = pgTable(
  'plan_type_benchmarks',
  {
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    category: text('category').notNull(),
    indexCode: text('index_code')
      .notNull()
      .references(() => benchmarkIndices.code),
  },
  (t) => [
    primaryKey({ columns: [t.siteCode, t.category], name: 'plan_type_benchmarks_pk' }),
    check('plan_type_benchmarks_category_ck', inList(t.category, PRODUCT_CATEGORIES)),
  ],
);
