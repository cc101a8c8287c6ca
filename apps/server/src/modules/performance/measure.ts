import {
  type Currency,
  type PerformanceNote,
  type PerformancePreset,
  type PerformanceResponse,
  presetFrom,
} from '@portal/contract';
import { quotedCrossRate } from '../../render/decimal.js';
import { centsText, convertCents, type ExactRate, exactRate, toCents } from './cents.js';
import { addDays, isMonthEnd, monthEndOf } from './engine/dates.js';
import { annualise, computePerformance } from './engine/returns.js';
import { roundAmount, roundReturn } from './engine/rounding.js';
import type { BenchmarkRows, HistoryRows } from './queries.js';

export interface RangeRequest {
  from?: string;
  to?: string;
  preset?: PerformancePreset;
}

/** The valuations a range runs between: the month end before it starts and the last month end in it. */
export interface ResolvedRange {
  startAnchor: string;
  endAnchor: string;
  notes: PerformanceNote[];
  available: { from: string; to: string } | null;
}

/**
 * Snaps a requested range to the month-end valuations: it starts after the month end before `from`'s month and ends
 * at the last month end on or before `to`, inside the history (a plan younger than the range starts at its first
 * month, and the answer notes it). Without `from`, a preset or the whole history.
 */
export function resolveRange(history: HistoryRows, request: RangeRequest, today: string): ResolvedRange {
  const { first, last } = history;
  if (!first || !last) {
    const to = request.to ?? today;
    return {
      startAnchor: addDays(request.from ?? to, -1),
      endAnchor: to,
      notes: ['noValuations'],
      available: null,
    };
  }
  const notes: PerformanceNote[] = [];
  const inception = addDays(monthEndOf(first, -1), 1);
  let endAnchor = request.to ? (isMonthEnd(request.to) ? request.to : monthEndOf(request.to, -1)) : last;
  if (endAnchor > last) {
    endAnchor = last;
    if (request.to) notes.push('endsBeforeTo');
  }
  const from =
    request.from ?? (request.preset ? presetFrom(request.preset, endAnchor, inception) : inception);
  let startAnchor = monthEndOf(from, -1);
  if (startAnchor < monthEndOf(first, -1)) {
    startAnchor = monthEndOf(first, -1);
    if (request.from || (request.preset && request.preset !== 'inception')) notes.push('startsAfterFrom');
  }
  if (startAnchor >= endAnchor) notes.push('noValuations');
  return { startAnchor, endAnchor, notes, available: { from: inception, to: last } };
}

/** Month ends after `start` up to and including `end`. */
function monthEndsAfter(start: string, end: string): string[] {
  const out: string[] = [];
  for (let m = monthEndOf(start, 1); m <= end; m = monthEndOf(m, 1)) out.push(m);
  return out;
}

/**
 * Cross rates by the two USD quotes they are made of: a pure function, kept for the process (a few thousand month-end
 * pairs at most) because its exact BigInt division was most of a request's arithmetic; whatever a quote becomes, its
 * new value makes a new key.
 */
const CROSS_RATES = new Map<string, ExactRate>();
const CROSS_RATES_KEPT = 50_000;
function crossRate(usdPerFrom: string, usdPerTo: string): ExactRate {
  const key = `${usdPerFrom}/${usdPerTo}`;
  let rate = CROSS_RATES.get(key);
  if (!rate) {
    if (CROSS_RATES.size >= CROSS_RATES_KEPT) CROSS_RATES.clear();
    rate = exactRate(quotedCrossRate(usdPerFrom, usdPerTo));
    CROSS_RATES.set(key, rate);
  }
  return rate;
}

/** USD quotes by currency, with the latest earlier quote standing in for a missing month (as the statements do). */
function quoteBook(quotes: HistoryRows['quotes']) {
  const byCurrency = new Map<string, { date: string; rate: string }[]>();
  for (const q of quotes) {
    const list = byCurrency.get(q.currency) ?? [];
    list.push(q);
    byCurrency.set(q.currency, list);
  }
  for (const list of byCurrency.values()) list.sort((a, b) => (a.date < b.date ? -1 : 1));
  const exact = new Map(quotes.map((q) => [`${q.currency}@${q.date}`, q.rate]));
  const usdPer = (currency: string, date: string): string => {
    if (currency === 'USD') return '1';
    const quoted = exact.get(`${currency}@${date}`);
    if (quoted) return quoted;
    const list = byCurrency.get(currency) ?? [];
    let found = list[0]?.rate;
    for (const q of list) {
      if (q.date > date) break;
      found = q.rate;
    }
    if (!found) throw new Error(`no USD quote for ${currency}`);
    return found;
  };
  const cache = new Map<string, ExactRate>();
  return (from: string, to: string, date: string): ExactRate => {
    const key = `${from}${to}${date}`;
    let rate = cache.get(key);
    if (!rate) {
      rate = crossRate(usdPer(from, date), usdPer(to, date));
      cache.set(key, rate);
    }
    return rate;
  };
}

/**
 * One figure for some plans over a resolved range in a reporting currency: each plan's month-end value and each flow
 * converted at the quoted rate of that month end (the statements' rates, to the cent), summed per month, then handed
 * to the engine. Amounts in the answer are exact sums of those cents; returns are rounded once (engine/rounding.ts).
 */
export function measure(
  history: HistoryRows,
  range: ResolvedRange,
  currency: Currency,
  planNos: string[],
  benchmark: BenchmarkRows | null,
): Omit<PerformanceResponse, 'accounts'> {
  const { startAnchor, endAnchor } = range;
  const rate = quoteBook(history.quotes);
  // Cents per month end and per flow day: each valuation and flow converted to the cent, then summed exactly.
  const valueAt = new Map<string, number>();
  for (const v of history.valuations) {
    if (v.date < startAnchor || v.date > endAnchor) continue;
    const cents = toCents(v.value);
    const converted =
      v.currency === currency ? cents : convertCents(cents, rate(v.currency, currency, v.date));
    valueAt.set(v.date, (valueAt.get(v.date) ?? 0) + converted);
  }
  const planCurrency = new Map(history.valuations.map((v) => [v.policyId, v.currency]));
  const total = (date: string) => valueAt.get(date) ?? 0;

  const flowsByDate = new Map<string, number>();
  let surrendered = false;
  // A month's end date once per month, not once per flow.
  const monthEnds = new Map<string, string>();
  const monthEndOfFlow = (date: string) => {
    const key = date.slice(0, 7);
    let end = monthEnds.get(key);
    if (!end) {
      end = monthEndOf(date);
      monthEnds.set(key, end);
    }
    return end;
  };
  for (const f of history.flows) {
    if (f.date <= startAnchor || f.date > endAnchor) continue;
    const from = planCurrency.get(f.policyId) ?? currency;
    const cents = toCents(f.amount);
    const amount =
      from === currency ? cents : convertCents(cents, rate(from, currency, monthEndOfFlow(f.date)));
    flowsByDate.set(f.date, (flowsByDate.get(f.date) ?? 0) + amount);
    if (f.kind === 'surrender') surrendered = true;
  }
  const flowCents = [...flowsByDate.entries()]
    .filter(([, cents]) => cents !== 0)
    .map(([date, cents]) => ({ date, cents }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const flows = flowCents.map((f) => ({ date: f.date, amount: centsText(f.cents) }));

  const startCents = total(startAnchor);
  const startValue = centsText(startCents);
  const ends = range.notes.includes('noValuations') ? [] : monthEndsAfter(startAnchor, endAnchor);
  const points = ends.map((date) => ({ date, cents: total(date) }));
  const result = computePerformance({
    start: { date: startAnchor, value: startCents / 100 },
    points: points.map((p) => ({ date: p.date, value: p.cents / 100 })),
    flows: flowCents.map((f) => ({ date: f.date, amount: f.cents / 100 })),
  });
  const endCents = points.at(-1)?.cents ?? startCents;
  const netCents = flowCents.reduce((sum, f) => sum + f.cents, 0);
  const notes = new Set<PerformanceNote>([...range.notes, ...result.notes]);
  if (surrendered) notes.add('surrendered');

  // Nothing to measure, nothing to draw: an empty series, not a lone zero the chart would show as a value.
  const series = ends.length === 0 ? [] : [{ date: startAnchor, value: startValue, netFlows: '0.00' }];
  let next = 0;
  for (const p of points) {
    let month = 0;
    while (next < flowCents.length && (flowCents[next]?.date ?? '') <= p.date)
      month += flowCents[next++]?.cents ?? 0;
    series.push({ date: p.date, value: centsText(p.cents), netFlows: centsText(month) });
  }
  const difference = result.difference;
  return {
    from: addDays(startAnchor, 1),
    to: ends.length > 0 ? endAnchor : startAnchor,
    currency,
    twr: result.twr === null ? null : roundReturn(result.twr),
    mwr: result.mwr === null ? null : roundReturn(result.mwr),
    annualised: result.annualised,
    startValue,
    endValue: centsText(endCents),
    netFlows: centsText(netCents),
    gain: centsText(endCents - startCents - netCents),
    series,
    flows,
    benchmark: benchmarkOf(benchmark, series, result.annualised, result.days),
    difference: difference && {
      reason: difference.reason,
      largestFlow: difference.largestFlow && {
        date: difference.largestFlow.date,
        amount: roundAmount(difference.largestFlow.amount),
      },
      returnAfterLargestFlow:
        difference.returnAfterLargestFlow === null ? null : roundReturn(difference.returnAfterLargestFlow),
    },
    notes: [...notes],
    available: range.available,
    plans: planNos,
  };
}

/**
 * The benchmark over the same months: its return from level to level (annualised when the plan's is), and what the
 * same money would be worth in it — the start value and each month's net flows growing with the index.
 */
function benchmarkOf(
  rows: BenchmarkRows | null,
  series: PerformanceResponse['series'],
  annualised: boolean,
  days: number,
): PerformanceResponse['benchmark'] {
  if (!rows || series.length < 2) return null;
  const level = new Map(rows.levels.map((l) => [l.date, Number(l.level)]));
  const first = series[0];
  const last = series.at(-1);
  const l0 = first && level.get(first.date);
  const l1 = last && level.get(last.date);
  if (!first || !last || !l0 || !l1 || series.some((p) => !level.has(p.date))) return null;
  const cumulative = l1 / l0 - 1;
  let value = Number(first.value);
  let previousLevel = l0;
  const values = series.map((p, i) => {
    const current = level.get(p.date) ?? previousLevel;
    if (i > 0) value = value * (current / previousLevel) + Number(p.netFlows);
    previousLevel = current;
    return { date: p.date, value: roundAmount(value) };
  });
  return {
    name: rows.name,
    return: roundReturn(annualised ? annualise(cumulative, days) : cumulative),
    series: values,
  };
}
