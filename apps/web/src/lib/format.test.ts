import { describe, expect, it } from 'vitest';
import {
  DASH,
  formatAmount,
  formatDate,
  formatDecimal,
  formatExchangeRate,
  formatInteger,
  formatMoney,
  formatMonth,
  formatPercent,
  formatPrice,
  formatRate,
  formatUnits,
  orDash,
  parseNumber,
  toIsoDate,
} from './format';

describe('amounts', () => {
  it('uses thousands separators and exactly 2 decimals', () => {
    expect(formatAmount(1234567.5)).toBe('1,234,567.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(12)).toBe('12.00');
    expect(formatAmount(999.999)).toBe('1,000.00');
  });

  it('formats negative numbers with a leading minus, and no "-0.00"', () => {
    expect(formatAmount(-1234.5)).toBe('-1,234.50');
    expect(formatAmount(-0.001)).toBe('0.00');
  });

  it('rounds decimal strings exactly (no binary float drift)', () => {
    expect(formatAmount('1.005')).toBe('1.01');
    expect(formatAmount('1234567890123.455')).toBe('1,234,567,890,123.46');
    expect(formatAmount(' -2,500.1 ')).toBe('-2,500.10');
  });

  it('shows a dash for null, undefined, empty and non-numbers', () => {
    expect(formatAmount(null)).toBe(DASH);
    expect(formatAmount(undefined)).toBe(DASH);
    expect(formatAmount('')).toBe(DASH);
    expect(formatAmount('abc')).toBe(DASH);
    expect(formatAmount(Number.NaN)).toBe(DASH);
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe(DASH);
  });

  it('puts the currency in front when given', () => {
    expect(formatMoney(1500, 'USD')).toBe('USD 1,500.00');
    expect(formatMoney(null, 'USD')).toBe(DASH);
    expect(formatMoney(3, null)).toBe('3.00');
  });
});

describe('units, prices and rates', () => {
  it('show 4 decimals', () => {
    expect(formatUnits(1234.56789)).toBe('1,234.5679');
    expect(formatPrice('10.5')).toBe('10.5000');
    expect(formatRate(7.8)).toBe('7.8000');
    expect(formatRate('0.12345')).toBe('0.1235');
  });

  it('shows an exchange rate with every digit it carries, so value × rate = amount shown', () => {
    // JPY → USD used to show 0.006671 while 0.00667123 was applied: USD 5 off on a large holding.
    expect(formatExchangeRate('0.00667123')).toBe('0.00667123');
    expect(formatExchangeRate('1.27040000')).toBe('1.2704');
    expect(formatExchangeRate('149.897')).toBe('149.8970');
    expect(formatExchangeRate('7.80000000')).toBe('7.8000');
    expect(formatExchangeRate(null)).toBe('-');
    expect(formatUnits(-3.2)).toBe('-3.2000');
    expect(formatPrice(undefined)).toBe(DASH);
  });

  it('integers, arbitrary decimals and percentages', () => {
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatDecimal('0.123456789', 9)).toBe('0.123456789');
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(null)).toBe(DASH);
  });
});

describe('dates', () => {
  it('formats ISO dates as YYYY/MM/DD', () => {
    expect(formatDate('2024-03-01')).toBe('2024/03/01');
  });

  it('never shifts the day by time zone: the date part of the string wins', () => {
    expect(formatDate('2024-03-01T00:00:00Z')).toBe('2024/03/01');
    expect(formatDate('2024-12-31T23:30:00-08:00')).toBe('2024/12/31');
    expect(formatDate('2024-01-01 00:00:00')).toBe('2024/01/01');
  });

  it('formats Date objects with their local date', () => {
    expect(formatDate(new Date(2023, 0, 5))).toBe('2023/01/05');
  });

  it('shows a dash for empty or invalid input', () => {
    expect(formatDate(null)).toBe(DASH);
    expect(formatDate(undefined)).toBe(DASH);
    expect(formatDate('')).toBe(DASH);
    expect(formatDate('not a date')).toBe(DASH);
    expect(formatDate(new Date('invalid'))).toBe(DASH);
  });

  it('keeps display dates and converts them back to ISO', () => {
    expect(formatDate('2024/03/01')).toBe('2024/03/01');
    expect(toIsoDate('2024/03/01')).toBe('2024-03-01');
    expect(toIsoDate('01/03/2024')).toBeNull();
  });

  it('formats months', () => {
    expect(formatMonth('2024-05')).toBe('2024/05');
    expect(formatMonth('2024-05-01')).toBe('2024/05');
    expect(formatMonth(null)).toBe(DASH);
  });
});

describe('helpers', () => {
  it('parses masked numbers back', () => {
    expect(parseNumber('1,234.50')).toBe(1234.5);
    expect(parseNumber('-7')).toBe(-7);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1.2.3')).toBeNull();
  });

  it('shows a dash for empty text', () => {
    expect(orDash('')).toBe(DASH);
    expect(orDash(null)).toBe(DASH);
    expect(orDash(0)).toBe('0');
    expect(orDash('AG12345678')).toBe('AG12345678');
  });
});
