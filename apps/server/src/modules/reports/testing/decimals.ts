/*
 * Exact decimal arithmetic for the report tests: printed figures are recomputed in integers of the smallest unit,
 * never in floats, so a test cannot agree with a report by sharing its rounding error.
 */

/** A decimal string as an integer of 10^-scale units (exact; the string has at most `scale` decimals). */
export function scaled(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0')));
}

/** Integer division rounded half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const sign = numerator < 0n !== denominator < 0n ? -1n : 1n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  return sign * ((2n * n + d) / (2n * d));
}

/** An amount in cents, exactly; no amount (a null column) counts as zero. */
export const cents = (value: string | null) => (value === null ? 0n : scaled(value, 2));
export const sumCents = (values: string[]) => values.reduce((total, v) => total + cents(v), 0n);
