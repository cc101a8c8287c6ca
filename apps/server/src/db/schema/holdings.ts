import { ASSET_CLASSES, HOLDING_TYPES, UNIT_TYPES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { funds } from './catalog.js';
import { idColumn, inList, isCurrency, money, percentage, rate, refId, units } from './columns.js';
import { policies } from './policies.js';

/**
 * One position (fund or cash) as held now and as frozen in a month's statement: the same columns in both tables.
 * A function, because a column builder belongs to the one table it is spread into.
 */
export function positionColumns() {
  return {
    holdingType: text('holding_type').notNull(),
    unitType: text('unit_type'),
    fundId: refId('fund_id').references(() => funds.id),
    code: text('code').notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    unitHeld: units('unit_held'),
    price: units('price'),
    valueOn: date('value_on').notNull(),
    value: money('value').notNull(),
    valuationValue: money('valuation_value').notNull(),
    exchangeRate: rate('exchange_rate').notNull(),
  };
}

/**
 * Current holdings of an investment plan. `value` is in the holding's currency; `valuation_value` is converted to
 * the plan's valuation currency at `exchange_rate`.
 */
export const holdings = pgTable(
  'holdings',
  {
    id: idColumn(),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    ...positionColumns(),
  },
  (t) => [
    index('holdings_policy_idx').on(t.policyId),
    index('holdings_fund_idx').on(t.fundId),
    // Policy item details (report 11): a fund's row key, id × 2 + 1 (see policy_items_report_key_idx).
    index('holdings_report_key_idx').on(sql`(${t.id} * 2 + 1)`).where(sql`${t.holdingType} = 'fund'`),
    check('holdings_holding_type_ck', inList(t.holdingType, HOLDING_TYPES)),
    check('holdings_unit_type_ck', sql`${t.unitType} is null or ${inList(t.unitType, UNIT_TYPES)}`),
    // A fund holding is units of a known fund; a cash holding has neither fund nor units.
    check(
      'holdings_fund_shape_ck',
      sql`(${t.holdingType} = 'fund' and ${t.fundId} is not null and ${t.unitHeld} is not null and ${t.price} is not null)
        or (${t.holdingType} = 'cash' and ${t.fundId} is null)`,
    ),
    check('holdings_currency_ck', isCurrency(t.currency)),
  ],
);

export const ADDITIONAL_HOLDING_KINDS = ['abf', 'etf'] as const;

/** Bond-fund (ABF) and ETF positions some platforms report apart from the main holdings. */
export const additionalHoldings = pgTable(
  'additional_holdings',
  {
    id: idColumn(),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    unitHeld: units('unit_held').notNull(),
    price: units('price').notNull(),
    valueOn: date('value_on').notNull(),
    value: money('value').notNull(),
  },
  (t) => [
    index('additional_holdings_policy_idx').on(t.policyId),
    check('additional_holdings_kind_ck', inList(t.kind, ADDITIONAL_HOLDING_KINDS)),
    check('additional_holdings_currency_ck', isCurrency(t.currency)),
  ],
);

export const ALLOCATION_KINDS = ['allocation', 'portfolio'] as const;

/** Premium allocation (where new money goes) and portfolio mix (where the value sits) of a plan. */
export const policyAllocations = pgTable(
  'policy_allocations',
  {
    id: idColumn(),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    assetClass: text('asset_class').notNull(),
    percentage: percentage('percentage').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    index('policy_allocations_policy_idx').on(t.policyId, t.kind),
    check('policy_allocations_kind_ck', inList(t.kind, ALLOCATION_KINDS)),
    check('policy_allocations_asset_class_ck', inList(t.assetClass, ASSET_CLASSES)),
    check('policy_allocations_percentage_ck', sql`${t.percentage} between 0 and 100`),
  ],
);
