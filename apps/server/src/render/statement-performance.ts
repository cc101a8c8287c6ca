import type { Language } from '@portal/contract';
import { formatAmount, formatDate } from './decimal.js';
import { escapeHtml as e } from './html.js';
import { CHART_LABEL_COLOUR, performanceChart } from './performance-chart-svg.js';
import type { StatementPerformance, StatementPerformanceFigures } from './statement-model.js';
import { type StatementPerformanceTexts, statementPerformanceTexts } from './statement-performance-texts.js';

/**
 * "0.0734" → "+7.34%", as the Performance screen prints it (web components/performance formatReturn): the API gives
 * returns rounded once to 4 decimals, so ×100 leaves two exact ones and nothing is rounded again here.
 */
export function formatReturn(value: string | null): string {
  if (value === null) return '–';
  const pct = Number(value) * 100;
  const text = `${Math.abs(pct).toFixed(2)}%`;
  return pct > 0 ? `+${text}` : pct < 0 && text !== '0.00%' ? `−${text}` : text;
}

/** One row per figure, two columns (the statement's month, since inception), the same in the HTML and the PDF. */
export function performanceRows(
  texts: StatementPerformanceTexts,
  perf: StatementPerformance,
  currency: string,
): { head: string[]; rows: string[][] } {
  const ranged = (label: string, f: StatementPerformanceFigures) =>
    `${label}\n${formatDate(f.from)} – ${formatDate(f.to)}`;
  const ret = (f: StatementPerformanceFigures, value: string | null) =>
    value === null ? '–' : `${formatReturn(value)} (${f.annualised ? texts.annualised : texts.cumulative})`;
  const money = (value: string) => `${currency} ${formatAmount(value)}`;
  const both = (pick: (f: StatementPerformanceFigures) => string) => [
    pick(perf.period),
    pick(perf.inception),
  ];
  const rows = [
    [texts.twr, ...both((f) => ret(f, f.twr))],
    [texts.mwr, ...both((f) => ret(f, f.mwr))],
    [texts.startValue, ...both((f) => money(f.startValue))],
    [texts.netFlows, ...both((f) => money(f.netFlows))],
    [texts.gain, ...both((f) => money(f.gain))],
    [texts.endValue, ...both((f) => money(f.endValue))],
  ];
  if (perf.benchmarkName !== null)
    rows.push([texts.benchmark(perf.benchmarkName), ...both((f) => ret(f, f.benchmarkReturn))]);
  return {
    head: ['', ranged(texts.statementMonth, perf.period), ranged(texts.sinceInception, perf.inception)],
    rows,
  };
}

const CHART_HEIGHT = 150;

const chartLabels = (texts: StatementPerformanceTexts) => ({
  value: texts.value,
  netContributions: texts.netContributions,
});

/** The section in the HTML statement: the figures, the chart inline, how the returns are measured. */
export function performanceHtml(
  language: Language,
  perf: StatementPerformance | null | undefined,
  currency: string,
  fontStack: string,
): string {
  if (!perf) return '';
  const texts = statementPerformanceTexts(language);
  const { head, rows } = performanceRows(texts, perf, currency);
  const cell = (text: string) => e(text).replace('\n', '<br>');
  const header = head.map((h, i) => `<th${i > 0 ? ' class="n"' : ''}>${cell(h)}</th>`).join('');
  const body = rows
    .map(
      ([label, ...values]) =>
        `<tr><th scope="row">${e(label)}</th>${values.map((v) => `<td class="n">${e(v)}</td>`).join('')}</tr>`,
    )
    .join('');
  const { svg } = performanceChart(perf.chart, chartLabels(texts), {
    width: 720,
    height: 170,
    fontFamily: fontStack,
    labels: 'inside',
  });
  return [
    `<section class="performance" data-section="performance"><h2>${e(texts.title)}</h2>`,
    `<table><thead><tr>${header}</tr></thead><tbody>${body}</tbody></table>`,
    `<h3>${e(texts.chartTitle(currency))}</h3><figure style="margin:0">${svg}</figure>`,
    `<p class="disclaimers">${e(texts.method)}</p></section>`,
  ].join('');
}

/** The section in the PDF (pdfmake nodes): kept on one page, after the summary of plans. */
export function performancePdfNodes(
  language: Language,
  perf: StatementPerformance | null | undefined,
  currency: string,
  font: string,
  contentWidth: number,
): Record<string, unknown>[] {
  if (!perf) return [];
  const texts = statementPerformanceTexts(language);
  const { head, rows } = performanceRows(texts, perf, currency);
  const HEAD = { fillColor: '#e8eef5' };
  const table = {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', 'auto', 'auto'],
      body: [
        head.map((text, i) => ({ text, ...HEAD, ...(i > 0 ? { alignment: 'right' } : {}) })),
        ...rows.map(([label, ...values]) => [
          { text: label, color: '#5b6673' },
          ...values.map((v) => ({ text: v, alignment: 'right', noWrap: true })),
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8.5,
  };
  const chartWidth = Math.round(contentWidth);
  const chart = performanceChart(perf.chart, chartLabels(texts), {
    width: chartWidth,
    height: CHART_HEIGHT,
    fontFamily: font,
    labels: 'apart',
  });
  // Laid over the drawing: placed before it, each label is positioned from the drawing's top left corner.
  const LABEL_BOX = 80;
  // A text's width only holds inside columns: each label is a one-column row of a fixed width.
  const overlay = chart.labels.map((label) => ({
    columns: [
      {
        width: LABEL_BOX,
        text: label.text,
        fontSize: 7,
        color: CHART_LABEL_COLOUR,
        alignment: label.anchor === 'start' ? 'left' : label.anchor === 'end' ? 'right' : 'center',
      },
    ],
    relativePosition: {
      x:
        label.anchor === 'start'
          ? label.x
          : label.anchor === 'end'
            ? label.x - LABEL_BOX
            : label.x - LABEL_BOX / 2,
      y: label.y - 8,
    },
  }));
  return [
    {
      unbreakable: true,
      stack: [
        { text: texts.title, fontSize: 13, color: '#1f3a5f', margin: [0, 10, 0, 4] },
        table,
        { text: texts.chartTitle(currency), fontSize: 9, color: '#1f3a5f', margin: [0, 6, 0, 2] },
        { stack: [...overlay, { svg: chart.svg, width: chartWidth }] },
        { text: texts.method, fontSize: 7, color: '#5b6673', margin: [0, 4, 0, 0] },
      ],
    },
  ];
}
