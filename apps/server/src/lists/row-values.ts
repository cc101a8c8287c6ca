/*
 * Raw SQL rows (list pages and export cursors) come back as each driver decodes them: bigint as a string on
 * node-postgres and a number or bigint on PGlite, numeric as a string. These turn them into the item's types.
 */

export function toId(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`not an id: ${String(value)}`);
  return n;
}

export function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export function toNullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** Amounts are selected `::text` (numeric keeps its scale: "1234.50"). */
export const toDecimal = toNullableText;
