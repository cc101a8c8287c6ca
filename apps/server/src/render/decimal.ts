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
 * Converts an amount from one currency to another through USD quotes (units of USD per unit of currency, as in
 * fx_rates): amount × rateFrom ÷ rateTo, to cents.
 */
export function convertAmount(amount: string, usdPerFrom: string, usdPerTo: string): string {
  const cents = toScaled(amount, MONEY_SCALE);
  return fromScaled(
    mulDiv(cents, toScaled(usdPerFrom, RATE_SCALE), toScaled(usdPerTo, RATE_SCALE)),
    MONEY_SCALE,
  );
}

/** The cross rate from → to (units of `to` per unit of `from`) with 8 decimals. */
export function crossRate(usdPerFrom: string, usdPerTo: string): string {
  const scale = 10n ** BigInt(RATE_SCALE);
  return fromScaled(
    mulDiv(toScaled(usdPerFrom, RATE_SCALE), scale, toScaled(usdPerTo, RATE_SCALE)),
    RATE_SCALE,
  );
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

/** "2026-05-31" → "2026/05/31". */
export function formatDate(value: string | null | undefined, empty = '-'): string {
  if (!value) return empty;
  return value.slice(0, 10).replaceAll('-', '/');
}
