import { formatAmount, formatDate, formatDecimal } from './decimal.js';
import { fontFamily, pdfEngine } from './pdf-engine.js';
import { PDF_HOLDING_COLUMNS } from './statement-columns.js';
import {
  LIFE_VALUE_FIELDS,
  type StatementAllocationLine,
  type StatementDocument,
  type StatementPlanSection,
} from './statement-model.js';
import {
  frequencyLabel,
  machineTranslationRemark,
  type StatementTexts,
  statementTexts,
} from './statement-texts.js';

type Node = Record<string, unknown> | string;
const orDash = (value: string | null | undefined) => (value == null || value === '' ? '-' : value);
const HEAD = { fillColor: '#e8eef5' };
const num = (text: string) => ({ text, alignment: 'right' });

function factsTable(pairs: [string, string][]): Node {
  return {
    table: { widths: [150, '*'], body: pairs.map(([k, v]) => [{ text: k, color: '#555555' }, v]) },
    layout: 'noBorders',
    margin: [0, 0, 0, 6],
  };
}

const heading = (text: string, size = 11): Node => ({
  text,
  fontSize: size,
  color: '#1f3a5f',
  margin: [0, 8, 0, 4],
});

function holdingsTable(texts: StatementTexts, plan: StatementPlanSection): Node {
  const ccy = plan.valuationCurrency;
  const columns = PDF_HOLDING_COLUMNS;
  const header = columns.map((c) => ({ text: c.header(texts, ccy), ...HEAD }));
  const rows = plan.holdings.map((h) =>
    columns.map((c) => {
      const text = c.cell(h);
      return c.numeric ? num(text) : text;
    }),
  );
  // The label spans every column but the last, the amount's; pdfmake wants a placeholder for each spanned cell.
  const total = (label: string, value: string) => [
    { text: `${label} (${ccy})`, colSpan: columns.length - 1 },
    ...Array<string>(columns.length - 2).fill(''),
    num(formatAmount(value)),
  ];
  return {
    table: {
      headerRows: 1,
      widths: columns.map((c) => c.pdfWidth),
      body: [
        header,
        ...rows,
        total(texts.subTotalFunds, plan.subTotalFunds),
        total(texts.cashBalance, plan.cashBalance),
        total(texts.totalPortfolioValue, plan.totalPortfolioValue),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 7.5,
  };
}

function allocationTable(texts: StatementTexts, lines: StatementAllocationLine[]): Node {
  return {
    table: {
      headerRows: 1,
      widths: [60, '*', 100, 60],
      body: [
        [texts.fundCode, texts.fundName, texts.assetClass, texts.percentage].map((text) => ({
          text,
          ...HEAD,
        })),
        ...lines.map((l) => [l.code, l.name, l.assetClass, num(`${formatDecimal(l.percentage, 2)}%`)]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
}

function planSection(texts: StatementTexts, plan: StatementPlanSection): Node[] {
  const money = (v: string | null) => (v == null ? '-' : `${plan.currency} ${formatAmount(v)}`);
  const nodes: Node[] = [heading(`${plan.planNo} — ${plan.productName}`, 13)];
  if (plan.dataAlert) nodes.push({ text: texts.notice, color: '#b35900', margin: [0, 0, 0, 6] });
  nodes.push(
    heading(texts.planInformation),
    factsTable([
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
      [texts.modalPremium, money(plan.modalPremium)],
      [texts.totalPremiumPaid, money(plan.totalPremiumPaid)],
    ]),
    heading(texts.fundHoldings),
    holdingsTable(texts, plan),
  );
  if (plan.allocation.length > 0)
    nodes.push(heading(texts.allocation), allocationTable(texts, plan.allocation));
  if (plan.portfolio.length > 0) nodes.push(heading(texts.portfolio), allocationTable(texts, plan.portfolio));
  const values = plan.lifeValues;
  if (values) {
    nodes.push(
      heading(texts.lifePolicyValues),
      factsTable(LIFE_VALUE_FIELDS.map((f) => [texts[f], `${values.currency} ${formatAmount(values[f])}`])),
    );
  }
  return nodes;
}

function consolidatedSummary(texts: StatementTexts, doc: StatementDocument): Node[] {
  const ccy = doc.reportingCurrency;
  const body: unknown[][] = [
    [
      texts.planNo,
      texts.productName,
      texts.currency,
      texts.totalPortfolioValue,
      texts.exchangeRate,
      `${texts.convertedValue} (${ccy})`,
    ].map((text) => ({ text, ...HEAD })),
    ...doc.plans.map((p) => [
      p.planNo,
      p.productName,
      p.valuationCurrency,
      num(formatAmount(p.totalPortfolioValue)),
      num(formatDecimal(p.conversion?.rate ?? null, 4)),
      num(formatAmount(p.conversion?.totalPortfolioValue ?? null)),
    ]),
  ];
  if (doc.totals) {
    body.push([
      { text: `${texts.cashBalance} (${ccy})`, colSpan: 5 },
      '',
      '',
      '',
      '',
      num(formatAmount(doc.totals.cashBalance)),
    ]);
    body.push([
      { text: `${texts.totalPortfolioValue} (${ccy})`, colSpan: 5 },
      '',
      '',
      '',
      '',
      num(formatAmount(doc.totals.totalPortfolioValue)),
    ]);
  }
  return [
    heading(texts.summary, 13),
    {
      table: { headerRows: 1, widths: [70, '*', 40, 80, 50, 90], body },
      layout: 'lightHorizontalLines',
      fontSize: 8,
    },
  ];
}

function machineTranslationRemarkNode(doc: StatementDocument): Node[] {
  const remark = machineTranslationRemark(doc.language);
  return remark ? [{ text: remark, fontSize: 7.5, color: '#555555', margin: [0, 0, 0, 8] }] : [];
}

/** The pdfmake content of one statement; `first` decides whether it starts on a new page. */
function statementContent(doc: StatementDocument, first: boolean): Node[] {
  const texts = statementTexts(doc.language);
  const title = doc.kind === 'consolidated' ? texts.consolidatedTitle : texts.monthlyTitle;
  return [
    {
      text: title,
      fontSize: 18,
      color: '#1f3a5f',
      margin: [0, 0, 0, 8],
      ...(first ? {} : { pageBreak: 'before' }),
    },
    ...machineTranslationRemarkNode(doc),
    factsTable([
      [texts.clientName, doc.clientName],
      [texts.clientNo, doc.clientNo],
      [texts.accountNo, doc.accountNo],
      [texts.statementMonth, doc.month.replace('-', '/')],
      [texts.valuationDate, formatDate(doc.asOfDate)],
      [texts.reportingCurrency, doc.reportingCurrency],
    ]),
    ...(doc.kind === 'consolidated' ? consolidatedSummary(texts, doc) : []),
    ...doc.plans.flatMap((p) => planSection(texts, p)),
    { text: texts.disclaimers.join('\n\n'), fontSize: 7.5, color: '#555555', margin: [0, 16, 0, 0] },
  ];
}

/**
 * One PDF holding the given statements, each starting on a new page. The language of the first one picks the
 * font face (all faces cover Latin, kana, hangul and Han; they differ in glyph style only).
 */
export function renderStatementsPdf(docs: StatementDocument[], fontPath: string): Promise<Buffer> {
  const first = docs[0];
  if (!first) throw new Error('no statement to render');
  const texts = statementTexts(first.language);
  return pdfEngine(fontPath).render({
    info: {
      title: `${first.kind === 'consolidated' ? texts.consolidatedTitle : texts.monthlyTitle} ${first.accountNo} ${first.month}`,
      creator: 'Portal',
    },
    pageSize: 'A4',
    pageMargins: [32, 36, 32, 40],
    content: docs.flatMap((d, i) => statementContent(d, i === 0)),
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'center',
      fontSize: 7,
      color: '#777777',
    }),
    defaultStyle: { font: fontFamily(first.language), fontSize: 9 },
  });
}
