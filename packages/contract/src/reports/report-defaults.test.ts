import { describe, expect, it } from 'vitest';
import { lapsedSurrenderReport } from './definitions/lapsed-surrender.js';
import { expiryYearOptions, reportDefaults, reportToday, withReportDefaults } from './report-defaults.js';

const december = reportToday(new Date('2026-12-15T03:00:00Z'));

describe('report defaults', () => {
  it('takes today from the Hong Kong calendar', () => {
    // 31 Dec 17:00 UTC is already 1 January in Hong Kong.
    expect(reportToday(new Date('2026-12-31T17:00:00Z'))).toEqual({ year: 2027, month: 1 });
    expect(december).toEqual({ year: 2026, month: 12 });
  });

  it('gives type 6 the month after this one, January after December', () => {
    expect(reportDefaults(6, december)).toEqual({ month: 1 });
    expect(reportDefaults(6, { year: 2026, month: 4 })).toEqual({ month: 5 });
  });

  it('gives type 8 an expiry range of this year and month, and APPL to the application-date types', () => {
    expect(reportDefaults(8, december)).toEqual({
      expiryFromYear: 2026,
      expiryFromMonth: 12,
      expiryToYear: 2026,
      expiryToMonth: 12,
    });
    for (const type of [2, 3, 4, 10, 11, 12, 13, 14] as const)
      expect(reportDefaults(type, december)).toEqual({ dateType: 'APPL' });
    for (const type of [1, 5, 7, 9, 201] as const) expect(reportDefaults(type, december)).toEqual({});
    expect(expiryYearOptions(december)).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032]);
  });

  it('fills only missing fields the report reads, and keeps what the request gave', () => {
    expect(withReportDefaults({}, 6, ['month'], december)).toEqual({ month: 1 });
    expect(withReportDefaults({ month: 7 }, 6, ['month'], december)).toEqual({ month: 7 });
    expect(withReportDefaults({}, 6, ['dateFrom'], december)).toEqual({});
    expect(
      withReportDefaults({ expiryToMonth: 3 }, 8, ['expiryFromYear', 'expiryToMonth'], december),
    ).toEqual({
      expiryFromYear: 2026,
      expiryToMonth: 3,
    });
  });
});

describe('report 1 criteria', () => {
  const parse = (input: Record<string, unknown>) => lapsedSurrenderReport.criteria.safeParse(input);

  it('reads the form the original front end sends: blank fields, comma-joined exclusions, slash dates', () => {
    const result = parse({
      reportType: '1',
      dateFrom: '2026/01/01',
      dateTo: '',
      excludeStatus: 'CAN,LAP',
      status: '',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      reportType: 1,
      dateFrom: '2026-01-01',
      excludeStatus: ['CAN', 'LAP'],
    });
    expect(result.data?.dateTo).toBeUndefined();
  });

  it.each([
    [{ reportType: 1, status: 'INF' }, 'status'],
    [{ reportType: 1, status: 'XXX' }, 'status'],
    [{ reportType: 1, dateFrom: '2026-02-01', dateTo: '2026-01-01' }, 'dateTo'],
    [{ reportType: 1, excludeStatus: 'CAN,XXX' }, 'excludeStatus'],
    [{ reportType: 99 }, 'reportType'],
    [{ reportType: 1, page: '01' }, 'page'],
  ])('refuses %j on %s', (input, field) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => String(i.path[0]))).toContain(field);
  });
});
