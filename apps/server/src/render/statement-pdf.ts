import { formatAmount, formatDecimal, formatRate } from './decimal.js';
import { fontFamily, pdfEngine } from './pdf-engine.js';
import { PDF_HOLDING_COLUMNS, planFacts, premiumFacts, statementFacts } from './statement-columns.js';
import {
  type ConversionLine,
  LIFE_VALUE_FIELDS,
  type StatementAllocationLine,
  type StatementDocument,
  type StatementPlanSection,
} from './statement-model.js';
import {
  FOOTER_HEIGHT,
  HEADER_HEIGHT,
  letterhead,
  PAGE_MARGIN_X,
  pageFooter,
  StatementPageCounter,
} from './statement-pdf-frame.js';
import { performancePdfNodes } from './statement-performance.js';
import { machineTranslationRemark, type StatementTexts, statementTexts } from './statement-texts.js';

type Node = Record<string, unknown> | string;
const _orDash = (value: string | null | undefined) => (value == null || value === '' ? '-' : value);
const HEAD = { fillColor: '#e8eef5' };
/** Numbers, codes, currencies and dates never wrap: a broken "Curren-cy" or amount is unreadable. */
const num = (text: string) => ({ text, alignment: 'right', noWrap: true });
const code = (text: string) => ({ text, noWrap: true });
const LABEL = '#5b6673';

/**
 * A4 landscape: the holdings table has ten columns, and on a portrait page fund names wrapped to three or four
 * lines; across the page every fund name fits on one or two lines and the facts sit in two columns.
 */
const PAGE = { width: 841.89, height: 595.28 };

/** Label/value pairs in two side-by-side columns, filled top to bottom. */
function factsGrid(pairs: [string, string][], margin: number[] = [0, 0, 0, 6]): Node {
  const half = Math.ceil(pairs.length / 2);
  const column = (part: [string, string][]) => ({
    width: '*',
    table: {
      widths: [130, '*'],
      body: part.map(([k, v]) => [{ text: k, color: LABEL }, v]),
    },
    layout: 'noBorders',
  });
  return { columns: [column(pairs.slice(0, half)), column(pairs.slice(half))], columnGap: 24, margin };
}

const heading = (text: string, size = 11): Node => ({
  text,
  fontSize: size,
  color: '#1f3a5f',
  margin: [0, 8, 0, 4],
});

/**
 * A table's title as its first header row: it repeats above the columns on a continued page, and pdfmake keeps it
 * with the first data row, so a title never ends a page on its own.
 */
function titleRow(title: Node, columns: number): unknown[] {
  const node = typeof title === 'string' ? { text: title } : title;
  return [
    { ...node, colSpan: columns, border: [false, false, false, false] },
    ...Array<string>(columns - 1).fill(''),
  ];
}

const HEADER_ROWS = { headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true };

function holdingsTable(texts: StatementTexts, plan: StatementPlanSection): Node {
  const ccy = plan.valuationCurrency;
  const columns = PDF_HOLDING_COLUMNS;
  const header = columns.map((c) => ({
    text: c.header(texts, ccy),
    ...HEAD,
    ...(c.numeric ? { alignment: 'right' } : {}),
  }));
  const rows = (type: 'fund' | 'cash') =>
    plan.holdings
      .filter((h) => h.holdingType === type)
      .map((h) =>
        columns.map((c) => {
          const text = c.cell(h);
          if (c.numeric) return num(text);
          return c.pdfWidth === 'auto' ? code(text) : text;
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
      ...HEADER_ROWS,
      widths: columns.map((c) => c.pdfWidth),
      body: [
        titleRow(
          { ...(heading(texts.fundHoldings) as object), fontSize: 11, margin: [0, 6, 0, 0] },
          columns.length,
        ),
        header,
        // Each total stands under the lines it adds up (as in the HTML statement).
        ...rows('fund'),
        total(texts.subTotalFunds, plan.subTotalFunds),
        ...rows('cash'),
        total(texts.cashBalance, plan.cashBalance),
        total(texts.totalPortfolioValue, plan.totalPortfolioValue),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
}

const percent = (value: string) => num(`${formatDecimal(value, 2)}%`);

/** Premium allocation: which fund each premium goes to, with the fund's asset class. */
function allocationTable(texts: StatementTexts, lines: StatementAllocationLine[]): Node {
  const head = [texts.fundCode, texts.fundName, texts.assetClass, texts.allocationPercentage];
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['auto', '*', 'auto', 'auto'],
      body: [
        head.map((text, i) => ({ text, ...HEAD, ...(i === 3 ? { alignment: 'right' } : {}) })),
        ...lines.map((l) => [code(l.code), l.name, l.assetClass, percent(l.percentage)]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
}

/** The portfolio by asset class: one line per class, so no fund columns. */
function portfolioTable(texts: StatementTexts, lines: StatementAllocationLine[]): Node {
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', 'auto'],
      body: [
        [
          { text: texts.assetClass, ...HEAD },
          { text: texts.portfolioPercentage, ...HEAD, alignment: 'right' },
        ],
        ...lines.map((l) => [l.name, percent(l.percentage)]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
}

/** Premium allocation and asset classes side by side: both are short, and the page is wide. */
function allocations(texts: StatementTexts, plan: StatementPlanSection): Node[] {
  const parts: Record<string, unknown>[] = [];
  if (plan.allocation.length > 0)
    parts.push({
      width: '*',
      stack: [heading(texts.allocation), allocationTable(texts, plan.allocation)],
    });
  if (plan.portfolio.length > 0)
    parts.push({ width: 240, stack: [heading(texts.portfolio), portfolioTable(texts, plan.portfolio)] });
  return parts.length === 0 ? [] : [{ columns: parts, columnGap: 24, unbreakable: true }];
}

function planSection(texts: StatementTexts, plan: StatementPlanSection): Node[] {
  const opening: Node[] = [heading(`${plan.planNo} — ${plan.productName}`, 13)];
  if (plan.dataAlert) opening.push({ text: texts.notice, color: '#b35900', margin: [0, 0, 0, 6] });
  opening.push(
    heading(texts.planInformation),
    factsGrid([...planFacts(texts, plan), ...premiumFacts(texts, plan)]),
  );
  // A plan's heading never ends a page alone: it moves to the next page with the plan's facts.
  const nodes: Node[] = [
    { stack: opening, unbreakable: true },
    holdingsTable(texts, plan),
    ...allocations(texts, plan),
  ];
  const values = plan.lifeValues;
  if (values) {
    nodes.push({
      unbreakable: true,
      stack: [
        heading(texts.lifePolicyValues),
        factsGrid(LIFE_VALUE_FIELDS.map((f) => [texts[f], `${values.currency} ${formatAmount(values[f])}`])),
      ],
    });
  }
  return nodes;
}

function conversionTable(
  texts: StatementTexts,
  ccy: string,
  title: Node,
  amountHeader: string,
  lines: ConversionLine[],
  total: { label: string; value: string },
): Node {
  const headers = [
    texts.planNo,
    texts.productName,
    texts.currency,
    amountHeader,
    texts.exchangeRate,
    `${texts.convertedValue} (${ccy})`,
  ];
  const body: unknown[][] = [
    titleRow(title, headers.length),
    headers.map((text, i) => ({ text, ...HEAD, ...(i >= 3 ? { alignment: 'right' } : {}) })),
    ...lines.map((l) => [
      code(l.planNo),
      l.productName,
      code(l.currency),
      num(formatAmount(l.amount)),
      num(formatRate(l.rate)),
      num(formatAmount(l.converted)),
    ]),
    [{ text: `${total.label} (${ccy})`, colSpan: 5 }, '', '', '', '', num(formatAmount(total.value))],
  ];
  return {
    table: { ...HEADER_ROWS, widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto'], body },
    layout: 'lightHorizontalLines',
    fontSize: 8.5,
  };
}

/** Plan values converted and their total; then, apart, the cash balances inside them and their total. */
function consolidatedSummary(texts: StatementTexts, doc: StatementDocument): Node[] {
  const summary = doc.summary;
  if (!summary) return [];
  const ccy = doc.reportingCurrency;
  return [
    conversionTable(
      texts,
      ccy,
      { ...(heading(texts.summary, 13) as object), margin: [0, 6, 0, 2] },
      texts.totalPortfolioValue,
      summary.valueLines,
      { label: texts.totalPortfolioValue, value: summary.totalValue },
    ),
    conversionTable(
      texts,
      ccy,
      { ...(heading(texts.cashBalancesIncluded) as object), margin: [0, 8, 0, 2] },
      texts.cashBalance,
      summary.cashLines,
      { label: texts.cashBalance, value: summary.totalCash },
    ),
  ];
}

function machineTranslationRemarkNode(doc: StatementDocument): Node[] {
  const remark = machineTranslationRemark(doc.language);
  return remark ? [{ text: remark, fontSize: 7.5, color: LABEL, margin: [0, 0, 0, 8] }] : [];
}

/** One statement's pages: its own letterhead, footer and page count, starting on a new page. */
function statementSection(doc: StatementDocument, index: number, counter: StatementPageCounter): Node {
  const texts = statementTexts(doc.language);
  const title = doc.kind === 'consolidated' ? texts.consolidatedTitle : texts.monthlyTitle;
  return {
    section: [
      { text: title, fontSize: 18, color: '#1f3a5f', margin: [0, 0, 0, 8] },
      ...machineTranslationRemarkNode(doc),
      factsGrid(statementFacts(texts, doc), [0, 0, 0, 4]),
      ...(doc.kind === 'consolidated' ? consolidatedSummary(texts, doc) : []),
      ...performancePdfNodes(
        doc.language,
        doc.performance,
        doc.reportingCurrency,
        fontFamily(doc.language),
        PAGE.width - 2 * PAGE_MARGIN_X,
      ),
      ...doc.plans.flatMap((p) => planSection(texts, p)),
      { text: texts.disclaimers.join('\n\n'), fontSize: 7.5, color: LABEL, margin: [0, 16, 0, 0] },
    ],
    pageOrientation: 'landscape',
    header: (page: number) => {
      counter.record(index, page);
      return letterhead(doc.firm, texts, PAGE.width);
    },
    footer: (page: number) => {
      const position = counter.position(index, page);
      return pageFooter(doc, texts, position.page, position.pages);
    },
  };
}

/** `YYYY-MM-DD` as midnight UTC; a malformed date falls back to the epoch rather than an Invalid Date in the PDF. */
function statementDate(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/** The PDF's title: the statement's own, or for several how many and of which month(s). */
function pdfTitle(docs: StatementDocument[], texts: StatementTexts): string {
  const first = docs[0] as StatementDocument;
  if (docs.length === 1) {
    return `${first.kind === 'consolidated' ? texts.consolidatedTitle : texts.monthlyTitle} ${first.accountNo} ${first.month}`;
  }
  return `${texts.bundleTitle(docs.length)} ${monthSpan(docs.map((d) => d.month))}`;
}

/** "2026-10", or "2026-05 – 2026-10" when the months differ. */
export function monthSpan(months: readonly string[]): string {
  const sorted = [...new Set(months)].sort();
  return sorted.length <= 1 ? (sorted[0] ?? '') : `${sorted[0]} – ${sorted.at(-1)}`;
}

/**
 * One PDF holding the given statements, each starting on a new page with its own page numbers. The language of the
 * first one picks the font face; characters it lacks (hangul in a Chinese face) fall back per character.
 */
export function renderStatementsPdf(
  docs: StatementDocument[],
  fontPath: string | undefined,
): Promise<Buffer> {
  const first = docs[0];
  if (!first) throw new Error('no statement to render');
  const texts = statementTexts(first.language);
  const counter = new StatementPageCounter();
  return pdfEngine(fontPath).render({
    info: {
      title: pdfTitle(docs, texts),
      author: first.firm.name,
      creator: first.firm.name,
      // The valuation date, not the time of rendering: the same statement then gives the same bytes (pdfkit derives
      // the file ID from this date too), so a cached copy (modules/statements/document-cache.ts) equals a fresh one.
      creationDate: statementDate(first.asOfDate),
    },
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [PAGE_MARGIN_X, HEADER_HEIGHT, PAGE_MARGIN_X, FOOTER_HEIGHT],
    content: docs.map((d, i) => statementSection(d, i, counter)),
    defaultStyle: { font: fontFamily(first.language), fontSize: 9 },
  });
}
