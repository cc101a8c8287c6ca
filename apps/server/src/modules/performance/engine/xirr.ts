import { dayNumber } from './dates.js';

/** A dated amount from the investor's side: negative paid in, positive received (the start value is paid in). */
export interface DatedAmount {
  date: string;
  amount: number;
}

/** Net present value at annual rate `rate`, discounting by actual days / 365 from the first date (XIRR convention). */
export function npv(rate: number, flows: readonly DatedAmount[]): number {
  const first = flows[0];
  if (!first) return 0;
  const t0 = dayNumber(first.date);
  let total = 0;
  for (const f of flows) total += f.amount / (1 + rate) ** ((dayNumber(f.date) - t0) / 365);
  return total;
}

const LOWEST_RATE = -0.999999999;

/**
 * The annual internal rate of return of dated amounts (Excel's XIRR), or null when there is none: all amounts of one
 * sign, or no sign change of the NPV over (-100 %, +1e9 %). Newton's method from 10 %, falling back to bisection on a
 * bracket when Newton leaves the domain or stalls — bisection always converges once a bracket is found.
 */
export function xirr(flows: readonly DatedAmount[]): number | null {
  if (flows.length < 2) return null;
  if (!flows.some((f) => f.amount > 0) || !flows.some((f) => f.amount < 0)) return null;
  const t0 = dayNumber(flows[0]?.date ?? '');
  const times = flows.map((f) => (dayNumber(f.date) - t0) / 365);
  const f = (r: number) => flows.reduce((s, x, i) => s + x.amount / (1 + r) ** (times[i] ?? 0), 0);
  const df = (r: number) =>
    flows.reduce((s, x, i) => s - ((times[i] ?? 0) * x.amount) / (1 + r) ** ((times[i] ?? 0) + 1), 0);
  const scale = flows.reduce((s, x) => s + Math.abs(x.amount), 0);

  let r = 0.1;
  for (let i = 0; i < 50; i++) {
    const value = f(r);
    if (Math.abs(value) < scale * 1e-13) return r;
    const slope = df(r);
    if (!Number.isFinite(slope) || slope === 0) break;
    const next = r - value / slope;
    if (!Number.isFinite(next) || next <= LOWEST_RATE) break;
    if (Math.abs(next - r) < 1e-12) return next;
    r = next;
  }
  return bisect(f);
}

function bisect(f: (r: number) => number): number | null {
  // Find a bracket: the NPV at a rate near -100 % and at growing upper rates.
  let lo = LOWEST_RATE;
  let flo = f(lo);
  let hi = 1;
  let fhi = f(hi);
  while (Math.sign(flo) === Math.sign(fhi) && hi < 1e7) {
    lo = hi;
    flo = fhi;
    hi *= 10;
    fhi = f(hi);
  }
  if (!Number.isFinite(flo) || !Number.isFinite(fhi) || Math.sign(flo) === Math.sign(fhi)) return null;
  for (let i = 0; i < 300 && hi - lo > 1e-14; i++) {
    const mid = (lo + hi) / 2;
    const fm = f(mid);
    if (fm === 0) return mid;
    if (Math.sign(fm) === Math.sign(flo)) {
      lo = mid;
      flo = fm;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}
