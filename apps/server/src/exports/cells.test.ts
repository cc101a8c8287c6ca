import { describe, expect, it } from 'vitest';
import { cellValue, columnWidth, numberFormat } from './cells.js';

describe('export cells', () => {
  it('types decimals as numbers without losing cents, and keeps what does not fit as text', () => {
    expect(cellValue('amount', '1234567890123.45')).toBe(1234567890123.45);
    expect(cellValue('amount', '0.10')).toBe(0.1);
    expect(cellValue('amount', '-12.01')).toBe(-12.01);
    expect(cellValue('units', '3.3333')).toBe(3.3333);
    expect(cellValue('int', '9007199254740')).toBe(9007199254740);
    expect(cellValue('int', 42n)).toBe(42);
    expect(cellValue('amount', 'n/a')).toBe('n/a');
    expect(cellValue('amount', null)).toBeNull();
    expect(cellValue('amount', '')).toBeNull();
  });

  it('turns ISO dates into UTC-midnight dates (a whole Excel day), whatever the time zone', () => {
    expect((cellValue('date', '2026-02-28') as Date).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect((cellValue('date', '2026-02-28 13:45:00+08') as Date).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(cellValue('date', 'soon')).toBe('soon');
    expect(numberFormat('date')).toBe('yyyy/mm/dd');
    expect(numberFormat('amount')).toBe('#,##0.00');
    expect(numberFormat('units')).toBe('#,##0.0000');
    expect(numberFormat('text')).toBeUndefined();
  });

  it('sizes a column for its header and first values, CJK counting double, within 8..60', () => {
    expect(columnWidth({ kind: 'text', header: 'No' }, [])).toBe(8);
    expect(columnWidth({ kind: 'text', header: '簽發日期簽發日期' }, [])).toBe(19);
    expect(columnWidth({ kind: 'amount', header: 'P' }, [1234567.5])).toBe('1,234,567.50'.length + 1);
    expect(columnWidth({ kind: 'text', header: 'x' }, ['y'.repeat(200)])).toBe(60);
  });
});
