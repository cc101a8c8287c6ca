/**
 * Exact decimal arithmetic and formatting on the strings PostgreSQL returns for numeric columns. Money never goes
 * through a double here: a statement total must equal the sum of the lines it prints (decision 005).
 */

/** Parses "-1234.5" into an integer scaled by 10^scale, rounding half away from zero. */
export function toScaled(value: string, scale: number): bigint {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign, int = '', frac = ''] = match;
  const kept = (frac + '0'.repeat(scale)).slice(0, scale);
  let scaled = BigInt((int || '0') + kept);
  const next = frac.charAt(scale);
  if (next !== '' && Number(next) >= 5) scaled += 1n;
  return sign === '-' ? -scaled : scaled;
}

/** An integer scaled by 10^scale back to a plain decimal string with exactly `scale` decimals. */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  const text = scale > 0 ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** a × b ÷ c on scaled integers, rounded half away from zero. */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new Error('division by zero');
  const product = a * b;
  const negative = product < 0n !== c < 0n;
  const absP = product < 0n ? -product : product;
  const absC = c < 0n ? -c : c;
  const q = (absP + absC / 2n) / absC;
  return negative ? -q : q;
}

export const MONEY_SCALE = 2;
export const UNIT_SCALE = 4;
export const RATE_SCALE = 8;

/**
 * Exchange rates are quoted, as banks print them, with RATE_SIGNIFICANT_DIGITS significant digits (at most RATE_SCALE
 * decimals, the storage scale): JPY→USD 0.00667123, USD→JPY 149.897, GBP→USD 1.27040. Every converted amount is
 * the amount times exactly that quoted rate, rounded to the cent, and every screen and document prints the quoted
 * rate with all its digits (formatRate), so value × printed rate = printed result (decision 011).
 */
export const RATE_SIGNIFICANT_DIGITS = 6;

/** Scale at which an exact rate is held before it is quoted: far below any digit a quote keeps. */
const EXACT_RATE_SCALE = 20;

function quoteScaled(exact: bigint): string {
  if (exact <= 0n) throw new Error('an exchange rate must be positive');
  const digits = exact.toString().length;
  // The leading digit stands at 10^(digits - 1 - EXACT_RATE_SCALE); keep RATE_SIGNIFICANT_DIGITS from there.
  const decimals = Math.min(RATE_SCALE, Math.max(0, RATE_SIGNIFICANT_DIGITS + EXACT_RATE_SCALE - digits));
  const quoted = mulDiv(exact, 1n, 10n ** BigInt(EXACT_RATE_SCALE - decimals));
  return fromScaled(quoted, decimals);
}

/** The quote of an exact rate ("0.006671234567" → "0.00667123"). */
export function quoteRate(exactRate: string): string {
  return quoteScaled(toScaled(exactRate, EXACT_RATE_SCALE));
}

/**
 * The quoted rate from → to (units of `to` per unit of `from`) out of USD quotes (USD per unit, as in fx_rates):
 * the cross is taken exactly and quoted once, never through a rounded USD leg.
 */
export function quotedCrossRate(usdPerFrom: string, usdPerTo: string): string {
  const to = toScaled(usdPerTo, RATE_SCALE);
  return quoteScaled(mulDiv(toScaled(usdPerFrom, RATE_SCALE), 10n ** BigInt(EXACT_RATE_SCALE), to));
}

/** amount × rate to the cent, rounded half away from zero; `rate` is used exactly as given (a quoted rate). */
export function convertAtRate(amount: string, rate: string): string {
  const rateDecimals = rate.split('.')[1]?.length ?? 0;
  return fromScaled(
    mulDiv(toScaled(amount, MONEY_SCALE), toScaled(rate, rateDecimals), 10n ** BigInt(rateDecimals)),
    MONEY_SCALE,
  );
}

/** Fund units (4 decimals) × unit price (4 decimals), to the cent: the value a client recomputes from both. */
export function unitsValue(units: string, price: string): string {
  return fromScaled(mulDiv(toScaled(units, UNIT_SCALE), toScaled(price, UNIT_SCALE), 10n ** 6n), MONEY_SCALE);
}

export function sumAmounts(values: readonly (string | null | undefined)[], scale = MONEY_SCALE): string {
  let total = 0n;
  for (const v of values) if (v != null && v !== '') total += toScaled(v, scale);
  return fromScaled(total, scale);
}

/** "1234567.5" → "1,234,567.50" with `decimals` places; null/empty → the given placeholder. */
export function formatDecimal(value: string | null | undefined, decimals: number, empty = '-'): string {
  if (value == null || value.trim() === '') return empty;
  const fixed = fromScaled(toScaled(value, decimals), decimals);
  const negative = fixed.startsWith('-');
  const [int = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

export const formatAmount = (value: string | null | undefined) => formatDecimal(value, MONEY_SCALE);
export const formatUnits = (value: string | null | undefined) => formatDecimal(value, UNIT_SCALE);

/** Decimals a rate needs to be printed without losing a digit: its own, trailing zeros dropped, at least 4. */
export function rateDecimals(rate: string): number {
  const frac = rate.trim().split('.')[1] ?? '';
  return Math.max(UNIT_SCALE, frac.replace(/0+$/, '').length);
}

/** A rate with every digit it carries ("0.00667123", "1.2704", "149.8970"): what is printed is what was used. */
export function formatRate(rate: string | null | undefined): string {
  if (rate == null || rate.trim() === '') return '-';
  return formatDecimal(rate, rateDecimals(rate));
}

/** "2026-05-31" → "2026/05/31". */
export function formatDate(value: string | null | undefined, empty = '-'): string {
  if (!value) return empty;
  return value.slice(0, 10).replaceAll('-', '/');
}
