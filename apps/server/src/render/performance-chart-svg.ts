import { escapeHtml as e } from './html.js';
import type { StatementPerformance } from './statement-model.js';

export interface ChartLabels {
  value: string;
  netContributions: string;
}

export interface ChartSize {
  width: number;
  height: number;
  /** The SVG's font: the PDF's own font family (pdfmake resolves it), or a CSS font stack in the HTML. */
  fontFamily: string;
}

const VALUE_COLOUR = '#1f3a5f';
const CONTRIBUTIONS_COLOUR = '#d9822b';
const GRID_COLOUR = '#d5dde6';
const LABEL_COLOUR = '#5b6673';
const PAD = { left: 52, right: 8, top: 20, bottom: 16 };

/** 1, 2 or 5 × 10^n: a step of grid lines a reader can add up. */
function niceStep(span: number, lines: number): number {
  const raw = span / lines;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10;
  return step * magnitude;
}

/** "1.2M", "350k", "900": axis labels short enough for a narrow margin. */
function compact(value: number): string {
  const abs = Math.abs(value);
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e3) return `${trim(value / 1e3)}k`;
  return trim(value);
}

/** Years on a long chart (at most eight), months on one shorter than a year and a half. */
function xTicks(dates: string[]): { index: number; label: string }[] {
  if (dates.length <= 18) {
    const every = Math.max(1, Math.ceil(dates.length / 6));
    return dates.map((d, index) => ({ index, label: d.slice(0, 7) })).filter((t) => t.index % every === 0);
  }
  const januaries = dates
    .map((d, index) => ({ index, label: d.slice(0, 4), january: d.slice(5, 7) === '01' }))
    .filter((t) => t.january);
  const every = Math.max(1, Math.ceil(januaries.length / 8));
  return januaries.filter((_, i) => i % every === 0).map(({ index, label }) => ({ index, label }));
}

/** A label of the chart: its baseline at (x, y), anchored at its start, middle or end. */
export interface ChartLabel {
  x: number;
  y: number;
  text: string;
  anchor: 'start' | 'middle' | 'end';
}

/**
 * The statement's small chart: month-end value against net contributions since inception — the same drawing in the
 * HTML statement (labels inside the SVG) and in the PDF. pdfmake draws the SVG's lines but cannot set its text in
 * the fonts it loads from memory, so for the PDF the labels come apart (`labels: 'apart'`) and are printed as text.
 */
export function performanceChart(
  chart: StatementPerformance['chart'],
  names: ChartLabels,
  size: ChartSize & { labels: 'inside' | 'apart' },
): { svg: string; labels: ChartLabel[] } {
  const { width, height } = size;
  const values = chart.map((p) => Number(p.value));
  const contributions = chart.map((p) => Number(p.contributions));
  const all = [...values, ...contributions];
  const step = niceStep(Math.max(1, Math.max(...all, 0) - Math.min(...all, 0)), 4);
  const low = Math.floor(Math.min(...all, 0) / step) * step;
  const high = Math.max(low + step, Math.ceil(Math.max(...all, 0) / step) * step);
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (chart.length <= 1 ? plotW : (plotW * i) / (chart.length - 1));
  const y = (v: number) => PAD.top + plotH - ((v - low) / (high - low)) * plotH;
  const f = (n: number) => n.toFixed(1);
  const line = (series: number[]) =>
    series.map((v, i) => `${i === 0 ? 'M' : 'L'}${f(x(i))} ${f(y(v))}`).join('');
  const labels: ChartLabel[] = [];
  const text = (tx: number, ty: number, body: string, anchor: ChartLabel['anchor'] = 'start') => {
    labels.push({ x: tx, y: ty, text: body, anchor });
    return size.labels === 'apart'
      ? ''
      : `<text x="${f(tx)}" y="${f(ty)}" font-size="8" fill="${LABEL_COLOUR}" text-anchor="${anchor}">${e(body)}</text>`;
  };

  const grid: string[] = [];
  for (let v = low; v <= high + step / 2; v += step) {
    grid.push(
      `<path d="M${PAD.left} ${f(y(v))}H${width - PAD.right}" stroke="${GRID_COLOUR}" stroke-width="0.5"/>`,
      text(PAD.left - 4, y(v) + 3, compact(v), 'end'),
    );
  }
  for (const tick of xTicks(chart.map((p) => p.date)))
    grid.push(text(Math.min(x(tick.index), width - PAD.right - 12), height - 4, tick.label, 'middle'));
  const legend = [
    `<path d="M${PAD.left} 8h16" stroke="${VALUE_COLOUR}" stroke-width="2"/>`,
    text(PAD.left + 20, 11, names.value),
    `<path d="M${PAD.left + 140} 8h16" stroke="${CONTRIBUTIONS_COLOUR}" stroke-width="2" stroke-dasharray="4 2"/>`,
    text(PAD.left + 160, 11, names.netContributions),
  ];
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${e(size.fontFamily)}" role="img" aria-label="${e(`${names.value} / ${names.netContributions}`)}">`,
    ...grid,
    `<path d="${line(contributions)}" fill="none" stroke="${CONTRIBUTIONS_COLOUR}" stroke-width="1.5" stroke-dasharray="4 2"/>`,
    `<path d="${line(values)}" fill="none" stroke="${VALUE_COLOUR}" stroke-width="1.5"/>`,
    ...legend,
    '</svg>',
  ].join('');
  return { svg, labels };
}

export const CHART_LABEL_COLOUR = LABEL_COLOUR;
