import { formatAmount, formatDate, formatRate, formatUnits } from './decimal.js';
import type { StatementDocument, StatementHoldingLine, StatementPlanSection } from './statement-model.js';
import { frequencyLabel, type StatementTexts } from './statement-texts.js';

/** One column of a plan's holdings table, the same in the HTML and the PDF statement. */
interface HoldingColumnBase {
  /** The header text; `valuationCurrency` is the plan's. */
  header: (texts: StatementTexts, valuationCurrency: string) => string;
  /** Right-aligned. */
  numeric: boolean;
  /** The cell's text (unescaped). */
  cell: (line: StatementHoldingLine) => string;
}

/**
 * A column of both statements, with its width in the PDF table: 'auto' sizes it to its content (codes, currencies,
 * dates and numbers are never wrapped, so never broken mid-word), '*' takes the rest of the line (the fund name).
 */
export interface PdfHoldingColumn extends HoldingColumnBase {
  htmlOnly?: false;
  pdfWidth: 'auto' | '*';
}

/** A column of the HTML statement only. */
interface HtmlOnlyHoldingColumn extends HoldingColumnBase {
  htmlOnly: true;
}

export type HoldingColumn = PdfHoldingColumn | HtmlOnlyHoldingColumn;

const orDash = (value: string | null | undefined) => (value == null || value === '' ? '-' : value);

/** The holdings table's columns, in order. */
export const HOLDING_COLUMNS: readonly HoldingColumn[] = [
  { header: (t) => t.fundCode, numeric: false, cell: (h) => h.code, pdfWidth: 'auto' },
  { header: (t) => t.fundName, numeric: false, cell: (h) => h.description, pdfWidth: '*' },
  { header: (t) => t.currency, numeric: false, cell: (h) => h.currency, pdfWidth: 'auto' },
  { header: (t) => t.unitType, numeric: false, cell: (h) => orDash(h.unitType), pdfWidth: 'auto' },
  { header: (t) => t.unitBalance, numeric: true, cell: (h) => formatUnits(h.unitHeld), pdfWidth: 'auto' },
  { header: (t) => t.unitPrice, numeric: true, cell: (h) => formatUnits(h.price), pdfWidth: 'auto' },
  { header: (t) => t.valuationDate, numeric: false, cell: (h) => formatDate(h.valueOn), pdfWidth: 'auto' },
  { header: (t) => t.value, numeric: true, cell: (h) => formatAmount(h.value), pdfWidth: 'auto' },
  {
    header: (t) => t.exchangeRate,
    numeric: true,
    cell: (h) => formatRate(h.exchangeRate),
    pdfWidth: 'auto',
  },
  {
    header: (t, ccy) => `${t.valuation} (${ccy})`,
    numeric: true,
    cell: (h) => formatAmount(h.valuationValue),
    pdfWidth: 'auto',
  },
];

/** The columns of the PDF statement's holdings table. */
export const PDF_HOLDING_COLUMNS = HOLDING_COLUMNS.filter(
  (column): column is PdfHoldingColumn => !column.htmlOnly,
);

/** Label and value, as printed. */
export type Fact = [label: string, value: string];

/** The statement's heading facts, the same in the HTML and the PDF. */
export function statementFacts(texts: StatementTexts, doc: StatementDocument): Fact[] {
  return [
    [texts.clientName, doc.clientName],
    [texts.clientNo, doc.clientNo],
    [texts.accountNo, doc.accountNo],
    [texts.statementMonth, doc.month.replace('-', '/')],
    [texts.valuationDate, formatDate(doc.asOfDate)],
    [texts.reportingCurrency, doc.reportingCurrency],
  ];
}

/** A plan's information, the same in the HTML and the PDF. */
export function planFacts(texts: StatementTexts, plan: StatementPlanSection): Fact[] {
  return [
    [texts.provider, plan.providerName],
    [texts.policyOwner, plan.policyOwner],
    [texts.jointOwner, orDash(plan.jointOwner)],
    [texts.insured, plan.insured],
    [texts.beneficiary, orDash(plan.beneficiary)],
    [texts.commenceDate, formatDate(plan.commenceDate)],
    [texts.planTerm, orDash(plan.policyTerm)],
    [texts.paymentFrequency, orDash(frequencyLabel(texts, plan.paymentFrequency))],
    [texts.payTerm, orDash(plan.payTerm)],
    [texts.paymentMethod, orDash(plan.paymentMethod)],
  ];
}

/** A plan's premiums in the plan's currency. */
export function premiumFacts(texts: StatementTexts, plan: StatementPlanSection): Fact[] {
  const money = (v: string | null) => (v == null ? '-' : `${plan.currency} ${formatAmount(v)}`);
  return [
    [texts.modalPremium, money(plan.modalPremium)],
    [texts.totalPremiumPaid, money(plan.totalPremiumPaid)],
  ];
}
