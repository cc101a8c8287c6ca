import { describe, expect, it } from 'vitest';
import { birthMonthDaysOfWeek, weekOf } from './cases.js';

describe('the Hong Kong week', () => {
  it('runs Monday to Sunday from any of its days', () => {
    expect(weekOf('2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('names the birthdays of its seven days, across a month and a year end', () => {
    expect(birthMonthDaysOfWeek('2026-12-31')).toEqual([1228, 1229, 1230, 1231, 101, 102, 103]);
  });

  it('counts 29 February on 28 February in a common year, and once in a leap year', () => {
    // 2027 is a common year: the week of 22–28 February holds the 29th's birthdays too.
    expect(birthMonthDaysOfWeek('2027-02-24')).toEqual([222, 223, 224, 225, 226, 227, 228, 229]);
    // 2028 is a leap year: 29 February is a day of its own week.
    expect(birthMonthDaysOfWeek('2028-02-29')).toEqual([228, 229, 301, 302, 303, 304, 305]);
  });
});
