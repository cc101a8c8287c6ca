import { type AllocationEntry, ASSET_CLASSES } from '@portal/contract';
import { fromScaled, MONEY_SCALE, toScaled } from './decimal.js';
import type { DomainWords } from './domain-texts.js';

/** Percentages are answered with 4 decimals ("35.0000"). */
const PERCENT_SCALE = 4n;
const WHOLE = 100n * 10n ** PERCENT_SCALE;
export const CASH_SLICE = 'CASH';

interface HoldingValue {
  holdingType: string;
  assetClass: string | null;
  valuationValue: string | null;
}

/**
 * The plan's portfolio by asset class, derived from its holdings: each fund's value (in the valuation currency)
 * summed by the fund's asset class, cash positions as one slice, each as a share of the total portfolio value. It
 * is what the plan holds now, not how new premiums are split (that is the premium allocation), so the two differ
 * once the funds have moved. The shares add up to exactly 100.0000: rounding leftovers go to the largest remainders.
 */
export function portfolioFromHoldings(
  holdings: readonly HoldingValue[],
  words: DomainWords,
): AllocationEntry[] {
  const byClass = new Map<string, bigint>();
  for (const holding of holdings) {
    const key = holding.holdingType === 'cash' ? CASH_SLICE : (holding.assetClass ?? CASH_SLICE);
    const value = toScaled(holding.valuationValue ?? '0', MONEY_SCALE);
    byClass.set(key, (byClass.get(key) ?? 0n) + value);
  }
  const slices = [...byClass].filter(([, value]) => value > 0n);
  const total = slices.reduce((sum, [, value]) => sum + value, 0n);
  if (total <= 0n) return [];

  const order = [...ASSET_CLASSES, CASH_SLICE] as readonly string[];
  slices.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const shares = slices.map(([key, value]) => ({
    key,
    share: (value * WHOLE) / total,
    remainder: (value * WHOLE) % total,
  }));
  let left = WHOLE - shares.reduce((sum, slice) => sum + slice.share, 0n);
  for (const slice of [...shares].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : 0,
  )) {
    if (left <= 0n) break;
    slice.share += 1n;
    left -= 1n;
  }
  return shares.map(({ key, share }) => {
    const name = key === CASH_SLICE ? words.cash() : words.assetClass(key);
    return { code: key, name, assetClass: name, percentage: fromScaled(share, Number(PERCENT_SCALE)) };
  });
}
