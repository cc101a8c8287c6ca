import { CURRENCIES, HOLDING_TYPES, LANGUAGES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, inList, isCurrency, money, refId } from './columns.js';
import { bytea, storedFiles } from './files.js';
import { positionColumns } from './holdings.js';
import { clients } from './parties.js';
import { policies } from './policies.js';

export const STATEMENT_ACCOUNT_TYPES = ['CONSOLIDATE', 'POLICY'] as const;

/**
 * A statement account. Its id is the "party id" the statement endpoints take (`/statement/{id}.pdf`,
 * `party_ids=`); `/statement/policy_list/{partyId}` lists the accounts of one client. A CONSOLIDATE account
 * covers several plans (statement_account_policies), a POLICY account exactly one (`policy_id`).
 */
export const statementAccounts = pgTable(
  'statement_accounts',
  {
    id: idColumn(),
    clientId: refId('client_id')
      .notNull()
      .references(() => clients.id),
    accountType: text('account_type').notNull(),
    accountNo: text('account_no').notNull(),
    policyId: refId('policy_id').references(() => policies.id),
    consolidatedCurrency: text('consolidated_currency').notNull().default('USD'),
    statementLanguage: text('statement_language').notNull().default('en'),
    providerStatementFileKey: text('provider_statement_file_key').references(() => storedFiles.key, {
      onUpdate: 'cascade',
    }),
  },
  (t) => [
    uniqueIndex('statement_accounts_account_no_uq').on(t.accountNo),
    index('statement_accounts_client_idx').on(t.clientId),
    index('statement_accounts_policy_idx').on(t.policyId),
    check('statement_accounts_type_ck', inList(t.accountType, STATEMENT_ACCOUNT_TYPES)),
    check('statement_accounts_policy_ck', sql`(${t.accountType} = 'POLICY') = (${t.policyId} is not null)`),
    check('statement_accounts_currency_ck', inList(t.consolidatedCurrency, CURRENCIES)),
    check('statement_accounts_language_ck', inList(t.statementLanguage, LANGUAGES)),
  ],
);

/** Plans a consolidated account reports on. */
export const statementAccountPolicies = pgTable(
  'statement_account_policies',
  {
    accountId: refId('account_id')
      .notNull()
      .references(() => statementAccounts.id, { onDelete: 'cascade' }),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.policyId], name: 'statement_account_policies_pk' }),
    index('statement_account_policies_policy_idx').on(t.policyId),
  ],
);

/**
 * The month-end picture of one account, frozen when the month closed: totals here, positions in
 * statement_snapshot_holdings, FX from fx_rates and life values from policy_values at `as_of_date`. Renderers need
 * nothing that can change after the month is over.
 */
export const statementSnapshots = pgTable(
  'statement_snapshots',
  {
    id: idColumn(),
    accountId: refId('account_id')
      .notNull()
      .references(() => statementAccounts.id, { onDelete: 'cascade' }),
    /** First day of the statement month. */
    month: date('month').notNull(),
    asOfDate: date('as_of_date').notNull(),
    valuationCurrency: text('valuation_currency').notNull(),
    totalPortfolioValue: money('total_portfolio_value').notNull(),
    cashBalance: money('cash_balance').notNull(),
    totalPremiumPaid: money('total_premium_paid'),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_snapshots_account_month_uq').on(t.accountId, t.month),
    check('statement_snapshots_month_ck', sql`extract(day from ${t.month}) = 1`),
    check('statement_snapshots_currency_ck', isCurrency(t.valuationCurrency)),
  ],
);

export const statementSnapshotHoldings = pgTable(
  'statement_snapshot_holdings',
  {
    id: idColumn(),
    snapshotId: refId('snapshot_id')
      .notNull()
      .references(() => statementSnapshots.id, { onDelete: 'cascade' }),
    policyId: refId('policy_id')
      .notNull()
      .references(() => policies.id),
    ...positionColumns(),
  },
  (t) => [
    index('statement_snapshot_holdings_snapshot_idx').on(t.snapshotId),
    check('statement_snapshot_holdings_type_ck', inList(t.holdingType, HOLDING_TYPES)),
  ],
);

/**
 * Rendered statements (PDF), content-addressed: `key` is the hex SHA-256 of what the document was rendered from
 * (kind, language, currency, engine version and the statement's document model; modules/statements/document-cache.ts),
 * so a change to any input gives a new key and a row never needs invalidating. Shared by every server process; the
 * expiry sweeper removes rows 35 days after they were rendered (decision 025). Holds what the snapshots hold (names,
 * plan values), under the same database, backups and access.
 */
export const renderedDocuments = pgTable(
  'rendered_documents',
  {
    key: text('key').primaryKey(),
    /** What the bytes are, e.g. `statement-pdf` (for operators: the key already covers it). */
    kind: text('kind').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rendered_documents_created_idx').on(t.createdAt),
    check('rendered_documents_key_ck', sql`${t.key} ~ '^[0-9a-f]{64}$'`),
  ],
);
