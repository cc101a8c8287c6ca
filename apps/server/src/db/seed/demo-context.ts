import type { ProductCategory, SiteCode } from '@portal/contract';
import type { Db } from '../client.js';
import type { Organisation } from './demo-org.js';
import { monthEnd, monthStart } from './random.js';
import type { Catalog } from './reference.js';

/** Fixed anchor for business dates (applications, service records, commence dates): demo data is the same every
 * day. Only statement months follow the clock, because "the last six months" is a rule the portal enforces. */
export const DEMO_ANCHOR_DATE = '2026-06-30';

/** Full months before the current one that get statements: six downloadable, three older ones to be refused. */
export const STATEMENT_MONTH_COUNT = 9;

export interface StatementMonth {
  /** First day, e.g. 2026-05-01. */
  month: string;
  /** Last day, the valuation date. */
  asOf: string;
}

/** The STATEMENT_MONTH_COUNT full months before `now`'s month, oldest first. */
export function statementMonths(now: Date): StatementMonth[] {
  const current = monthStart(now.toISOString().slice(0, 10));
  const months: StatementMonth[] = [];
  for (let i = STATEMENT_MONTH_COUNT; i >= 1; i--) {
    const month = monthStart(current, -i);
    months.push({ month, asOf: monthEnd(month) });
  }
  return months;
}

export interface DemoPolicy {
  id: number;
  site: SiteCode;
  planNo: string;
  category: ProductCategory;
  productId: number;
  productName: string;
  providerCode: string;
  statusCode: string;
  currency: string;
  ownerClientId: number;
  ownerName: string;
  insuredName: string;
  producerCode: string;
  commenceDate: string;
  modalPremium: string | null;
  /** M, Q, H, A, or S (single premium); null when the plan states none. */
  paymentFrequency: string | null;
  totalPremiumPaid: string;
  /** Investment plans only. */
  totalWithdrawalAmount: string | null;
  providerStatementFileKey: string | null;
}

export interface DemoClient {
  id: number;
  site: SiteCode;
  clientNo: string;
  fullName: string;
  producerCode: string;
  emails: string[];
  language: string;
  policies: DemoPolicy[];
}

export interface DemoContext {
  tx: Db;
  catalog: Catalog;
  org: Organisation;
  months: StatementMonth[];
  clients: DemoClient[];
  /** Files to render and store before the rows that reference them (see demo-files.ts flushFiles). */
  pendingFiles: PendingFile[];
}

export interface PendingFile {
  key: string;
  contentType: string;
  render: () => Promise<Buffer>;
}

/** Investment record types: they hold funds, get monthly statements and provider statements. */
export const INVESTMENT_CATEGORIES: readonly ProductCategory[] = ['IL', 'FD', 'MPF', 'PB'];
