import type { Language, LifePolicyValueField, SiteCode } from '@portal/contract';

/**
 * What a statement says, independent of how it is printed: the statements module builds it from one month's
 * snapshot, the HTML and PDF renderers print it. Amounts are decimal strings (decision 005).
 */
export interface StatementHoldingLine {
  holdingType: 'fund' | 'cash';
  code: string;
  description: string;
  currency: string;
  unitType: string | null;
  unitHeld: string | null;
  price: string | null;
  valueOn: string;
  value: string;
  exchangeRate: string;
  valuationValue: string;
}

export interface StatementAllocationLine {
  code: string;
  name: string;
  assetClass: string;
  percentage: string;
}

/** Re-exported for the renderers: the contract owns the list and its order. */
export { LIFE_POLICY_VALUE_FIELDS as LIFE_VALUE_FIELDS } from '@portal/contract';
export type LifeValueField = LifePolicyValueField;
export type StatementLifeValues = { currency: string } & Record<LifeValueField, string | null>;

export interface StatementPlanSection {
  planNo: string;
  productName: string;
  providerName: string;
  policyOwner: string;
  jointOwner: string | null;
  insured: string;
  beneficiary: string | null;
  commenceDate: string | null;
  policyTerm: string | null;
  paymentFrequency: string | null;
  payTerm: string | null;
  paymentMethod: string | null;
  currency: string;
  valuationCurrency: string;
  modalPremium: string | null;
  totalPremiumPaid: string | null;
  holdings: StatementHoldingLine[];
  /** In valuationCurrency. */
  subTotalFunds: string;
  cashBalance: string;
  totalPortfolioValue: string;
  allocation: StatementAllocationLine[];
  portfolio: StatementAllocationLine[];
  lifeValues: StatementLifeValues | null;
  /** The provider flagged this plan's data: the statement shows the "cannot be displayed" notice. */
  dataAlert: boolean;
}

/** One plan's amount converted into the reporting currency: amount × rate = converted, to the cent. */
export interface ConversionLine {
  planNo: string;
  productName: string;
  /** The plan's valuation currency, the currency of `amount`. */
  currency: string;
  amount: string;
  /** The quoted rate (decimal 011), printed with every digit. */
  rate: string;
  converted: string;
}

/**
 * The consolidated summary: each plan's total portfolio value converted, and their total; then, apart and already
 * inside those values, each plan's cash balance converted at the same rate, and their total. Each total is the sum
 * of the printed lines above it.
 */
export interface ConsolidatedSummary {
  valueLines: ConversionLine[];
  totalValue: string;
  cashLines: ConversionLine[];
  totalCash: string;
}

/** Who sends the statement: the site's letterhead, printed on every page of the PDF and atop the HTML. */
export interface StatementFirm {
  siteCode: SiteCode;
  name: string;
  /** The logo's word mark. */
  shortName: string;
  /** The logo's colour (#rrggbb). */
  accent: string;
  /** Postal address, one line each; empty when the site has none on file. */
  address: string[];
  phone: string | null;
  email: string | null;
  website: string | null;
}

export interface StatementDocument {
  kind: 'monthly' | 'consolidated';
  firm: StatementFirm;
  language: Language;
  clientName: string;
  clientNo: string;
  accountNo: string;
  /** YYYY-MM */
  month: string;
  asOfDate: string;
  /** The plan's valuation currency (monthly) or the selected currency (consolidated). */
  reportingCurrency: string;
  plans: StatementPlanSection[];
  /** Consolidated only, in reportingCurrency. */
  summary: ConsolidatedSummary | null;
  /** Consolidated only: how the account's plans performed; absent or null when none of them has a history. */
  performance?: StatementPerformance | null;
}

/** One range's figures, exactly as the performance API answers them (returns "0.0734", amounts to the cent). */
export interface StatementPerformanceFigures {
  from: string;
  to: string;
  twr: string | null;
  mwr: string | null;
  annualised: boolean;
  startValue: string;
  endValue: string;
  netFlows: string;
  gain: string;
  benchmarkReturn: string | null;
}

/**
 * The consolidated statement's performance section, in reportingCurrency: the statement's month and the time since
 * the plans' inception, the benchmark's name, and the month ends of the chart (value against the money put in).
 */
export interface StatementPerformance {
  period: StatementPerformanceFigures;
  inception: StatementPerformanceFigures;
  benchmarkName: string | null;
  /** Since inception: each month end's value and net contributions (the start value plus the net flows so far). */
  chart: { date: string; value: string; contributions: string }[];
}
