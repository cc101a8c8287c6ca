import { describe, expect, it } from 'vitest';
import type { JobQueue, QueueDefinition } from './queue.js';
import { dailyAtHourUtc, defineRecurringJob } from './recurring-job.js';

/** A job queue that only records: what was defined, and each job sent with its options. */
function recordingQueue() {
  const defined: QueueDefinition<{ slot: string }>[] = [];
  const sent: { name: string; data: unknown; options: Record<string, unknown> }[] = [];
  const jobs = {
    define: (definition: QueueDefinition<{ slot: string }>) => defined.push(definition),
    boss: {
      send: async (name: string, data: unknown, options: Record<string, unknown>) => {
        sent.push({ name, data, options });
        return 'id';
      },
    },
  } as unknown as JobQueue;
  return { jobs, defined, sent };
}

describe('defineRecurringJob', () => {
  it('schedules each run for its time under the time as key, and the next one after a run, failed or not', async () => {
    const { jobs, defined, sent } = recordingQueue();
    let clock = new Date('2026-11-28T09:02:00Z');
    let runs = 0;
    let fail = false;
    const schedule = defineRecurringJob(
      jobs,
      {
        name: 'test.every-five',
        nextAt: (now) => new Date((Math.floor(now.getTime() / 300_000) + 1) * 300_000),
        run: async () => {
          runs += 1;
          if (fail) throw new Error('down');
        },
      },
      () => clock,
    );
    await schedule();
    expect(sent).toEqual([
      {
        name: 'test.every-five',
        data: { slot: '2026-11-28T09:05:00.000Z' },
        options: {
          startAfter: new Date('2026-11-28T09:05:00Z'),
          singletonKey: 'test.every-five:2026-11-28T09:05:00.000Z',
        },
      },
    ]);
    const handle = defined[0]?.handle;
    expect(defined[0]?.name).toBe('test.every-five');

    clock = new Date('2026-11-28T09:05:01Z');
    await handle?.({ slot: '2026-11-28T09:05:00.000Z' }, { id: '1', retryCount: 0 });
    expect(runs).toBe(1);
    expect(sent.at(-1)?.data).toEqual({ slot: '2026-11-28T09:10:00.000Z' });

    // A failed run is retried by pg-boss (the error goes up), and the next run is scheduled all the same.
    fail = true;
    clock = new Date('2026-11-28T09:10:02Z');
    await expect(handle?.({ slot: '2026-11-28T09:10:00.000Z' }, { id: '2', retryCount: 0 })).rejects.toThrow(
      'down',
    );
    expect(sent.at(-1)?.data).toEqual({ slot: '2026-11-28T09:15:00.000Z' });
  });
});

describe('dailyAtHourUtc', () => {
  it('answers today’s hour while it is ahead, else tomorrow’s, across a month end', () => {
    const at20 = dailyAtHourUtc(20);
    expect(at20(new Date('2026-11-29T19:59:59Z'))).toEqual(new Date('2026-11-29T20:00:00Z'));
    expect(at20(new Date('2026-11-29T20:00:00Z'))).toEqual(new Date('2026-11-30T20:00:00Z'));
    expect(at20(new Date('2026-11-30T23:00:00Z'))).toEqual(new Date('2026-12-01T20:00:00Z'));
  });
});
