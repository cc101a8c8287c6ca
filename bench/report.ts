import type { Check } from './context.js';
import { passes, type Ratio } from './http-load.js';

/*
 * The bench's output: one Markdown table of every ratio (so a run can be pasted into docs/performance.md as is),
 * then the judged non-timing checks, then each case's extra tables.
 */

const number = (n: number) => {
  if (!Number.isFinite(n)) return '—';
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US');
  if (Math.abs(n) >= 1) return n.toFixed(1);
  return n.toPrecision(2);
};

const ratioText = (n: number) =>
  !Number.isFinite(n) ? '—' : n >= 10 ? n.toFixed(0) : n >= 0.1 ? n.toFixed(2) : n.toFixed(4);

export function verdict(row: Ratio): string {
  const pass = passes(row);
  if (pass === null) return 'printed';
  if (!row.judged) return pass ? 'indicative: pass' : 'indicative: miss';
  return pass ? 'pass' : '**FAIL**';
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function ratioTable(rows: Ratio[]): string {
  const lines = [
    '| Case | Portal | Baseline | Ratio | Target | Result | p50/p99 ms (portal · baseline) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const unit = row.unit;
    const latency = row.latency
      ? `${number(row.latency.portal[0])}/${number(row.latency.portal[1])} · ${number(row.latency.baseline[0])}/${number(row.latency.baseline[1])}`
      : '';
    const target = row.target ? `${row.target.op === 'min' ? '≥' : '≤'} ${row.target.value}` : '—';
    const name = row.note ? `${row.name} (${row.note})` : row.name;
    lines.push(
      `| ${[
        cell(name),
        `${number(row.portal)} ${unit}`,
        `${number(row.baseline)} ${unit === 'PDFs/s' ? 'req/s' : unit}`,
        ratioText(row.ratio),
        target,
        verdict(row),
        latency,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

export function checkTable(checks: Check[]): string {
  const lines = ['| Check | Value | Result |', '|---|---|---|'];
  for (const check of checks)
    lines.push(`| ${cell(check.name)} | ${cell(check.value)} | ${check.pass ? 'pass' : '**FAIL**'} |`);
  return lines.join('\n');
}

/** What decides the exit code: judged ratios that missed their target, and failed checks. Nothing else. */
export function failures(rows: Ratio[], checks: Check[]): string[] {
  return [
    ...rows.filter((r) => r.judged && passes(r) === false).map((r) => r.name),
    ...checks.filter((c) => !c.pass).map((c) => c.name),
  ];
}
