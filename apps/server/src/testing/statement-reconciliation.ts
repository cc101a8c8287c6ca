import { fromScaled, MONEY_SCALE, mulDiv, toScaled } from '../render/decimal.js';
import type { StatementTexts } from '../render/statement-texts.js';

/**
 * Reads a printed statement (HTML table rows or pdftotext -layout lines) the way a client with a calculator would,
 * and lists every figure that does not reproduce from what is printed beside it:
 * - a holdings row "units price … value rate valuation": units × price = value and value × rate = valuation;
 * - a conversion row "amount rate converted" (a cash holding or a consolidated-summary line): amount × rate = converted;
 * - a total row: the sum of the rows above it (a sub-total or cash balance: since the previous total; the total
 *   portfolio value: since the table's heading).
 * Only for tests: it trusts the statement's own layout and labels.
 */
export interface Reconciliation {
  rows: number;
  totals: number;
  problems: string[];
}

/** Decimal numbers as printed (1,234.5678); dates (2026/10/31), percentages and plain integers are not figures. */
const FIGURE = /(?<![\w/.,])-?\d{1,3}(?:,\d{3})*\.\d+(?![\w%/.])/g;

const cents = (printed: string) => toScaled(printed.replaceAll(',', ''), MONEY_SCALE);
const money = (scaled: bigint) => fromScaled(scaled, MONEY_SCALE);

/** printed × printed, to the cent, exactly as a calculator with enough digits would. */
function product(a: string, b: string): bigint {
  const [x, y] = [a, b].map((v) => v.replaceAll(',', ''));
  const dx = x?.split('.')[1]?.length ?? 0;
  const dy = y?.split('.')[1]?.length ?? 0;
  return mulDiv(toScaled(x ?? '0', dx), toScaled(y ?? '0', dy), 10n ** BigInt(dx + dy - MONEY_SCALE));
}

export function reconcileLines(lines: readonly string[], texts: StatementTexts): Reconciliation {
  const result: Reconciliation = { rows: 0, totals: 0, problems: [] };
  let sinceHeading: bigint[] = [];
  let sinceTotal: bigint[] = [];
  /** Between a table's first row and its grand total. */
  let tableOpen = false;
  let currentHeading = '';
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  const headings = [texts.fundHoldings, texts.summary, texts.cashBalancesIncluded];
  for (const line of lines) {
    const figures = line.match(FIGURE) ?? [];
    if (figures.length === 0) {
      const heading = headings.find((h) => line.trim() === h);
      // A table continued on the next page repeats its heading: its lines still add up to the same totals.
      if (heading && !(tableOpen && heading === currentHeading)) {
        sinceHeading = [];
        sinceTotal = [];
        currentHeading = heading;
        tableOpen = false;
      }
      continue;
    }
    if (figures.length === 1) {
      const printed = cents(figures[0] ?? '0');
      const isGrandTotal = line.includes(texts.totalPortfolioValue);
      const isTotal = line.includes(texts.subTotalFunds) || line.includes(texts.cashBalance);
      if (!isGrandTotal && !isTotal) continue;
      const expected = sum(isGrandTotal ? sinceHeading : sinceTotal);
      result.totals++;
      if (printed !== expected) {
        result.problems.push(
          `total ${money(printed)} ≠ sum of the lines above ${money(expected)}: ${line.trim()}`,
        );
      }
      sinceTotal = [];
      if (isGrandTotal) {
        sinceHeading = [];
        tableOpen = false;
      }
      continue;
    }
    // Two figures are facts side by side (modal premium, total premium paid), not a row; the row counts in the
    // tests make sure no real row is skipped here.
    if (figures.length === 2) continue;
    // The last three figures of a row are always value, rate, valuation (or amount, rate, converted).
    const [amount, rate, converted] = figures.slice(-3) as [string, string, string];
    result.rows++;
    tableOpen = true;
    if (figures.length >= 5) {
      const [units, price, value] = figures.slice(-5) as [string, string, string];
      if (product(units, price) !== cents(value)) {
        result.problems.push(`units × price ≠ value: ${line.trim()}`);
      }
    }
    if (product(amount, rate) !== cents(converted)) {
      result.problems.push(
        `${amount} × ${rate} = ${money(product(amount, rate))}, printed ${converted}: ${line.trim()}`,
      );
    }
    sinceHeading.push(cents(converted));
    sinceTotal.push(cents(converted));
  }
  return result;
}

/** The rows of an HTML statement as lines of cell texts, headings as lines of their own. */
export function htmlLines(html: string): string[] {
  const decode = (s: string) =>
    s
      .replace(/<[^>]+>/g, ' ')
      .replaceAll('&amp;', '&')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replace(/\s+/g, ' ')
      .trim();
  const lines: string[] = [];
  for (const match of html.matchAll(/<(h[1-3]|tr)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    const [, tag, inner = ''] = match;
    lines.push(
      tag === 'tr'
        ? inner
            .split(/<\/t[dh]>/)
            .map(decode)
            .join('  ')
        : decode(inner),
    );
  }
  return lines;
}
