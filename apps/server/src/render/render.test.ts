import { describe, expect, it } from 'vitest';
import {
  convertAmount,
  crossRate,
  formatAmount,
  formatDate,
  formatUnits,
  sumAmounts,
  toScaled,
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

  it('sums without float drift and converts through USD quotes to the cent', () => {
    expect(sumAmounts(['0.10', '0.20', '0.30'])).toBe('0.60');
    expect(sumAmounts(['12345678901234.55', '0.01'])).toBe('12345678901234.56');
    // 1 000 HKD at 0.128 USD/HKD into EUR at 1.08 USD/EUR = 118.518518… EUR
    expect(convertAmount('1000.00', '0.12800000', '1.08000000')).toBe('118.52');
    expect(crossRate('0.12800000', '1.08000000')).toBe('0.11851852');
    expect(convertAmount('-10.00', '1', '3')).toBe('-3.33');
    expect(() => toScaled('12a', 2)).toThrow();
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
