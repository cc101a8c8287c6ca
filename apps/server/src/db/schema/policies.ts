import {
  LANGUAGES,
  type LocalizedText,
  PAYMENT_FREQUENCIES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PORTFOLIO_TYPES,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import {
  createdAt,
  hasEnglishText,
  idColumn,
  inList,
  isCurrency,
  isTermCode,
  money,
  refId,
  updatedAt,
} from './columns.js';
import { siteCodeEnum } from './enums.js';
import { storedFiles } from './files.js';
import { sites } from './identity.js';
import { clients } from './parties.js';
import { producers } from './producers.js';
import { policyStatuses } from './reference.js';

const fileKey = (name: string) => text(name).references(() => storedFiles.key, { onUpdate: 'cascade' });

/**
 * A plan: one contract with a provider, owned by a client and serviced by a producer. `category` repeats the
 * product's record type (kept equal by a composite foreign key) so producer lists can filter and index it.
 */
export const policies = pgTable(
  'policies',
  {
    id: idColumn(),
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    planNo: text('plan_no').notNull(),
    productId: refId('product_id').notNull(),
    category: text('category').notNull(),
    statusCode: text('status_code')
      .notNull()
      .references(() => policyStatuses.code),
    ownerClientId: refId('owner_client_id')
      .notNull()
      .references(() => clients.id),
    jointOwnerClientId: refId('joint_owner_client_id').references(() => clients.id),
    insuredClientId: refId('insured_client_id').references(() => clients.id),
    /** Names as printed on the contract; the insured or beneficiary need not be clients of the group. */
    insuredName: text('insured_name').notNull(),
    beneficiaryName: text('beneficiary_name'),
    servicingProducerId: refId('servicing_producer_id')
      .notNull()
      .references(() => producers.id),
    /** Provider-side account ids the plan's API data and statements are keyed by. */
    caId: text('ca_id'),
    commenceDate: date('commence_date'),
    /** The day the plan reached its current status, when the provider reported one (terminal statuses: the lapse,
     *  surrender, maturity… date that report 1 filters on). Null for plans still in their first status. */
    statusChangedOn: date('status_changed_on'),
    /** Term codes (contract TERM_CODE_PATTERN: WOL, Y20, A100, SGL), worded per language when shown. */
    policyTerm: text('policy_term'),
    payTerm: text('pay_term'),
    paymentFrequency: text('payment_frequency'),
    paymentMethod: text('payment_method'),
    paymentStatus: text('payment_status'),
    portfolioType: text('portfolio_type'),
    serviceType: text('service_type'),
    currency: text('currency').notNull(),
    valuationCurrency: text('valuation_currency').notNull(),
    sumInsured: money('sum_insured'),
    modalPremium: money('modal_premium'),
    totalPremiumPaid: money('total_premium_paid'),
    estimatedPremiumAndLevyAmount: money('estimated_premium_and_levy_amount'),
    nextContributeDueOn: date('next_contribute_due_on'),
    pendingTranAmount: money('pending_tran_amount'),
    totalWithdrawalAmount: money('total_withdrawal_amount'),
    totalWithdrawalCurrency: text('total_withdrawal_currency'),
    exTotalPortfolioValue: money('ex_total_portfolio_value'),
    totalPortfolioValueAlert: boolean('total_portfolio_value_alert').notNull().default(false),
    disabledPolicyValueSection: boolean('disabled_policy_value_section').notNull().default(false),
    isShowAssetsSelection: boolean('is_show_assets_selection').notNull().default(false),
    assetsSelectionFileKey: fileKey('assets_selection_file_key'),
    providerStatementFileKey: fileKey('provider_statement_file_key'),
    /** Provider-supplied HTML per language (English required); sanitize before it reaches a browser. */
    lifeDisclaimerHtml: jsonb('life_disclaimer_html').$type<LocalizedText>(),
    /*
     * What the Clients list shows, sorts and searches from other tables, copied onto the plan (decision 039): the
     * owner's, the product's and the consultant's names, the number of the plan's POLICY statement account, and the
     * keyword search document (plan no., owner name and AG number). Kept by triggers (migration 0023).
     */
    clientName: text('client_name'),
    productName: text('product_name'),
    consultantName: text('consultant_name'),
    accountNo: text('account_no'),
    searchText: text('search_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('policies_site_plan_no_uq').on(t.siteCode, t.planNo),
    foreignKey({
      name: 'policies_product_category_fk',
      columns: [t.productId, t.category],
      foreignColumns: [products.id, products.category],
    }),
    index('policies_producer_status_idx').on(t.servicingProducerId, t.statusCode),
    index('policies_producer_category_idx').on(t.servicingProducerId, t.category),
    // Report 1 (lapsed / surrender): per producer of the team, a range of one status's change dates, newest first.
    index('policies_producer_status_changed_idx')
      .on(t.servicingProducerId, t.statusCode, t.statusChangedOn)
      .where(sql`${t.statusCode} in ('LAP', 'SUR')`),
    // id and servicing producer in the key: the Clients list walks its owners by name and checks each plan's team
    // from this index alone (index-only scan), a deep page without a heap visit per plan (docs/performance.md).
    index('policies_owner_idx').on(t.ownerClientId, t.id, t.servicingProducerId),
    index('policies_joint_owner_idx').on(t.jointOwnerClientId),
    index('policies_insured_client_idx').on(t.insuredClientId),
    index('policies_product_idx').on(t.productId),
    // Plan reports by commencement period (date basis POLICY, types 10–12).
    index('policies_commence_idx').on(t.commenceDate, t.id, t.servicingProducerId),
    // Every other sort of the Clients list (decision 039): the sort key, the id tie-breaker and the producer, so a
    // team's page in that order is one walk of the index with the team read from it.
    index('policies_list_client_name_idx').on(t.clientName, t.id, t.servicingProducerId),
    index('policies_list_plan_no_idx').on(t.planNo, t.id, t.servicingProducerId),
    index('policies_list_product_name_idx').on(t.productName, t.id, t.servicingProducerId),
    index('policies_list_insured_name_idx').on(t.insuredName, t.id, t.servicingProducerId),
    index('policies_list_modal_premium_idx').on(t.modalPremium, t.id, t.servicingProducerId),
    index('policies_list_consultant_idx').on(t.consultantName, t.id, t.servicingProducerId),
    index('policies_list_category_idx').on(t.category, t.id, t.servicingProducerId),
    index('policies_list_account_no_idx').on(t.accountNo, t.id, t.servicingProducerId),
    ...LANGUAGES.map((language) =>
      index(`policies_list_status_${language}_idx`).on(
        sql.raw(`list_policy_status_word(status_code, '${language}')`),
        t.id,
        t.servicingProducerId,
      ),
    ),
    index('policies_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('policies_plan_no_trgm_idx').using('gin', sql`${t.planNo} gin_trgm_ops`),
    index('policies_insured_name_trgm_idx').using('gin', sql`${t.insuredName} gin_trgm_ops`),
    check('policies_currency_ck', sql`${isCurrency(t.currency)} and ${isCurrency(t.valuationCurrency)}`),
    check(
      'policies_payment_frequency_ck',
      sql`${t.paymentFrequency} is null or ${inList(t.paymentFrequency, PAYMENT_FREQUENCIES)}`,
    ),
    check('policies_policy_term_ck', isTermCode(t.policyTerm)),
    check('policies_pay_term_ck', isTermCode(t.payTerm)),
    check(
      'policies_payment_method_ck',
      sql`${t.paymentMethod} is null or ${inList(t.paymentMethod, PAYMENT_METHODS)}`,
    ),
    check(
      'policies_payment_status_ck',
      sql`${t.paymentStatus} is null or ${inList(t.paymentStatus, PAYMENT_STATUSES)}`,
    ),
    check(
      'policies_portfolio_type_ck',
      sql`${t.portfolioType} is null or ${inList(t.portfolioType, PORTFOLIO_TYPES)}`,
    ),
    check('policies_life_disclaimer_en_ck', hasEnglishText(t.lifeDisclaimerHtml)),
    check('policies_service_type_ck', sql`${t.serviceType} is null or ${t.serviceType} in ('D', 'N', 'T')`),
    check(
      'policies_assets_selection_ck',
      sql`not ${t.isShowAssetsSelection} or ${t.assetsSelectionFileKey} is not null`,
    ),
  ],
);

/** Life policy values as of a date; the latest row is the plan's current values, month-ends feed statements. */
export const policyValues = pgTable(
  'policy_values',
  {
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    valueDate: date('value_date').notNull(),
    currency: text('currency').notNull(),
    cashValue: money('cash_value'),
    accumulatedDividend: money('accumulated_dividend'),
    futureDeposit: money('future_deposit'),
    loanBalance: money('loan_balance'),
    nextLevy: money('next_levy'),
    accumulatedGuaranteedCoupon: money('accumulated_guaranteed_coupon'),
    terminalDividend: money('terminal_dividend'),
    surrenderValue: money('surrender_value'),
    nextDuePremium: money('next_due_premium'),
    vitalityDiscount: money('vitality_discount'),
    premiumRefund: money('premium_refund'),
    totalPolicyValue: money('total_policy_value'),
  },
  (t) => [
    primaryKey({ columns: [t.policyId, t.valueDate], name: 'policy_values_pk' }),
    check('policy_values_currency_ck', isCurrency(t.currency)),
  ],
);

/** Coverage lines of a plan: the basic plan and its riders. */
export const policyItems = pgTable(
  'policy_items',
  {
    id: idColumn(),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    policyType: text('policy_type').notNull(),
    productId: refId('product_id').references(() => products.id),
    productName: text('product_name').notNull(),
    commenceDate: date('commence_date'),
    policyTerm: text('policy_term'),
    payTerm: text('pay_term'),
    sumInsured: money('sum_insured'),
    modalPremium: money('modal_premium'),
  },
  (t) => [
    index('policy_items_policy_idx').on(t.policyId),
    // Policy item details (report 11) keys its rows id × 2 (coverage lines) and id × 2 + 1 (funds): a page's rows
    // are fetched by that key (runList's deferred join), through this index and holdings_report_key_idx.
    index('policy_items_report_key_idx').on(sql`(${t.id} * 2)`),
    check('policy_items_policy_term_ck', isTermCode(t.policyTerm)),
    check('policy_items_pay_term_ck', isTermCode(t.payTerm)),
    check('policy_items_policy_type_ck', inList(t.policyType, ['BASIC', 'RIDER'])),
  ],
);
