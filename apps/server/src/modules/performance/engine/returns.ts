import { addYears, daysBetween, isMonthEnd, monthEndOf } from './dates.js';
import { type DatedAmount, xirr } from './xirr.js';

/** A valuation at the end of `date` (after that day's flows), in the reporting currency. */
export interface ValuationPoint {
  date: string;
  value: number;
}

/** Money the client put in (positive) or took out (negative) on `date`. Charges are not flows: they are return. */
export interface CashFlow {
  date: string;
  amount: number;
}

export interface PerformanceInput {
  /** The valuation the range starts from: the end of the day before the range (0 before a plan began). */
  start: ValuationPoint;
  /** Valuations after `start`, oldest first; the last is the end of the range. Usually month ends. */
  points: readonly ValuationPoint[];
  /** Flows after `start.date` up to and including the last point's date, in any order. */
  flows: readonly CashFlow[];
}

/** One sub-period (between two valuations) and its Modified Dietz return; null when it cannot be measured. */
export interface PeriodReturn {
  start: string;
  end: string;
  startValue: number;
  endValue: number;
  netFlows: number;
  return: number | null;
}

export type PerformanceNote =
  /** Nothing to measure: no valuation after the start. */
  | 'noValuations'
  /** A sub-period's capital at work (start value plus weighted flows) was zero or negative with a gain or loss: a
   * time-weighted return is not defined over it. */
  | 'capitalNotPositive'
  /** The flows have no internal rate of return (all one sign, or no root). */
  | 'noRate';

export type DifferenceReason =
  | 'noFlows'
  | 'similar'
  | 'addedBeforeFall'
  | 'addedBeforeRise'
  | 'withdrewBeforeRise'
  | 'withdrewBeforeFall';

/** Why the time-weighted and money-weighted figures differ, with the facts a sentence needs. */
export interface Difference {
  reason: DifferenceReason;
  /** The largest flow of the range (the one that moved the money-weighted figure most). */
  largestFlow: CashFlow | null;
  /** Time-weighted return of the months after that flow, cumulative. */
  returnAfterLargestFlow: number | null;
}

export interface PerformanceResult {
  startDate: string;
  endDate: string;
  days: number;
  /** Annualised figures are given only for a range longer than a calendar year (`oneYearAfter`). */
  annualised: boolean;
  /** Chain-linked Modified Dietz over the whole range, cumulative. */
  twrCumulative: number | null;
  /** XIRR over the range, restated for the range (cumulative). */
  mwrCumulative: number | null;
  /** The figures to show: annualised when `annualised`, else cumulative. */
  twr: number | null;
  mwr: number | null;
  startValue: number;
  endValue: number;
  netFlows: number;
  gain: number;
  periods: PeriodReturn[];
  difference: Difference | null;
  notes: PerformanceNote[];
}

const inPeriod = (f: CashFlow, start: string, end: string) => f.date > start && f.date <= end;

/**
 * Modified Dietz over (start, end]: gain over the average capital at work, each flow weighted by the share of the
 * period it was invested ((end − date) / (end − start) days; a flow on the last day weighs 0, as it is in the end
 * value only). Zero capital and zero gain is a 0 return (an empty or not yet started plan); zero or negative capital
 * with a gain or loss is not measurable (null).
 */
export function modifiedDietz(
  startValue: number,
  endValue: number,
  flows: readonly CashFlow[],
  start: string,
  end: string,
): number | null {
  const length = daysBetween(start, end);
  let net = 0;
  let weighted = 0;
  for (const f of flows) {
    net += f.amount;
    weighted += length > 0 ? (f.amount * daysBetween(f.date, end)) / length : 0;
  }
  const gain = endValue - startValue - net;
  const capital = startValue + weighted;
  const tolerance = 1e-9 * (Math.abs(startValue) + Math.abs(endValue) + Math.abs(net) + 1);
  if (capital <= tolerance) return Math.abs(gain) <= Math.max(tolerance, 0.005) ? 0 : null;
  return gain / capital;
}

/** Chain-links period returns: (1 + r1)(1 + r2)… − 1; null when any period is not measurable. */
export function chainLink(returns: readonly (number | null)[]): number | null {
  let growth = 1;
  for (const r of returns) {
    if (r === null) return null;
    growth *= 1 + r;
  }
  return growth - 1;
}

/**
 * The end of the year that starts at `date`, by the calendar: a range that opens at a month end (the usual start
 * valuation) ends a year later at that month's end, so Feb 2023 → Feb 2024 is a year although it is 366 days.
 * Counting days instead called every twelve months that hold a 29 February "more than a year" and annualised them.
 */
export const oneYearAfter = (date: string): string =>
  isMonthEnd(date) ? monthEndOf(date, 12) : addYears(date, 1);

export const annualise = (cumulative: number, days: number): number => (1 + cumulative) ** (365 / days) - 1;
export const deannualise = (annual: number, days: number): number => (1 + annual) ** (days / 365) - 1;

/** Time- and money-weighted returns of one range. Pure: everything it needs is in `input`. */
export function computePerformance(input: PerformanceInput): PerformanceResult {
  const { start } = input;
  const points = [...input.points]
    .filter((p) => p.date > start.date)
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const last = points.at(-1);
  const endDate = last?.date ?? start.date;
  const flows = input.flows
    .filter((f) => inPeriod(f, start.date, endDate))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const netFlows = flows.reduce((s, f) => s + f.amount, 0);
  const days = daysBetween(start.date, endDate);
  const base = {
    startDate: start.date,
    endDate,
    days,
    startValue: start.value,
    endValue: last?.value ?? start.value,
    netFlows,
    gain: (last?.value ?? start.value) - start.value - netFlows,
  };
  if (!last) {
    return {
      ...base,
      annualised: false,
      twrCumulative: null,
      mwrCumulative: null,
      twr: null,
      mwr: null,
      periods: [],
      difference: null,
      notes: ['noValuations'],
    };
  }

  const periods: PeriodReturn[] = [];
  let previous = start;
  // Flows are sorted: each period takes the next run of them (one pass, not a scan of every flow per month).
  let next = 0;
  for (const point of points) {
    const from = next;
    while (next < flows.length && (flows[next]?.date ?? '') <= point.date) next++;
    const own = flows.slice(from, next);
    periods.push({
      start: previous.date,
      end: point.date,
      startValue: previous.value,
      endValue: point.value,
      netFlows: own.reduce((s, f) => s + f.amount, 0),
      return: modifiedDietz(previous.value, point.value, own, previous.date, point.date),
    });
    previous = point;
  }
  const notes: PerformanceNote[] = [];
  const twrCumulative = chainLink(periods.map((p) => p.return));
  if (twrCumulative === null) notes.push('capitalNotPositive');

  // Money-weighted: the start value is paid in at the start, each flow paid in (or received) on its day, the end
  // value received at the end — all from the client's side of the table.
  const dated: DatedAmount[] = [
    { date: start.date, amount: -start.value },
    ...flows.map((f) => ({ date: f.date, amount: -f.amount })),
    { date: endDate, amount: last.value },
  ].filter((f) => f.amount !== 0);
  const rate = days > 0 && dated.length >= 2 && dated[0]?.date !== dated.at(-1)?.date ? xirr(dated) : null;
  const mwrCumulative = rate === null ? null : deannualise(rate, days);
  if (mwrCumulative === null) notes.push('noRate');

  const annualised = endDate > oneYearAfter(start.date);
  const twr = twrCumulative === null ? null : annualised ? annualise(twrCumulative, days) : twrCumulative;
  const mwr = rate === null ? null : annualised ? rate : mwrCumulative;
  return {
    ...base,
    annualised,
    twrCumulative,
    mwrCumulative,
    twr,
    mwr,
    periods,
    difference: explainDifference(twr, mwr, flows, periods, netFlows),
    notes,
  };
}

/**
 * Why the two figures differ. The time-weighted return ignores when money came and went; the money-weighted one
 * weighs each month by the money in it. So when most money arrived before weak months, the money-weighted figure is
 * lower ("you added most of your money before the fall"), and the other way round.
 */
function explainDifference(
  twr: number | null,
  mwr: number | null,
  flows: readonly CashFlow[],
  periods: readonly PeriodReturn[],
  netFlows: number,
): Difference | null {
  if (twr === null || mwr === null) return null;
  const largestFlow = flows.reduce<CashFlow | null>(
    (best, f) => (best === null || Math.abs(f.amount) > Math.abs(best.amount) ? f : best),
    null,
  );
  const after = largestFlow
    ? chainLink(periods.filter((p) => p.end > largestFlow.date).map((p) => p.return))
    : null;
  const result = (reason: DifferenceReason): Difference => ({
    reason,
    largestFlow,
    returnAfterLargestFlow: after,
  });
  if (flows.length === 0) return result('noFlows');
  if (Math.abs(mwr - twr) < 0.0005) return result('similar');
  const addedMoney = netFlows >= 0;
  if (mwr < twr) return result(addedMoney ? 'addedBeforeFall' : 'withdrewBeforeRise');
  return result(addedMoney ? 'addedBeforeRise' : 'withdrewBeforeFall');
}
