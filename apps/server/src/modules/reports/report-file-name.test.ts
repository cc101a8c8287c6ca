import { reportToday } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { reportFileName, reportSlug } from './report-file-name.js';

const now = new Date('2026-11-24T02:00:00Z');
const today = reportToday(now);

describe('report file names', () => {
  it('name the report and the period of its own filters', () => {
    expect(reportSlug(8)).toBe('credit-card-expiry');
    const range = ['dateFrom', 'dateTo'];
    expect(reportFileName(1, range, { dateFrom: '2026-01-01', dateTo: '2026-06-30' }, now, today)).toBe(
      'lapsed-surrender_2026-01-01_2026-06-30.xlsx',
    );
    expect(reportFileName(1, range, { dateFrom: '2026-01-01' }, now, today)).toBe(
      'lapsed-surrender_from_2026-01-01.xlsx',
    );
    expect(reportFileName(1, range, {}, now, today)).toBe('lapsed-surrender_2026-11-24.xlsx');
    // A filter the report does not read does not name its file.
    expect(reportFileName(1, ['status'], { dateFrom: '2026-01-01' }, now, today)).toBe(
      'lapsed-surrender_2026-11-24.xlsx',
    );
  });

  it('date a birthday month by its next occurrence and an expiry range by its months', () => {
    expect(reportFileName(6, ['month'], { month: 12 }, now, today)).toBe('birthday_2026-12.xlsx');
    expect(reportFileName(6, ['month'], { month: 1 }, now, today)).toBe('birthday_2027-01.xlsx');
    const expiry = ['expiryFromYear', 'expiryFromMonth', 'expiryToYear', 'expiryToMonth'];
    expect(
      reportFileName(
        8,
        expiry,
        { expiryFromYear: 2026, expiryFromMonth: 11, expiryToYear: 2027, expiryToMonth: 3 },
        now,
        today,
      ),
    ).toBe('credit-card-expiry_2026-11_2027-03.xlsx');
  });
});
