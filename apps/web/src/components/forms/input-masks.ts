/*
 * The input masks of the portal's forms (docs/product.md, "Formats and limits"): what a person types is reshaped as
 * they type, so a field always shows the form the portal prints. Each mask is a pure function of the typed text;
 * `significant` counts the characters a mask keeps (digits, the decimal point), which is how MaskedInput puts the caret
 * back in place.
 *
 * - date: YYYY/MM/DD — digits only, slashes added after the year and the month (at most 8 digits);
 * - integer: thousands separators — "1234567" → "1,234,567";
 * - decimal: up to N places (9 for rates and units) — "1234.5678" → "1,234.5678";
 * - amount: a decimal of 2 places.
 *
 * A mask shapes the text; it does not judge it: "2026/13/45" is a well-shaped date that the contract's schema refuses.
 */

export type MaskKind = 'date' | 'integer' | 'decimal' | 'amount';

export const AMOUNT_PLACES = 2;
export const DECIMAL_PLACES = 9;

/** YYYY/MM/DD from whatever was typed (or pasted): its digits, slashes in their places. */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}/${digits.slice(4)}`;
  return `${digits.slice(0, 4)}/${digits.slice(4, 6)}/${digits.slice(6)}`;
}

function groupThousands(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return trimmed.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An integer with thousands separators; a leading minus is kept when `signed`. */
export function maskInteger(text: string, signed = false): string {
  const negative = signed && text.trim().startsWith('-');
  const digits = text.replace(/\D/g, '').slice(0, 15);
  if (!digits) return negative ? '-' : '';
  return `${negative ? '-' : ''}${groupThousands(digits)}`;
}

/** A decimal with thousands separators in its whole part and at most `places` digits after its one point. */
export function maskDecimal(text: string, places: number, signed = false): string {
  const negative = signed && text.trim().startsWith('-');
  const cleaned = text.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  const whole = (point === -1 ? cleaned : cleaned.slice(0, point)).slice(0, 15);
  const sign = negative ? '-' : '';
  if (point === -1 || places === 0) return whole ? `${sign}${groupThousands(whole)}` : sign;
  const fraction = cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, places);
  return `${sign}${whole ? groupThousands(whole) : '0'}.${fraction}`;
}

export function applyMask(kind: MaskKind, text: string, signed = false): string {
  switch (kind) {
    case 'date':
      return maskDate(text);
    case 'integer':
      return maskInteger(text, signed);
    case 'decimal':
      return maskDecimal(text, DECIMAL_PLACES, signed);
    case 'amount':
      return maskDecimal(text, AMOUNT_PLACES, signed);
  }
}

/** The number a masked text stands for, as the contract's decimal strings are written ("1,234.50" → "1234.50"). */
export function unmaskNumber(text: string): string {
  return text.replace(/,/g, '');
}

/** How many kept characters (digits, point, minus) come before `caret` in `text`. */
export function significantBefore(text: string, caret: number): number {
  return text.slice(0, caret).replace(/[^\d.-]/g, '').length;
}

/** The caret position in `masked` after `count` kept characters (so typing before a separator stays in place). */
export function caretAfter(masked: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < masked.length; index++) {
    if (/[\d.-]/.test(masked[index] as string)) seen++;
    if (seen === count) return index + 1;
  }
  return masked.length;
}

/** What the keyboard of a phone should offer for each kind. */
export const MASK_INPUT_MODE: Record<MaskKind, 'numeric' | 'decimal'> = {
  date: 'numeric',
  integer: 'numeric',
  decimal: 'decimal',
  amount: 'decimal',
};

export const MASK_PLACEHOLDER: Partial<Record<MaskKind, string>> = { date: 'YYYY/MM/DD' };
