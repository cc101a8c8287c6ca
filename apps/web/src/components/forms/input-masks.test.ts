import { describe, expect, it } from 'vitest';
import {
  applyMask,
  caretAfter,
  maskDate,
  maskDecimal,
  maskInteger,
  significantBefore,
  unmaskNumber,
} from './input-masks';

describe('date mask (YYYY/MM/DD)', () => {
  it.each([
    ['2', '2'],
    ['2026', '2026'],
    ['20261', '2026/1'],
    ['202605', '2026/05'],
    ['20260506', '2026/05/06'],
    ['2026/05/06', '2026/05/06'],
    ['2026-05-06', '2026/05/06'],
    ['2026050612', '2026/05/06'],
    ['abc2026x05y06', '2026/05/06'],
    ['20261345', '2026/13/45'],
    ['', ''],
  ])('%s → %s', (typed, shown) => expect(maskDate(typed)).toBe(shown));
});

describe('integer mask (thousands separators)', () => {
  it.each([
    ['1234567', '1,234,567'],
    ['1,234,567', '1,234,567'],
    ['12a34', '1,234'],
    ['007', '7'],
    ['0', '0'],
    ['12.5', '125'],
    ['', ''],
  ])('%s → %s', (typed, shown) => expect(maskInteger(typed)).toBe(shown));

  it('keeps a minus only when signed', () => {
    expect(maskInteger('-1234')).toBe('1,234');
    expect(maskInteger('-1234', true)).toBe('-1,234');
  });
});

describe('decimal mask (up to 9 places)', () => {
  it.each([
    ['1234.5678', '1,234.5678'],
    ['0.123456789123', '0.123456789'],
    ['.5', '0.5'],
    ['1234.', '1,234.'],
    ['1.2.3', '1.23'],
    ['1234567', '1,234,567'],
  ])('%s → %s', (typed, shown) => expect(applyMask('decimal', typed)).toBe(shown));
});

describe('amount mask (2 places)', () => {
  it.each([
    ['1234567.891', '1,234,567.89'],
    ['35273.49', '35,273.49'],
    ['10.5', '10.5'],
    ['abc', ''],
  ])('%s → %s', (typed, shown) => expect(applyMask('amount', typed)).toBe(shown));

  it('gives the decimal string to send', () => {
    expect(unmaskNumber('1,234,567.89')).toBe('1234567.89');
    expect(maskDecimal('-12.345', 2, true)).toBe('-12.34');
  });
});

describe('caret', () => {
  it('stays after the same digit when separators move', () => {
    // "1234|" typed as the 4th digit: shown "1,234", caret after the 4 (position 5).
    expect(caretAfter('1,234', significantBefore('1234', 4))).toBe(5);
    // Typing a 9 after "12" in "1,234" (→ "1,2934"): caret after the 9.
    const typed = '1,2934';
    expect(caretAfter(maskInteger(typed), significantBefore(typed, 4))).toBe(4);
    // Date: the 5th digit jumps past the added slash.
    expect(caretAfter(maskDate('20260'), significantBefore('20260', 5))).toBe(6);
  });
});
