import { formatAmount, formatDecimal, formatRate } from './decimal.js';
import { escapeHtml as e } from './html.js';
import { HOLDING_COLUMNS, planFacts, premiumFacts, statementFacts } from './statement-columns.js';
import {
  type ConversionLine,
  LIFE_VALUE_FIELDS,
  type StatementAllocationLine,
  type StatementDocument,
  type StatementPlanSection,
} from './statement-model.js';
import { performanceHtml } from './statement-performance.js';
import { machineTranslationRemark, type StatementTexts, statementTexts } from './statement-texts.js';

const FONT_STACK = '"Noto Sans CJK TC","Noto Sans CJK JP","Noto Sans CJK KR",Arial,sans-serif';
const STYLE = `
body{font-family:${FONT_STACK};font-size:13px;color:#222;margin:16px}
h1{font-size:20px;color:#1f3a5f;margin:0 0 8px}h2{font-size:15px;color:#1f3a5f;margin:18px 0 6px;border-bottom:1px solid #c9d3df}
h3{font-size:13px;margin:12px 0 4px}table{border-collapse:collapse;width:100%;margin-bottom:6px}
th,td{padding:3px 6px;border-bottom:1px solid #e3e8ee;text-align:left;vertical-align:top}
th{background:#e8eef5;font-weight:600}td.n,th.n{text-align:right;white-space:nowrap}
table.facts td:first-child{color:#555;width:38%}tr.total td{font-weight:600;border-top:1px solid #999}
.notice{border:1px solid #d9822b;background:#fff4e5;padding:8px;margin:8px 0}
.disclaimers{font-size:11px;color:#555;margin-top:18px}
.letterhead{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;border-bottom:2px solid var(--accent);padding-bottom:8px;margin-bottom:14px}
.letterhead .mark{display:flex;align-items:center;gap:8px;color:var(--accent)}.letterhead .mark b{font-size:22px;line-height:1}
.letterhead .mark small{display:block;color:#1f3a5f;font-size:11px}.letterhead address{font-style:normal;text-align:right;font-size:11px;color:#5b6673}
.performance svg{max-width:100%;height:auto}
.mt-remark{font-size:11px;color:#555;background:#f1f3f5;padding:4px 8px;margin:0 0 8px}
@media print{body{margin:0}h2{page-break-after:avoid}}
`;

const row = (label: string, value: string) => `<tr><td>${e(label)}</td><td>${e(value)}</td></tr>`;
const _orDash = (value: string | null | undefined) => (value == null || value === '' ? '-' : value);

function facts(pairs: [string, string][]): string {
  return `<table class="facts">${pairs.map(([k, v]) => row(k, v)).join('')}</table>`;
}

function allocationTable(texts: StatementTexts, title: string, lines: StatementAllocationLine[]): string {
  if (lines.length === 0) return '';
  const body = lines
    .map(
      (l) =>
        `<tr><td>${e(l.code)}</td><td>${e(l.name)}</td><td>${e(l.assetClass)}</td><td class="n">${e(formatDecimal(l.percentage, 2))}%</td></tr>`,
    )
    .join('');
  return `<h3>${e(title)}</h3><table><thead><tr><th>${e(texts.fundCode)}</th><th>${e(texts.fundName)}</th><th>${e(texts.assetClass)}</th><th class="n">${e(texts.percentage)}</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** The portfolio by asset class: one line per class (its code is no fund's), as the PDF prints it. */
function portfolioTable(texts: StatementTexts, lines: StatementAllocationLine[]): string {
  if (lines.length === 0) return '';
  const body = lines
    .map(
      (l) =>
        `<tr data-slice="${e(l.code)}"><td>${e(l.name)}</td><td class="n">${e(formatDecimal(l.percentage, 2))}%</td></tr>`,
    )
    .join('');
  return `<h3>${e(texts.portfolio)}</h3><table><thead><tr><th>${e(texts.assetClass)}</th><th class="n">${e(texts.portfolioPercentage)}</th></tr></thead><tbody>${body}</tbody></table>`;
}

function holdingsTable(texts: StatementTexts, plan: StatementPlanSection): string {
  const ccy = plan.valuationCurrency;
  const n = (numeric: boolean) => (numeric ? ' class="n"' : '');
  const header = HOLDING_COLUMNS.map((c) => `<th${n(c.numeric)}>${e(c.header(texts, ccy))}</th>`).join('');
  const rows = (type: 'fund' | 'cash') =>
    plan.holdings
      .filter((h) => h.holdingType === type)
      .map(
        (h) => `<tr>${HOLDING_COLUMNS.map((c) => `<td${n(c.numeric)}>${e(c.cell(h))}</td>`).join('')}</tr>`,
      )
      .join('');
  // The label spans every column but the last, the amount's.
  const total = (label: string, value: string, kind: string) =>
    `<tr class="total"><td colspan="${HOLDING_COLUMNS.length - 1}">${e(label)} (${e(ccy)})</td><td class="n" data-total="${kind}">${e(formatAmount(value))}</td></tr>`;
  // Each total stands under the lines it adds up: funds, then cash, then the two sub-totals together.
  return `<h3>${e(texts.fundHoldings)}</h3><table><thead><tr>${header}</tr></thead><tbody>${rows('fund')}${total(texts.subTotalFunds, plan.subTotalFunds, 'funds')}${rows('cash')}${total(texts.cashBalance, plan.cashBalance, 'cash')}${total(texts.totalPortfolioValue, plan.totalPortfolioValue, 'portfolio')}</tbody></table>`;
}

function lifeValuesTable(texts: StatementTexts, plan: StatementPlanSection): string {
  const values = plan.lifeValues;
  if (!values) return '';
  const rows = LIFE_VALUE_FIELDS.map(
    (f) =>
      `<tr><td>${e(texts[f])}</td><td class="n">${e(values.currency)} ${e(formatAmount(values[f]))}</td></tr>`,
  ).join('');
  return `<h3>${e(texts.lifePolicyValues)}</h3><table class="facts">${rows}</table>`;
}

export function planSectionHtml(texts: StatementTexts, plan: StatementPlanSection): string {
  return [
    `<section class="plan"><h2>${e(plan.planNo)} — ${e(plan.productName)}</h2>`,
    plan.dataAlert ? `<div class="notice" role="alert">${e(texts.notice)}</div>` : '',
    `<h3>${e(texts.planInformation)}</h3>`,
    facts(planFacts(texts, plan)),
    `<h3>${e(texts.premiums)}</h3>`,
    facts(premiumFacts(texts, plan)),
    holdingsTable(texts, plan),
    allocationTable(texts, texts.allocation, plan.allocation),
    portfolioTable(texts, plan.portfolio),
    lifeValuesTable(texts, plan),
    '</section>',
  ].join('');
}

function conversionTable(
  texts: StatementTexts,
  ccy: string,
  amountHeader: string,
  lines: ConversionLine[],
  total: { label: string; value: string; kind: string },
): string {
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${e(l.planNo)}</td><td>${e(l.productName)}</td><td>${e(l.currency)}</td><td class="n">${e(formatAmount(l.amount))}</td><td class="n">${e(formatRate(l.rate))}</td><td class="n">${e(formatAmount(l.converted))}</td></tr>`,
    )
    .join('');
  const totalRow = `<tr class="total"><td colspan="5">${e(total.label)} (${e(ccy)})</td><td class="n" data-total="${e(total.kind)}">${e(formatAmount(total.value))}</td></tr>`;
  return `<table><thead><tr><th>${e(texts.planNo)}</th><th>${e(texts.productName)}</th><th>${e(texts.currency)}</th><th class="n">${e(amountHeader)}</th><th class="n">${e(texts.exchangeRate)}</th><th class="n">${e(texts.convertedValue)} (${e(ccy)})</th></tr></thead><tbody>${rows}${totalRow}</tbody></table>`;
}

/** Plan values converted and their total; then, apart, the cash balances inside them and their total. */
function consolidatedSummary(texts: StatementTexts, doc: StatementDocument): string {
  const summary = doc.summary;
  if (!summary) return '';
  const ccy = doc.reportingCurrency;
  return [
    `<h2>${e(texts.summary)}</h2>`,
    conversionTable(texts, ccy, texts.totalPortfolioValue, summary.valueLines, {
      label: texts.totalPortfolioValue,
      value: summary.totalValue,
      kind: 'portfolio',
    }),
    `<h3>${e(texts.cashBalancesIncluded)}</h3>`,
    conversionTable(texts, ccy, texts.cashBalance, summary.cashLines, {
      label: texts.cashBalance,
      value: summary.totalCash,
      kind: 'cash',
    }),
  ].join('');
}

/** The firm's letterhead: the same logo, name and contact as on every page of the PDF. */
function letterheadHtml(doc: StatementDocument): string {
  const { firm } = doc;
  const texts = statementTexts(doc.language);
  const reach = [
    firm.phone ? `${texts.telephone} ${firm.phone}` : null,
    firm.email ? `${texts.emailLabel} ${firm.email}` : null,
    firm.website,
  ].filter((part): part is string => part !== null);
  const lines = [...firm.address, reach.join(' · ')].filter((line) => line !== '').map(e);
  return `<header class="letterhead" style="--accent:${e(firm.accent)}"><div class="mark"><svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true"><rect width="24" height="24" rx="5" fill="${e(firm.accent)}"/><path d="M6 18l6-12 6 12M8.3 13.5h7.4" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg><div><b>${e(firm.shortName)}</b><small>${e(firm.name)}</small></div></div><address>${lines.join('<br>')}</address></header>`;
}

function remarkHtml(doc: StatementDocument): string {
  const remark = machineTranslationRemark(doc.language);
  return remark ? `<p class="mt-remark" data-machine-translation>${e(remark)}</p>` : '';
}

/** One statement as the body of a page (used alone, or several in a row). Every value is escaped. */
export function statementBodyHtml(doc: StatementDocument): string {
  const texts = statementTexts(doc.language);
  const title = doc.kind === 'consolidated' ? texts.consolidatedTitle : texts.monthlyTitle;
  return [
    `<article class="statement">${letterheadHtml(doc)}<h1>${e(title)}</h1>`,
    remarkHtml(doc),
    facts(statementFacts(texts, doc)),
    doc.kind === 'consolidated' ? consolidatedSummary(texts, doc) : '',
    performanceHtml(doc.language, doc.performance, doc.reportingCurrency, FONT_STACK),
    ...doc.plans.map((p) => planSectionHtml(texts, p)),
    `<div class="disclaimers">${texts.disclaimers.map((d) => `<p>${e(d)}</p>`).join('')}</div></article>`,
  ].join('');
}

/** A whole HTML document for the statement viewer's frame (or a new window). */
export function statementHtml(doc: StatementDocument): string {
  const texts = statementTexts(doc.language);
  const title = doc.kind === 'consolidated' ? texts.consolidatedTitle : texts.monthlyTitle;
  const lang = doc.language === 'zh' ? 'zh-Hant' : doc.language === 'kr' ? 'ko' : doc.language;
  return `<!doctype html><html lang="${e(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(title)} ${e(doc.accountNo)} ${e(doc.month)}</title><style>${STYLE}</style></head><body>${statementBodyHtml(doc)}</body></html>`;
}
