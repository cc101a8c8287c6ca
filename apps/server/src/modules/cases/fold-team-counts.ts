import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { dailyAtHourUtc, defineRecurringJob } from '../../jobs/recurring-job.js';

/** 04:00 in Hong Kong: the quietest hour, after the day every kept row is dated by has turned. */
const FOLD_HOUR_UTC = 20;

/**
 * The `cases.fold-team-counts` job (decision 063): once a day, the kept team counts' rows dated more than 366 days ago
 * merge into their shared day. Their figures do not depend on it (every such day is counted alike); without it each
 * team would keep one row per stage or view for every day of its oldest open cases, and the home's reads would grow
 * with the years.
 */
export function defineTeamCountFoldJob(db: Db, jobs: JobQueue, now: () => Date, log: FastifyBaseLogger) {
  return defineRecurringJob(
    jobs,
    {
      name: 'cases.fold-team-counts',
      nextAt: dailyAtHourUtc(FOLD_HOUR_UTC),
      run: async () => {
        const folded = (await db.execute(
          sql`select fold_team_stage_days() as stage_days, fold_team_requirement_days() as requirement_days`,
        )) as unknown as { rows: { stage_days: number; requirement_days: number }[] };
        log.info({ folded: folded.rows[0] }, 'kept team counts folded');
      },
    },
    now,
  );
}
