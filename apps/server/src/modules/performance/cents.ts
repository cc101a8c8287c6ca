/**
 * Money as integer cents in doubles (exact up to 2^53 cents, ~9 × 10^13 of a currency) for the per-request sums of
 * the performance figures: the same results as render/decimal.ts (toScaled, convertAtRate, sumAmounts), without a
 * BigInt and two strings for every valuation and flow. Only the product amount × rate, which can pass 2^53, is
 * taken in BigInt, exactly; cents.test.ts checks each function against its decimal.ts twin.
 */

/** "-1234.5" → -123450; digits after the second decimal rounded half away from zero, as toScaled does. */
export function toCents(value: string): number {
  const negative = value.charCodeAt(0) === 45; // '-'
  const body = negative ? value.slice(1) : value;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? '' : body.slice(dot + 1);
  let cents = Number(int || '0') * 100 + Number(`${frac}00`.slice(0, 2));
  if (frac.length > 2 && frac.charCodeAt(2) >= 53) cents += 1; // the third decimal is 5 or more
  return negative ? -cents : cents;
}

/** -123450 → "-1234.50" (no sign on zero), as fromScaled(…, 2) prints it. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  const int = Math.trunc(abs / 100);
  const frac = abs - int * 100;
  return `${cents < 0 ? '-' : ''}${int}.${frac < 10 ? '0' : ''}${frac}`;
}

export interface ExactRate {
  /** The rate's digits as an integer, and 10^decimals. */
  digits: bigint;
  unit: bigint;
}

/** A quoted rate held exactly ("149.897" → 149897 / 1000), parsed once per rate. */
export function exactRate(rate: string): ExactRate {
  const decimals = rate.split('.')[1]?.length ?? 0;
  return { digits: BigInt(rate.replace('.', '')), unit: 10n ** BigInt(decimals) };
}

/** cents × rate to the cent, rounded half away from zero: convertAtRate on cents. */
export function convertCents(cents: number, rate: ExactRate): number {
  const product = BigInt(cents) * rate.digits;
  const negative = product < 0n;
  const q = ((negative ? -product : product) + rate.unit / 2n) / rate.unit;
  return negative ? -Number(q) : Number(q);
}
