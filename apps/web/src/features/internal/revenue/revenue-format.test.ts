import { describe, expect, it } from 'vitest';
import { formatRevenueRate } from './revenue-format';

describe('formatRevenueRate', () => {
  it('shows stored 8 dp rates to 4 dp', () => {
    expect(formatRevenueRate('0.55000000')).toBe('0.5500');
    expect(formatRevenueRate('0.12345678')).toBe('0.1235');
    expect(formatRevenueRate('1.5')).toBe('1.5000');
  });

  it('rounds the decimal string, not a binary float', () => {
    // As a double 1.00005 is 1.0000499999…, which a float rounding would show as 1.0000.
    expect(formatRevenueRate('1.00005000')).toBe('1.0001');
    expect(formatRevenueRate('0.00004999')).toBe('0.0000');
    expect(formatRevenueRate('-0.00005')).toBe('-0.0001');
  });

  it('keeps thousands separators and shows a dash for nothing', () => {
    expect(formatRevenueRate('1234.56789')).toBe('1,234.5679');
    expect(formatRevenueRate(null)).toBe('-');
    expect(formatRevenueRate('')).toBe('-');
  });

  it('shows a rate line that is not a number as it is', () => {
    expect(formatRevenueRate('per schedule')).toBe('per schedule');
  });
});
