import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { defineRecurringJob } from '../../jobs/recurring-job.js';
import { accountsOf, type Notifier, notifyAccounts } from '../../notifications/index.js';
import { rowsOf } from './queries.js';

/** Outbox rows one pass tells; a run makes passes until the outbox is empty or PASSES_PER_RUN is reached. */
const ROWS_PER_PASS = 500;
const PASSES_PER_RUN = 20;
/** A claim older than this was a run that died: its rows are told again (at least once, never lost). */
const CLAIM_STALE_MS = 10 * 60_000;
/** How often the outbox is looked at: statements arrive in month-end batches, a few minutes' delay is fine. */
export const ANNOUNCE_EVERY_MS = 5 * 60_000;

interface OutboxRow {
  id: number;
  kind: 'statement' | 'commission_statement';
  party_id: number;
  month: string;
}

/**
 * One pass over the statement outbox (migration 0050): claims up to ROWS_PER_PASS rows (skipping those another
 * process holds), tells each person of their new statement (`statement_available` to the client,
 * `commission_statement_ready` to the producer, naming the month; accountsOf picks the account), then deletes the rows told.
 * Answers how many rows it told.
 */
export async function announceNewStatements(
  deps: { db: Db; notifier: Notifier; log: FastifyBaseLogger },
  now: Date,
): Promise<number> {
  const stale = new Date(now.getTime() - CLAIM_STALE_MS).toISOString();
  const claimed = await rowsOf<OutboxRow>(
    deps.db,
    sql`update statement_notice_outbox set claimed_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from statement_notice_outbox
        where claimed_at is null or claimed_at < ${stale}::timestamptz
        order by id limit ${ROWS_PER_PASS} for update skip locked)
      returning id::int, kind, party_id::int, to_char(month, 'YYYY/MM') as month`,
  );
  for (const row of claimed) {
    const forClient = row.kind === 'statement';
    await notifyAccounts(
      deps,
      await accountsOf(deps.db, forClient ? { clientId: row.party_id } : { producerId: row.party_id }),
      {
        type: forClient ? 'statement_available' : 'commission_statement_ready',
        link: forClient ? '/b2c' : '/b2b/commissions',
        params: { item: row.month },
      },
      now,
    );
  }
  if (claimed.length > 0) {
    const ids = claimed.map((row) => row.id);
    await deps.db.execute(
      sql`delete from statement_notice_outbox where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  return claimed.length;
}

/** The `notifications.statements` job: every ANNOUNCE_EVERY_MS (jobs/recurring-job.ts); answers its scheduler. */
export function defineStatementNoticeJob(
  deps: { db: Db; notifier: Notifier; log: FastifyBaseLogger },
  jobs: JobQueue,
  now: () => Date,
) {
  return defineRecurringJob(
    jobs,
    {
      name: 'notifications.statements',
      nextAt: (at) => new Date((Math.floor(at.getTime() / ANNOUNCE_EVERY_MS) + 1) * ANNOUNCE_EVERY_MS),
      run: async () => {
        let told = 0;
        for (let pass = 0; pass < PASSES_PER_RUN; pass += 1) {
          const count = await announceNewStatements(deps, now());
          told += count;
          if (count < ROWS_PER_PASS) break;
        }
        if (told > 0) deps.log.info({ told }, 'new statements announced');
      },
    },
    now,
  );
}
