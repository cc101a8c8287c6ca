import { ASSET_CLASSES, PRODUCT_TYPES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, inList, isCurrency, rate, refId, units } from './columns.js';
import { storedFiles } from './files.js';
import { productCategories } from './reference.js';

export const PROVIDER_KINDS = ['insurer', 'platform', 'bank', 'trustee', 'mpf'] as const;

/** Insurers and investment platforms whose products the group distributes. */
export const providers = pgTable(
  'providers',
  {
    id: idColumn(),
    code: text('code').notNull(),
    shortName: text('short_name').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** Code the public forms API and the provider feeds use. */
    codeForApi: text('code_for_api').notNull(),
  },
  (t) => [
    uniqueIndex('providers_code_uq').on(t.code),
    uniqueIndex('providers_code_for_api_uq').on(t.codeForApi),
    check('providers_kind_ck', inList(t.kind, PROVIDER_KINDS)),
  ],
);

export const products = pgTable(
  'products',
  {
    id: idColumn(),
    providerId: refId('provider_id')
      .notNull()
      .references(() => providers.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category')
      .notNull()
      .references(() => productCategories.code),
    /** The filter type; null for riders, which are a record type only. */
    productType: text('product_type'),
    codeForApi: text('code_for_api').notNull(),
  },
  (t) => [
    uniqueIndex('products_provider_code_uq').on(t.providerId, t.code),
    // Target of the composite foreign keys that keep policies.category and applications.category equal to their
    // product's category while letting those tables index the category directly.
    unique('products_id_category_uq').on(t.id, t.category),
    index('products_category_idx').on(t.category),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check(
      'products_product_type_ck',
      sql`${t.productType} is null or ${inList(t.productType, PRODUCT_TYPES)}`,
    ),
  ],
);

export const funds = pgTable(
  'funds',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    assetClass: text('asset_class').notNull(),
    providerId: refId('provider_id').references(() => providers.id),
    factsheetFileKey: text('factsheet_file_key').references(() => storedFiles.key, { onUpdate: 'cascade' }),
  },
  (t) => [
    uniqueIndex('funds_code_uq').on(t.code),
    check('funds_currency_ck', isCurrency(t.currency)),
    check('funds_asset_class_ck', inList(t.assetClass, ASSET_CLASSES)),
  ],
);

export const PRICE_FREQUENCIES = ['D', 'M'] as const;

/** Fund prices: daily ('D') and month-end ('M', the price statements are valued at). */
export const fundPrices = pgTable(
  'fund_prices',
  {
    fundId: refId('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    priceDate: date('price_date').notNull(),
    price: units('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fundId, t.frequency, t.priceDate], name: 'fund_prices_pk' }),
    check('fund_prices_frequency_ck', inList(t.frequency, PRICE_FREQUENCIES)),
    check('fund_prices_price_ck', sql`${t.price} > 0`),
  ],
);

/** FX rates: units of `quote_currency` (USD by default) for one unit of `currency` on `rate_date`. */
export const fxRates = pgTable(
  'fx_rates',
  {
    rateDate: date('rate_date').notNull(),
    currency: text('currency').notNull(),
    quoteCurrency: text('quote_currency').notNull().default('USD'),
    rate: rate('rate').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.quoteCurrency, t.rateDate], name: 'fx_rates_pk' }),
    check('fx_rates_currency_ck', sql`${isCurrency(t.currency)} and ${isCurrency(t.quoteCurrency)}`),
    check('fx_rates_rate_ck', sql`${t.rate} > 0`),
  ],
);
