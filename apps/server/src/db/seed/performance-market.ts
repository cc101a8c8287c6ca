import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { benchmarkLevels, fundPrices, fxRates } from '../schema/index.js';
import { insertInSlices } from './bulk.js';
import { monthEnd, monthStart, Random } from './random.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Month ends from `first` up to (not including) `before`, oldest first. */
export function monthEndsBetween(first: string, before: string): string[] {
  const out: string[] = [];
  for (let m = monthStart(first); monthEnd(m) < before; m = monthStart(m, 1)) out.push(monthEnd(m));
  return out;
}

/**
 * Month-end fund prices and USD quotes back to `firstMonthEnd`, for performance history older than the statements:
 * each series walks backwards from its oldest stored month end (a seeded walk, so the same every run). Rows that exist
 * are kept: the statements' own prices and rates never change.
 */
export async function extendMarketHistory(db: Db, firstMonthEnd: string): Promise<void> {
  const rng = new Random(3101);
  const oldestPrices = rowsOf<{ fund_id: number; d: string; price: string }>(
    await db.execute(sql`select distinct on (fund_id) fund_id::int, to_char(price_date, 'YYYY-MM-DD') as d, price::text
      from fund_prices where frequency = 'M' order by fund_id, price_date`),
  );
  const priceRows: (typeof fundPrices.$inferInsert)[] = [];
  for (const p of oldestPrices) {
    let price = Number(p.price);
    for (const d of monthEndsBetween(firstMonthEnd, p.d).reverse()) {
      // Funds drift up about 0.5 % a month on average, with 4 % swings: going back, undo a month's move.
      price = Math.max(0.05, price / (1 + 0.005 + (rng.next() - 0.5) * 0.08));
      priceRows.push({ fundId: p.fund_id, frequency: 'M', priceDate: d, price: price.toFixed(4) });
    }
  }
  const oldestRates = rowsOf<{ currency: string; d: string; rate: string }>(
    await db.execute(sql`select distinct on (currency) currency, to_char(rate_date, 'YYYY-MM-DD') as d, rate::text
      from fx_rates where quote_currency = 'USD' order by currency, rate_date`),
  );
  const fxRows: (typeof fxRates.$inferInsert)[] = [];
  for (const r of oldestRates) {
    let rate = Number(r.rate);
    for (const d of monthEndsBetween(firstMonthEnd, r.d).reverse()) {
      if (r.currency !== 'USD') rate = rate / (1 + (rng.next() - 0.5) * 0.02);
      fxRows.push({ rateDate: d, currency: r.currency, quoteCurrency: 'USD', rate: rate.toFixed(8) });
    }
  }
  for (let i = 0; i < priceRows.length; i += 1000) {
    await db
      .insert(fundPrices)
      .values(priceRows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  await insertInSlices(db, fxRates, fxRows);
}

/**
 * The reference indices' month-end levels back to `firstMonthEnd` (the million-policy generator's plans begin years
 * before the demo's): each index walks backwards from its oldest level, seeded like the prices above, so a benchmark
 * covers every range its plans' history does. Existing levels are kept.
 */
export async function extendBenchmarkHistory(db: Db, firstMonthEnd: string): Promise<void> {
  const rng = new Random(3103);
  const oldest = rowsOf<{ code: string; d: string; level: string }>(
    await db.execute(sql`select distinct on (index_code) index_code as code, to_char(level_date, 'YYYY-MM-DD') as d,
      level::text from benchmark_levels order by index_code, level_date`),
  );
  const rows: (typeof benchmarkLevels.$inferInsert)[] = [];
  for (const b of oldest) {
    let level = Number(b.level);
    for (const d of monthEndsBetween(firstMonthEnd, b.d).reverse()) {
      // About 0.5 % a month on average with 4 % swings, as the funds: going back, undo a month's move.
      level = Math.max(1, level / (1 + 0.005 + (rng.next() - 0.5) * 0.08));
      rows.push({ indexCode: b.code, levelDate: d, level: level.toFixed(4) });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(benchmarkLevels)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}
