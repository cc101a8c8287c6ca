import { describe, expect, it } from 'vitest';
import { convertAtRate, quotedCrossRate, sumAmounts } from '../../render/decimal.js';
import { centsText, convertCents, exactRate, toCents } from './cents.js';

/** A small seeded generator: the same cases on every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('cents: the same figures as render/decimal.ts', () => {
  it('parses, prints, sums and converts 20 000 amounts exactly as the decimal functions do', () => {
    const random = lcg(7);
    const amount = () => {
      const magnitude = 10 ** Math.floor(random() * 11);
      const value = (random() - 0.2) * magnitude;
      return value.toFixed(Math.floor(random() * 4));
    };
    const usd = ['1', '0.00667123', '0.12820500', '1.27040000', '1.08450000', '0.00071234'];
    const rates = usd.flatMap((a) => usd.map((b) => quotedCrossRate(a, b)));
    const amounts: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const text = amount();
      amounts.push(text);
      const cents = toCents(text);
      expect(centsText(cents)).toBe(sumAmounts([text]));
      const rate = rates[i % rates.length] as string;
      expect(centsText(convertCents(cents, exactRate(rate)))).toBe(convertAtRate(centsText(cents), rate));
    }
    expect(centsText(amounts.reduce((total, a) => total + toCents(a), 0))).toBe(sumAmounts(amounts));
  });

  it('handles signs, zero and whole numbers', () => {
    expect(centsText(toCents('-0.004'))).toBe('0.00');
    expect(centsText(toCents('-0.005'))).toBe('-0.01');
    expect(centsText(toCents('12'))).toBe('12.00');
    expect(centsText(toCents('-1234.5'))).toBe('-1234.50');
    expect(convertCents(-100, exactRate('1.005'))).toBe(-101);
  });
});
