import { describe, expect, it } from 'vitest';
import { formatDuration, formatProgress, Progress } from './progress.js';

describe('formatDuration', () => {
  it('prints minutes and seconds, hours when there are any, and dashes when unknown', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(192)).toBe('3:12');
    expect(formatDuration(3_725)).toBe('1:02:05');
    expect(formatDuration(Number.NaN)).toBe('--:--');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('--:--');
    expect(formatDuration(-1)).toBe('--:--');
  });
});

describe('formatProgress', () => {
  it('shows the bar, the share done, the counts, the rate of rows and the time left at that pace', () => {
    // 412 000 of 960 000 policies and 3 045 900 rows of every table in 143 s: 548 000 left at 2 881 policies/s.
    const line = formatProgress({
      done: 412_000,
      total: 960_000,
      unit: 'policies',
      rows: 3_045_900,
      elapsedSeconds: 143,
    });
    expect(line).toBe('[##########--------------] 42% 412,000/960,000 policies · 21,300 rows/s · ETA 3:10');
  });

  it('has no ETA before anything is done, and a full bar at the end', () => {
    expect(formatProgress({ done: 0, total: 10, unit: 'clients', rows: 0, elapsedSeconds: 0 })).toBe(
      '[------------------------] 0% 0/10 clients · 0 rows/s · ETA --:--',
    );
    expect(formatProgress({ done: 10, total: 10, unit: 'clients', rows: 500, elapsedSeconds: 4 })).toBe(
      '[########################] 100% 10/10 clients · 125 rows/s · ETA 0:00',
    );
  });

  it('never draws past the ends of the bar', () => {
    expect(formatProgress({ done: 12, total: 10, unit: 'x', rows: 1, elapsedSeconds: 1 })).toMatch(
      /^\[#{24}\] 100% /,
    );
    expect(formatProgress({ done: 1, total: 0, unit: 'x', rows: 1, elapsedSeconds: 1 })).toMatch(
      /^\[-{24}\] 0% /,
    );
  });
});

describe('Progress', () => {
  it('writes one line per interval to a log, and the final line of each phase once', () => {
    let now = 0;
    const out: string[] = [];
    const progress = new Progress({
      write: (s) => out.push(s),
      tty: false,
      intervalSeconds: 10,
      now: () => now,
    });
    progress.begin('policies', 100, 'policies');
    progress.update(10, 50); // first figures: written
    now = 5_000;
    progress.update(20, 100); // within 10 s: not written
    now = 12_000;
    progress.update(100, 500); // written
    progress.end(); // same figures: not repeated
    expect(out).toHaveLength(2);
    expect(out[1]).toBe(
      'policies: [########################] 100% 100/100 policies · 42 rows/s · ETA 0:00\n',
    );
    expect(progress.phases).toEqual([{ name: 'policies', seconds: 12, rows: 500 }]);
  });

  it('redraws in place on a terminal and ends the phase with a new line', () => {
    let now = 0;
    const out: string[] = [];
    const progress = new Progress({ write: (s) => out.push(s), tty: true, now: () => now });
    progress.begin('statements', 4, 'clients');
    progress.update(1, 10);
    now = 1_000;
    progress.update(2, 20);
    progress.begin('analyze', 1, 'steps');
    expect(out.every((s) => s.startsWith('\r') && s.includes('\x1b[K'))).toBe(true);
    expect(out.at(-1)?.endsWith('\n')).toBe(true);
    expect(out.at(-1)).toContain(
      'statements: [############------------] 50% 2/4 clients · 20 rows/s · ETA 0:01',
    );
    expect(progress.phases.map((p) => p.name)).toEqual(['statements']);
  });
});
