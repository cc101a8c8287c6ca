import type { JobQueue } from './queue.js';

/** A job that runs again and again at times it computes (the daily digest, the statement notices). */
export interface RecurringJob {
  name: string;
  /** The next run's time after `now`. */
  nextAt(now: Date): Date;
  /** The run's work; the next run is scheduled after it, also when it fails for good (its retries are pg-boss'). */
  run(): Promise<void>;
}

/** A `nextAt` for a job run once a day at `hourUtc`: today's hour if still ahead, else tomorrow's. */
export function dailyAtHourUtc(hourUtc: number): (now: Date) => Date {
  return (now) => {
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
    if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
    return next;
  };
}

/**
 * The names of the recurring jobs defined in this process: their next run waits for its time by design, so it is no
 * pending work (the tests' jobsSettled leaves them out).
 */
export const recurringJobNames = new Set<string>();

/**
 * Defines a recurring job on the queue and answers the function that schedules its next run. Each run is one job sent
 * for its time with that time as its key: pg-boss keeps one job per key, so several processes starting together
 * schedule a run once, and whichever process is free runs it. Each run schedules the next. No cron: pg-boss' own
 * scheduler is off in this project (jobs/queue.ts).
 */
export function defineRecurringJob(jobs: JobQueue, job: RecurringJob, now: () => Date): () => Promise<void> {
  const schedule = async () => {
    const at = job.nextAt(now());
    const slot = at.toISOString();
    await jobs.boss.send(job.name, { slot }, { startAfter: at, singletonKey: `${job.name}:${slot}` });
  };
  recurringJobNames.add(job.name);
  jobs.define<{ slot: string }>({
    name: job.name,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    handle: async () => {
      try {
        await job.run();
      } finally {
        await schedule();
      }
    },
  });
  return schedule;
}
