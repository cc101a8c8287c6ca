import type { ProductCategory } from '@portal/contract';
import { SITE_CODES } from '@portal/contract';
import { benchmarkIndices, benchmarkLevels, planTypeBenchmarks } from '../schema/index.js';
import { insertInSlices } from './bulk.js';
import { type DemoContext, INVESTMENT_CATEGORIES } from './demo-context.js';
import { insertPerformanceHistory } from './performance-history.js';
import { monthEndsBetween } from './performance-market.js';
import { addDays, monthEnd, Random } from './random.js';

/** Reference indices: one per asset class and currency the demo plans are measured against. */
export const DEMO_BENCHMARKS = [
  {
    code: 'GEQ-USD',
    name: 'Global Equity Index (USD)',
    assetClass: 'EQUITY',
    currency: 'USD',
    drift: 0.007,
    swing: 0.09,
  },
  {
    code: 'GBD-USD',
    name: 'Global Bond Index (USD)',
    assetClass: 'BOND',
    currency: 'USD',
    drift: 0.0025,
    swing: 0.025,
  },
  {
    code: 'GMX-USD',
    name: 'Global Balanced 60/40 Index (USD)',
    assetClass: 'MIXED_ASSET',
    currency: 'USD',
    drift: 0.005,
    swing: 0.055,
  },
  {
    code: 'HMX-HKD',
    name: 'Hong Kong Balanced Index (HKD)',
    assetClass: 'MIXED_ASSET',
    currency: 'HKD',
    drift: 0.004,
    swing: 0.06,
  },
] as const;

/** The firm's benchmark per plan type (the same on every site in the demo). */
const BENCHMARK_OF: Partial<Record<ProductCategory, string>> = {
  IL: 'GMX-USD',
  FD: 'GEQ-USD',
  MPF: 'HMX-HKD',
  PB: 'GBD-USD',
};

/** Performance history of every demo investment plan (live ones from their statements, ended ones to their end),
 * the reference indices' month-end levels over the same months, and the benchmark of each plan type. */
export async function insertDemoPerformance(ctx: DemoContext): Promise<void> {
  const plans = ctx.clients
    .flatMap((c) => c.policies)
    .filter((p) => INVESTMENT_CATEGORIES.includes(p.category));
  await insertPerformanceHistory(
    ctx.tx,
    plans.map((p) => p.id),
  );
  const first = plans.map((p) => p.commenceDate).sort()[0];
  const last = ctx.months.at(-1)?.asOf;
  if (!first || !last) return;
  const rng = new Random(3102);
  await ctx.tx.insert(benchmarkIndices).values(DEMO_BENCHMARKS.map(({ drift, swing, ...b }) => b));
  const levels: (typeof benchmarkLevels.$inferInsert)[] = [];
  for (const b of DEMO_BENCHMARKS) {
    let level = 1000;
    // From the month end before the first plan began, so a range starting with that plan has a base level.
    for (const date of monthEndsBetween(monthEnd(addDays(`${first.slice(0, 8)}01`, -1)), addDays(last, 1))) {
      levels.push({ indexCode: b.code, levelDate: date, level: level.toFixed(4) });
      level *= 1 + b.drift + (rng.next() - 0.5) * b.swing;
    }
  }
  await insertInSlices(ctx.tx, benchmarkLevels, levels);
  await ctx.tx
    .insert(planTypeBenchmarks)
    .values(
      SITE_CODES.flatMap((siteCode) =>
        Object.entries(BENCHMARK_OF).map(([category, indexCode]) => ({ siteCode, category, indexCode })),
      ),
    );
}
