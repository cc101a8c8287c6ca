import { PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';
import { JOB_SCHEMA } from './queue.js';

export interface FailedJob {
  id: string;
  name: string;
  kind: string | null;
  retries: number;
  failedAt: Date;
  error: string | null;
}

/** Jobs whose every attempt failed (their copy went to the dead-letter queue), newest first. Payloads stay sealed. */
export async function failedJobs(database: Pick<Database, 'sql'>, limit = 200): Promise<FailedJob[]> {
  const { rows } = await database.sql.executeSql(
    `select id, name, data->>'kind' as kind, retry_count as retries, completed_on as "failedAt",
            left(coalesce(output->>'message', output::text), 200) as error
       from ${JOB_SCHEMA}.job where state = 'failed' order by completed_on desc limit $1`,
    [limit],
  );
  return rows as FailedJob[];
}

/** Puts failed jobs of one queue back for one more attempt (pg-boss' own `retry`); answers how many it found. */
export async function retryFailedJobs(database: Pick<Database, 'sql'>, queue: string, ids: string[]) {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.sql.executeSql(text, values) },
    schema: JOB_SCHEMA,
  });
  const before = (await failedJobs(database, 10_000)).filter((j) => j.name === queue && ids.includes(j.id));
  await boss.retry(queue, ids);
  return before.length;
}
