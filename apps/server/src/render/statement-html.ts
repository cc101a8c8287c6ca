import { formatAmount, formatDate, formatDecimal } from './decimal.js';
import { escapeHtml as e } from './html.js';
import { HOLDING_COLUMNS } from './statement-columns.js';
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

const STYLE = `
body{font-family:"Noto Sans CJK TC","Noto Sans CJK JP","Noto Sans CJK KR",Arial,sans-serif;font-size:13px;color:#222;margin:16px}
h1{font-size:20px;color:#1f3a5f;margin:0 0 8px}h2{font-size:15px;color:#1f3a5f;margin:18px 0 6px;border-bottom:1px solid #c9d3df}
h3{font-size:13px;margin:12px 0 4px}table{border-collapse:collapse;width:100%;margin-bottom:6px}
th,td{padding:3px 6px;border-bottom:1px solid #e3e8ee;text-align:left;vertical-align:top}
th{background:#e8eef5;font-weight:600}td.n,th.n{text-align:right;white-space:nowrap}
table.facts td:first-child{color:#555;width:38%}tr.total td{font-weight:600;border-top:1px solid #999}
.notice{border:1px solid #d9822b;background:#fff4e5;padding:8px;margin:8px 0}
.disclaimers{font-size:11px;color:#555;margin-top:18px}
.mt-remark{font-size:11px;color:#555;background:#f1f3f5;padding:4px 8px;margin:0 0 8px}
@media print{body{margin:0}h2{page-break-after:avoid}}
`;

const row = (label: string, value: string) => `<tr><td>${e(label)}</td><td>${e(value)}</td></tr>`;
const orDash = (value: string | null | undefined) => (value == null || value === '' ? '-' : value);

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

function holdingsTable(texts: StatementTexts, plan: StatementPlanSection): string {
  const ccy = plan.valuationCurrency;
  const n = (numeric: boolean) => (numeric ? ' class="n"' : '');
  const header = HOLDING_COLUMNS.map((c) => `<th${n(c.numeric)}>${e(c.header(texts, ccy))}</th>`).join('');
  const body = plan.holdings
    .map((h) => HOLDING_COLUMNS.map((c) => `<td${n(c.numeric)}>${e(c.cell(h))}</td>`).join(''))
    .map((cells) => `<tr>${cells}</tr>`)
    .join('');
  // The label spans every column but the last, the amount's.
  const total = (label: string, value: string) =>
    `<tr class="total"><td colspan="${HOLDING_COLUMNS.length - 1}">${e(label)} (${e(ccy)})</td><td class="n">${e(formatAmount(value))}</td></tr>`;
  return `<h3>${e(texts.fundHoldings)}</h3><table><thead><tr>${header}</tr></thead><tbody>${body}${total(texts.subTotalFunds, plan.subTotalFunds)}${total(texts.cashBalance, plan.cashBalance)}${total(texts.totalPortfolioValue, plan.totalPortfolioValue)}</tbody></table>`;
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
  const money = (v: string | null) => (v == null ? '-' : `${plan.currency} ${formatAmount(v)}`);
  return [
    `<section class="plan"><h2>${e(plan.planNo)} — ${e(plan.productName)}</h2>`,
    plan.dataAlert ? `<div class="notice" role="alert">${e(texts.notice)}</div>` : '',
    `<h3>${e(texts.planInformation)}</h3>`,
    facts([
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
    ]),
    `<h3>${e(texts.premiums)}</h3>`,
    facts([
      [texts.modalPremium, money(plan.modalPremium)],
      [texts.totalPremiumPaid, money(plan.totalPremiumPaid)],
    ]),
    holdingsTable(texts, plan),
    allocationTable(texts, texts.allocation, plan.allocation),
    allocationTable(texts, texts.portfolio, plan.portfolio),
    lifeValuesTable(texts, plan),
    '</section>',
  ].join('');
}

function consolidatedSummary(texts: StatementTexts, doc: StatementDocument): string {
  const ccy = doc.reportingCurrency;
  const rows = doc.plans
    .map(
      (p) =>
        `<tr><td>${e(p.planNo)}</td><td>${e(p.productName)}</td><td>${e(p.valuationCurrency)}</td><td class="n">${e(formatAmount(p.totalPortfolioValue))}</td><td class="n">${e(formatDecimal(p.conversion?.rate ?? null, 4))}</td><td class="n">${e(formatAmount(p.conversion?.totalPortfolioValue ?? null))}</td></tr>`,
    )
    .join('');
  const totals = doc.totals;
  const totalRows = totals
    ? `<tr class="total"><td colspan="5">${e(texts.cashBalance)} (${e(ccy)})</td><td class="n" data-total="cash">${e(formatAmount(totals.cashBalance))}</td></tr><tr class="total"><td colspan="5">${e(texts.totalPortfolioValue)} (${e(ccy)})</td><td class="n" data-total="portfolio">${e(formatAmount(totals.totalPortfolioValue))}</td></tr>`
    : '';
  return `<h2>${e(texts.summary)}</h2><table><thead><tr><th>${e(texts.planNo)}</th><th>${e(texts.productName)}</th><th>${e(texts.currency)}</th><th class="n">${e(texts.totalPortfolioValue)}</th><th class="n">${e(texts.exchangeRate)}</th><th class="n">${e(texts.convertedValue)} (${e(ccy)})</th></tr></thead><tbody>${rows}${totalRows}</tbody></table>`;
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
    `<article class="statement"><h1>${e(title)}</h1>`,
    remarkHtml(doc),
    facts([
      [texts.clientName, doc.clientName],
      [texts.clientNo, doc.clientNo],
      [texts.accountNo, doc.accountNo],
      [texts.statementMonth, doc.month.replace('-', '/')],
      [texts.valuationDate, formatDate(doc.asOfDate)],
      [texts.reportingCurrency, doc.reportingCurrency],
    ]),
    doc.kind === 'consolidated' ? consolidatedSummary(texts, doc) : '',
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
