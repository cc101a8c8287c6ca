import { PAYIN_MODES, PAYMENT_FREQUENCIES, REVENUE_SETTLED_STATES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
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
import { siteCodeEnum } from './enums.js';
import { sites } from './identity.js';
import { clients } from './parties.js';
import { policies, policyItems } from './policies.js';
import { producers } from './producers.js';
import { productCategories } from './reference.js';

/** Group companies that service a plan and receive its commission. */
export const serviceCompanies = pgTable(
  'service_companies',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('service_companies_code_uq').on(t.code)],
);

/**
 * A revenue: commission income from a provider for one plan (or plan item), paid in by instalments (pay-in items
 * and their settlements) and paid out to producers (overall pay-outs per producer, pay-out records per due date).
 * Settled and outstanding totals are sums over the settlement rows. The index's two of them (settled pay-in and the
 * settled state) are also kept on the revenue row by triggers on the items and settlements (migration 0017), so the
 * staff index can filter and show them over a large table without a subquery per row; the triggers are the only
 * writers, and a test compares them with the sums.
 */
export const revenues = pgTable(
  'revenues',
  {
    id: idColumn(),
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    /** R premium-based, A and T AUM-based, C contribution-based; other codes are contribution-based too. */
    commissionType: text('commission_type').notNull(),
    receivedCurrency: text('received_currency').notNull(),
    providerExchangeRate: rate('provider_exchange_rate').notNull(),
    serviceCompanyId: refId('service_company_id')
      .notNull()
      .references(() => serviceCompanies.id),
    totalPayinAmount: money('total_payin_amount').notNull(),
    payinEffectiveDate: date('payin_effective_date'),
    refNo: text('ref_no').notNull(),
    accountNo: text('account_no'),
    policyId: refId('policy_id').references(() => policies.id),
    premiumDate: date('premium_date'),
    lapseSurrenderOn: date('lapse_surrender_on'),
    /** A PAYIN_MODES code (BANK_TRANSFER, OFFSET, …), worded by the server in the reader's language. */
    payinMode: text('payin_mode'),
    totalPayoutAmount: money('total_payout_amount').notNull(),
    payoutEffectiveDate: date('payout_effective_date'),
    /** Split cases share a join sequence number. */
    joinSeqNo: integer('join_seq_no'),
    /** Revenue start month. */
    cutoffOn: date('cutoff_on'),
    bankInOn: date('bank_in_on'),
    grossProfit: money('gross_profit'),
    grossProfitPercentage: percentage('gross_profit_percentage'),
    upfrontWrapFee: money('upfront_wrap_fee'),
    contributionAmount: money('contribution_amount'),
    isContributionAmountFloat: boolean('is_contribution_amount_float').notNull().default(false),
    combinedContributionAmount: money('combined_contribution_amount'),
    originalContributionAmount: money('original_contribution_amount'),
    productRecordType: text('product_record_type').references(() => productCategories.code),
    productId: refId('product_id').references(() => products.id),
    policyItemId: refId('policy_item_id').references(() => policyItems.id),
    /** The premium frequency the commission follows: a PAYMENT_FREQUENCIES code (M, Q, H, A, S). */
    payMode: text('pay_mode'),
    term: integer('term'),
    salesCampaign: text('sales_campaign'),
    isOrphanCase: boolean('is_orphan_case').notNull().default(false),
    editable: boolean('editable').notNull().default(false),
    deletable: boolean('deletable').notNull().default(false),
    description: text('description'),
    internalRemark: text('internal_remark'),
    totalInstallmentNo: integer('total_installment_no').notNull().default(1),
    /** Σ pay-in settlements; kept by trigger (revenue_refresh_settled), never written by the application. */
    settledPayinAmount: money('settled_payin_amount').notNull().default('0'),
    /** settled (every instalment covered) | partly (some money in) | outstanding; kept by the same trigger. */
    settledState: text('settled_state').notNull().default('settled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('revenues_policy_idx').on(t.policyId),
    index('revenues_service_company_idx').on(t.serviceCompanyId),
    index('revenues_product_idx').on(t.productId),
    index('revenues_policy_item_idx').on(t.policyItemId),
    // The staff revenue index (internal-revenues/revenue-list.ts): its default sort (ref no., id tie-breaker), the
    // effective-date sort and range filter, and the contains-keywords on ref and account numbers.
    index('revenues_ref_no_idx').on(t.refNo, t.id),
    index('revenues_payin_effective_idx').on(t.payinEffectiveDate, t.id),
    index('revenues_settled_state_idx').on(t.settledState, t.refNo, t.id),
    index('revenues_ref_no_trgm_idx').using('gin', sql`${t.refNo} gin_trgm_ops`),
    index('revenues_account_no_trgm_idx').using('gin', sql`${t.accountNo} gin_trgm_ops`),
    check('revenues_commission_type_ck', sql`${t.commissionType} ~ '^[A-Z]{1,3}$'`),
    check('revenues_currency_ck', isCurrency(t.receivedCurrency)),
    check('revenues_pay_mode_ck', sql`${t.payMode} is null or ${inList(t.payMode, PAYMENT_FREQUENCIES)}`),
    check('revenues_settled_state_ck', inList(t.settledState, REVENUE_SETTLED_STATES)),
    check('revenues_payin_mode_ck', sql`${t.payinMode} is null or ${inList(t.payinMode, PAYIN_MODES)}`),
  ],
);

export const revenueClients = pgTable(
  'revenue_clients',
  {
    revenueId: refId('revenue_id')
      .notNull()
      .references(() => revenues.id, { onDelete: 'cascade' }),
    clientId: refId('client_id')
      .notNull()
      .references(() => clients.id),
  },
  (t) => [
    primaryKey({ columns: [t.revenueId, t.clientId], name: 'revenue_clients_pk' }),
    index('revenue_clients_client_idx').on(t.clientId),
  ],
);

/** The provider's commission rate table applied to a revenue, by effective date. */
export const revenuePayinRates = pgTable(
  'revenue_payin_rates',
  {
    id: idColumn(),
    revenueId: refId('revenue_id')
      .notNull()
      .references(() => revenues.id, { onDelete: 'cascade' }),
    effectiveDate: date('effective_date').notNull(),
    rate: rate('rate').notNull(),
    annualBonus: rate('annual_bonus'),
    singleTopup: rate('single_topup'),
    payTerm: integer('pay_term'),
    renewal: rate('renewal'),
    issueAge: integer('issue_age'),
    trail: rate('trail'),
    sumInsured: money('sum_insured'),
  },
  (t) => [uniqueIndex('revenue_payin_rates_uq').on(t.revenueId, t.effectiveDate)],
);

/** One expected pay-in instalment. Fully settled when its settlements add up to `total_pay_amount`. */
export const revenuePayinItems = pgTable(
  'revenue_payin_items',
  {
    id: idColumn(),
    revenueId: refId('revenue_id')
      .notNull()
      .references(() => revenues.id, { onDelete: 'cascade' }),
    installmentNo: integer('installment_no').notNull(),
    projectedReceiveOn: date('projected_receive_on').notNull(),
    groupPayinRate: rate('group_payin_rate').notNull(),
    totalPayAmount: money('total_pay_amount').notNull(),
  },
  (t) => [uniqueIndex('revenue_payin_items_uq').on(t.revenueId, t.installmentNo)],
);

export const revenuePayinSettlements = pgTable(
  'revenue_payin_settlements',
  {
    id: idColumn(),
    payinItemId: refId('payin_item_id')
      .notNull()
      .references(() => revenuePayinItems.id, { onDelete: 'cascade' }),
    refNo: text('ref_no').notNull(),
    cutoffOn: date('cutoff_on').notNull(),
    actualReceiveOn: date('actual_receive_on').notNull(),
    settledAmount: money('settled_amount').notNull(),
  },
  (t) => [index('revenue_payin_settlements_item_idx').on(t.payinItemId)],
);

export interface PayoutRateInfo {
  label: string;
  rate: string;
}

/** The overall pay-out of a revenue to one producer: their total rate and how it was built. */
export const revenuePayouts = pgTable(
  'revenue_payouts',
  {
    id: idColumn(),
    revenueId: refId('revenue_id')
      .notNull()
      .references(() => revenues.id, { onDelete: 'cascade' }),
    producerId: refId('producer_id')
      .notNull()
      .references(() => producers.id),
    totalRate: rate('total_rate').notNull(),
    rateInfo: jsonb('rate_info').$type<PayoutRateInfo[]>().notNull().default([]),
    overrideRateInfo: jsonb('override_rate_info').$type<PayoutRateInfo[]>().notNull().default([]),
    payoutEffectiveDate: date('payout_effective_date'),
    payAmount: money('pay_amount').notNull(),
    revenueMonth: date('revenue_month'),
  },
  (t) => [
    uniqueIndex('revenue_payouts_uq').on(t.revenueId, t.producerId),
    index('revenue_payouts_producer_idx').on(t.producerId),
  ],
);

/** Pay-out instalments to producers (the paged "Particular" view, filterable by pay mode). */
export const revenuePayoutRecords = pgTable(
  'revenue_payout_records',
  {
    id: idColumn(),
    payoutId: refId('payout_id')
      .notNull()
      .references(() => revenuePayouts.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    installmentNo: integer('installment_no').notNull(),
    payMode: text('pay_mode').notNull(),
    payOutAmount: money('pay_out_amount').notNull(),
  },
  (t) => [index('revenue_payout_records_payout_idx').on(t.payoutId, t.payMode, t.dueDate)],
);

export const revenuePayoutSettlements = pgTable(
  'revenue_payout_settlements',
  {
    id: idColumn(),
    payoutId: refId('payout_id')
      .notNull()
      .references(() => revenuePayouts.id, { onDelete: 'cascade' }),
    refNo: text('ref_no').notNull(),
    bankInOn: date('bank_in_on').notNull(),
    settledAmount: money('settled_amount').notNull(),
  },
  (t) => [index('revenue_payout_settlements_payout_idx').on(t.payoutId)],
);
