import { describe, expect, it } from 'vitest';
import {
  convertAtRate,
  formatAmount,
  formatDate,
  formatRate,
  formatUnits,
  quotedCrossRate,
  quoteRate,
  sumAmounts,
  toScaled,
  unitsValue,
} from './decimal.js';
import { escapeHtml, sanitizeHtml } from './html.js';

describe('decimal strings', () => {
  it('formats amounts with 2 decimals and units with 4, with thousands separators, exactly', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('1.005')).toBe('1.01');
    expect(formatAmount('-0.004')).toBe('0.00');
    expect(formatAmount('-2500.1')).toBe('-2,500.10');
    expect(formatUnits('1234.56789')).toBe('1,234.5679');
    expect(formatAmount(null)).toBe('-');
    expect(formatDate('2026-05-31')).toBe('2026/05/31');
  });

  it('sums without float drift', () => {
    expect(sumAmounts(['0.10', '0.20', '0.30'])).toBe('0.60');
    expect(sumAmounts(['12345678901234.55', '0.01'])).toBe('12345678901234.56');
    expect(() => toScaled('12a', 2)).toThrow();
    // 1,109.2005 units × 1.3748 = 1,524.9288… → 1,524.93
    expect(unitsValue('1109.2005', '1.3748')).toBe('1524.93');
  });

  it('quotes rates with 6 significant digits, never more than 8 decimals', () => {
    expect(quoteRate('0.006671234567')).toBe('0.00667123');
    expect(quoteRate('149.8965')).toBe('149.897');
    expect(quoteRate('1.2704')).toBe('1.27040');
    expect(quoteRate('1')).toBe('1.00000');
    expect(quoteRate('123456789.5')).toBe('123456790');
    // A weak currency keeps what 8 decimals allow: 0.0000723456 → 0.00007235.
    expect(quoteRate('0.0000723456')).toBe('0.00007235');
    expect(() => quoteRate('0')).toThrow();
  });

  it('takes a cross rate exactly from the USD quotes and quotes it once', () => {
    // 0.12800000 / 1.08000000 = 0.118518518…; through a rounded USD leg it would differ.
    expect(quotedCrossRate('0.12800000', '1.08000000')).toBe('0.118519');
    expect(quotedCrossRate('0.00667123', '1')).toBe('0.00667123');
    expect(quotedCrossRate('1', '0.00667123')).toBe('149.897');
  });

  it('converts at exactly the quoted rate, so amount × printed rate = printed result', () => {
    // The line printed 0.0067 beside 280,879.02 USD; the quote that gives that result is printed in full.
    const rate = quotedCrossRate('0.00667123', '1');
    expect(convertAtRate('42103033.60', rate)).toBe('280879.02');
    expect(formatRate(rate)).toBe('0.00667123');
    expect(convertAtRate('1000.00', '0.118519')).toBe('118.52');
    expect(convertAtRate('-10.00', '0.333333')).toBe('-3.33');
    expect(convertAtRate('0.00', '149.898')).toBe('0.00');
  });

  it('prints a rate with every digit it carries, at least 4 decimals', () => {
    expect(formatRate('0.00667123')).toBe('0.00667123');
    expect(formatRate('1.27040000')).toBe('1.2704');
    expect(formatRate('149.898')).toBe('149.8980');
    expect(formatRate('1234.5')).toBe('1,234.5000');
    expect(formatRate(null)).toBe('-');
  });
});

describe('HTML', () => {
  it('escapes every special character', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe(
      '&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;',
    );
  });

  it('keeps only bare formatting tags of provider HTML', () => {
    const dirty =
      '<p onclick="x()">Values are <strong style="a">not guaranteed</strong> &amp; may fall<script>alert(1)</script>' +
      '<img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a><br/>1 < 2</p><!-- c -->';
    const clean = sanitizeHtml(dirty);
    expect(clean).toBe('<p>Values are <strong>not guaranteed</strong> &amp; may falllink<br>1 &lt; 2</p>');
  });
});
