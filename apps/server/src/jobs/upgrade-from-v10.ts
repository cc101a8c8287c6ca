import { PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';
import type { SqlSession } from '../db/raw-sql.js';

/**
 * pg-boss 10 left its schema at version 24, and pg-boss 11 and later have no migration from it (their oldest
 * starting point is 25; pg-boss' 11.0.0 release notes: move the jobs yourself). A database that ran the portal on
 * pg-boss 10 is upgraded here, once, before pg-boss 12 starts on it:
 *
 * 1. the old schema is renamed out of the way (`<schema>_v10`), so pg-boss 12 installs a fresh one;
 * 2. the old queues are created again with their policies (the queue table's shape changed);
 * 3. every job that still matters — waiting, due for a retry, running when the old process stopped, failed after
 *    its last attempt (an operator may retry it: `npm run jobs -w apps/server -- failed`) — is copied with its id,
 *    data (still sealed), attempts and dates; a job that was running is put back as a retry, since the process
 *    that ran it is gone. Completed and cancelled jobs are history and are not carried over;
 * 4. the old schema is dropped, in the same transaction as the copy.
 *
 * Every step can run again: a process that dies half-way leaves `<schema>_v10` behind, and the next start finds it
 * and finishes. Processes starting together take turns on an advisory lock. Statements go through one held
 * connection (`session`), the installs through the pool (`sql`), as pg-boss itself does.
 */
export async function upgradeFromPgBoss10(
  database: Pick<Database, 'sql' | 'session'>,
  schema: string,
): Promise<{ upgraded: boolean; jobs: number }> {
  const old = `${schema}_v10`;
  const session = await database.session();
  let failure: Error | undefined;
  try {
    await session.query(`select pg_advisory_lock(hashtext('portal:job-schema-upgrade'))`);
    try {
      if ((await schemaVersion(session, schema)) === 24) {
        await session.query(`alter schema ${schema} rename to ${old}`);
      }
      if (!(await schemaExists(session, old))) return { upgraded: false, jobs: 0 };
      await recreateQueues(database, session, schema, old);
      const jobs = await moveJobs(session, schema, old);
      return { upgraded: true, jobs };
    } finally {
      await session.query(`select pg_advisory_unlock(hashtext('portal:job-schema-upgrade'))`);
    }
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    session.release(failure);
  }
}

async function schemaVersion(session: SqlSession, schema: string): Promise<number | null> {
  const table = await session.query(`select to_regclass($1) as t`, [`${schema}.version`]);
  if (!table.rows[0]?.t) return null;
  const { rows } = await session.query(`select version from ${schema}.version`);
  return rows[0] ? Number(rows[0].version) : null;
}

async function schemaExists(session: SqlSession, schema: string): Promise<boolean> {
  const { rows } = await session.query(`select 1 from pg_namespace where nspname = $1`, [schema]);
  return rows.length > 0;
}

interface OldQueue {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  dead_letter: string | null;
}

/** Installs pg-boss 12 in `schema` (a no-op when it is there) and creates the old queues, dead letters after. */
async function recreateQueues(
  database: Pick<Database, 'sql'>,
  session: SqlSession,
  schema: string,
  old: string,
): Promise<void> {
  const { rows } = await session.query(
    `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, dead_letter
       from ${old}.queue order by name`,
  );
  const queues = rows as unknown as OldQueue[];
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.sql.executeSql(text, values) },
    schema,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  try {
    for (const q of queues) {
      await boss.createQueue(q.name, {
        ...(q.policy ? { policy: q.policy as 'standard' } : {}),
        ...(q.retry_limit !== null ? { retryLimit: q.retry_limit } : {}),
        ...(q.retry_delay !== null ? { retryDelay: q.retry_delay } : {}),
        ...(q.retry_backoff !== null ? { retryBackoff: q.retry_backoff } : {}),
        ...(q.expire_seconds ? { expireInSeconds: q.expire_seconds } : {}),
      });
    }
    // A queue names its dead-letter queue, which must exist first: set once every queue does.
    for (const q of queues) {
      if (q.dead_letter) await boss.updateQueue(q.name, { deadLetter: q.dead_letter });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/** Copies the jobs that still matter into the new schema and drops the old one, in one transaction. */
async function moveJobs(session: SqlSession, schema: string, old: string): Promise<number> {
  await session.query('begin');
  try {
    const moved = await session.query(
      `insert into ${schema}.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
              retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_seconds, created_on,
              completed_on, keep_until, output, dead_letter, policy)
       select id, name, priority, data,
              (case when state::text = 'active' then 'retry' else state::text end)::${schema}.job_state,
              retry_limit, retry_count, retry_delay, retry_backoff, start_after,
              case when state::text = 'active' then null else started_on end,
              singleton_key, singleton_on, greatest(1, extract(epoch from expire_in)::int), created_on,
              completed_on, keep_until, output, dead_letter, policy
         from ${old}.job
        where state::text in ('created', 'retry', 'active', 'failed')`,
    );
    await session.query(`drop schema ${old} cascade`);
    await session.query('commit');
    return moved.count;
  } catch (err) {
    await session.query('rollback');
    throw err;
  }
}
