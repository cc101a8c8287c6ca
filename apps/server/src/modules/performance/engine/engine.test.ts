import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, monthEndOf } from './dates.js';
import { computePerformance, modifiedDietz } from './returns.js';
import { roundAmount, roundReturn } from './rounding.js';
import { xirr } from './xirr.js';

describe('published worked examples, to 4 decimals', () => {
  it('CFA Institute (Level I, "Discounted cash flow applications"): TWR 15.84 %, MWR 13.86 %', () => {
    // Buy one share at 100; a year later it is worth 120 and pays a 2 dividend, the investor buys a second share at
    // 120; a year later both pay 2 and are sold at 130 each. Non-leap years, so each year is 365 days.
    const r = computePerformance({
      start: { date: '2021-12-31', value: 100 },
      points: [
        { date: '2022-12-31', value: 240 }, // two shares after the purchase, dividend paid out
        { date: '2023-12-31', value: 0 }, // sold
      ],
      flows: [
        { date: '2022-12-31', amount: 120 - 2 },
        { date: '2023-12-31', amount: -(2 * 130 + 2 * 2) },
      ],
    });
    expect(r.annualised).toBe(true);
    expect(r.periods.map((p) => roundReturn(p.return ?? Number.NaN))).toEqual(['0.2200', '0.1000']);
    expect(roundReturn(r.twr ?? Number.NaN)).toBe('0.1584');
    expect(roundReturn(r.mwr ?? Number.NaN)).toBe('0.1386');
  });

  it('Modified Dietz (Wikipedia "Modified Dietz method", example): 100 → 300 with 50 added halfway = 120 %', () => {
    expect(
      roundReturn(
        modifiedDietz(100, 300, [{ date: '2022-12-31', amount: 50 }], '2021-12-31', '2023-12-31') ?? 0,
      ),
    ).toBe('1.2000');
  });

  it('XIRR (Microsoft Excel XIRR help): 37.34 %', () => {
    const rate = xirr([
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ]);
    expect(roundReturn(rate ?? Number.NaN)).toBe('0.3734');
  });

  it('no flows: TWR equals MWR (both are end ÷ start)', () => {
    const r = computePerformance({
      start: { date: '2023-12-31', value: 1000 },
      points: [
        { date: '2024-01-31', value: 1100 },
        { date: '2024-02-29', value: 1050 },
      ],
      flows: [],
    });
    expect(roundReturn(r.twr ?? Number.NaN)).toBe('0.0500');
    expect(roundReturn(r.mwr ?? Number.NaN)).toBe('0.0500');
    expect(r.annualised).toBe(false);
    expect(r.difference?.reason).toBe('noFlows');
  });
});

describe('annualised only for a range longer than a calendar year', () => {
  const over = (startDate: string, endDate: string) =>
    computePerformance({
      start: { date: startDate, value: 1000 },
      points: [{ date: endDate, value: 1100 }],
      flows: [],
    }).annualised;

  it('one calendar year is cumulative, leap day or not', () => {
    expect(over('2023-12-31', '2024-12-31')).toBe(false); // 366 days, still one year
    expect(over('2023-02-28', '2024-02-29')).toBe(false); // February's month end a year later
    expect(over('2022-12-31', '2023-12-31')).toBe(false);
    expect(over('2024-03-15', '2025-03-15')).toBe(false);
  });

  it('a day or a month past the year is annualised', () => {
    expect(over('2023-12-31', '2025-01-31')).toBe(true);
    expect(over('2024-03-15', '2025-03-16')).toBe(true);
    expect(over('2022-12-31', '2024-01-31')).toBe(true);
  });
});

/** An independent money-weighted return: plain bisection of the NPV over actual/365 years, nothing shared. */
function bisectionIrr(flows: { date: string; amount: number }[]): number | null {
  const t0 = dayNumber(flows[0]?.date ?? '');
  const value = (r: number) =>
    flows.reduce((s, f) => s + f.amount * Math.exp(-Math.log1p(r) * ((dayNumber(f.date) - t0) / 365)), 0);
  let lo = -0.99;
  let hi = 10;
  if (Math.sign(value(lo)) === Math.sign(value(hi))) return null;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(value(mid)) === Math.sign(value(lo))) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Mulberry32: a small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('XIRR cross-check', () => {
  it('agrees with an independent bisection on 1,000 generated plans', () => {
    const next = random(31);
    let compared = 0;
    for (let plan = 0; plan < 1000; plan++) {
      const months = 2 + Math.floor(next() * 118);
      const startDate = monthEndOf('2014-01-31', Math.floor(next() * 24));
      let value = next() < 0.2 ? 0 : Math.round(next() * 100_000_00) / 100;
      const start = { date: startDate, value };
      const points = [];
      const flows = [];
      for (let m = 1; m <= months; m++) {
        const end = monthEndOf(startDate, m);
        if (next() < 0.6 || value === 0) {
          const amount = Math.round((next() < 0.85 ? next() * 5000 : -next() * value * 0.3) * 100) / 100;
          if (amount !== 0) {
            const day = addDays(monthEndOf(startDate, m - 1), 1 + Math.floor(next() * 28));
            flows.push({ date: day, amount });
            value += amount;
          }
        }
        value = Math.max(0, Math.round(value * (1 + (next() - 0.47) * 0.08) * 100) / 100);
        points.push({ date: end, value });
      }
      const r = computePerformance({ start, points, flows });
      const dated = [
        { date: start.date, amount: -start.value },
        ...flows.map((f) => ({ date: f.date, amount: -f.amount })),
        { date: points.at(-1)?.date ?? '', amount: points.at(-1)?.value ?? 0 },
      ].filter((f) => f.amount !== 0);
      const independent = bisectionIrr(dated);
      if (independent === null) continue;
      compared++;
      const expected = r.annualised ? independent : (1 + independent) ** (r.days / 365) - 1;
      expect(r.mwr, `plan ${plan}`).not.toBeNull();
      expect(Math.abs((r.mwr ?? 0) - expected), `plan ${plan}`).toBeLessThan(1e-7);
      expect(roundReturn(r.mwr ?? 0)).toBe(roundReturn(expected));
    }
    expect(compared).toBeGreaterThan(950);
  });
});

describe('edge cases', () => {
  it('a plan younger than the range: zero before it began, the first payment mid-month', () => {
    const r = computePerformance({
      start: { date: '2023-12-31', value: 0 },
      points: [
        { date: '2024-01-31', value: 0 },
        { date: '2024-02-29', value: 1010 },
        { date: '2024-03-31', value: 1030 },
      ],
      flows: [{ date: '2024-02-15', amount: 1000 }],
    });
    expect(r.periods[0]?.return).toBe(0);
    // February: 10 gained on 1000 at work for 14 of 29 days.
    expect(r.periods[1]?.return).toBeCloseTo(10 / (1000 * (14 / 29)), 12);
    expect(r.twr).not.toBeNull();
    expect(r.mwr).not.toBeNull();
    expect(r.notes).toEqual([]);
  });

  it('a flow on the last day weighs nothing and is in the end value; on the first day it is in the start value', () => {
    const last = computePerformance({
      start: { date: '2024-01-31', value: 1000 },
      points: [{ date: '2024-02-29', value: 1520 }],
      flows: [
        { date: '2024-02-29', amount: 500 },
        { date: '2024-01-31', amount: 999 }, // the start day: already in the start value, not counted again
      ],
    });
    expect(roundReturn(last.twr ?? Number.NaN)).toBe('0.0200');
    expect(last.netFlows).toBe(500);
  });

  it('a zero start value with the only flow on the last day: nothing at work, a 0 return, not NaN', () => {
    const r = computePerformance({
      start: { date: '2024-01-31', value: 0 },
      points: [{ date: '2024-02-29', value: 500 }],
      flows: [{ date: '2024-02-29', amount: 500 }],
    });
    expect(r.twr).toBe(0);
    expect(r.mwr).toBeNull();
    expect(r.notes).toEqual(['noRate']);
  });

  it('a negative start value: the time-weighted return is not defined and says so', () => {
    const r = computePerformance({
      start: { date: '2024-01-31', value: -200 },
      points: [{ date: '2024-02-29', value: -150 }],
      flows: [],
    });
    expect(r.twr).toBeNull();
    expect(r.notes).toContain('capitalNotPositive');
    expect(Number.isNaN(r.mwr ?? 0)).toBe(false);
  });

  it('a plan surrendered in the range: value 0 after, the surrender an outflow, later months 0 %', () => {
    const r = computePerformance({
      start: { date: '2024-01-31', value: 10_000 },
      points: [
        { date: '2024-02-29', value: 10_200 },
        { date: '2024-03-31', value: 0 },
        { date: '2024-04-30', value: 0 },
      ],
      flows: [{ date: '2024-03-15', amount: -10_250 }],
    });
    expect(r.periods[2]?.return).toBe(0);
    expect(r.endValue).toBe(0);
    expect(r.twr).not.toBeNull();
    expect(r.mwr).not.toBeNull();
    expect(r.twr ?? 0).toBeGreaterThan(0);
  });

  it('no valuations in the range: a note, no figures, no NaN', () => {
    const r = computePerformance({ start: { date: '2024-01-31', value: 0 }, points: [], flows: [] });
    expect(r).toMatchObject({ twr: null, mwr: null, notes: ['noValuations'], periods: [] });
  });

  it('explains a lower money-weighted figure: most money added before the fall', () => {
    const r = computePerformance({
      start: { date: '2023-12-31', value: 1000 },
      points: [
        { date: '2024-01-31', value: 1200 }, // +20 % on little money
        { date: '2024-02-29', value: 10_200 }, // 9000 added on the last day
        { date: '2024-03-31', value: 8160 }, // −20 % on a lot of money
      ],
      flows: [{ date: '2024-02-29', amount: 9000 }],
    });
    expect((r.mwr ?? 0) < (r.twr ?? 0)).toBe(true);
    expect(r.difference?.reason).toBe('addedBeforeFall');
    expect(r.difference?.largestFlow?.amount).toBe(9000);
    expect(roundReturn(r.difference?.returnAfterLargestFlow ?? Number.NaN)).toBe('-0.2000');
  });
});

describe('rounding', () => {
  it('rounds half away from zero, once', () => {
    expect(roundAmount(1.005)).toBe('1.01');
    expect(roundAmount(-1.005)).toBe('-1.01');
    expect(roundReturn(0.07345)).toBe('0.0735');
    expect(roundReturn(-0.00004)).toBe('0.0000');
    expect(() => roundReturn(Number.NaN)).toThrow();
  });
});
