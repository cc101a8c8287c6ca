import { JOB_SCHEMA } from '../jobs/queue.js';
import { recurringJobNames } from '../jobs/recurring-job.js';
import type { TestContext } from './test-app.js';

/**
 * Waits until no job of the app is waiting, retrying or running: the account flows answer before their job has
 * looked anything up, so a test that reads the database (or the absence of an e-mail) waits for the jobs first. The
 * recurring jobs' next runs (the digest, the statement notices, the team count fold) wait for their time by design:
 * they are not pending work.
 */
export async function jobsSettled(t: Pick<TestContext, 'database'>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.database.sql.executeSql(
      `select count(*)::int as n from ${JOB_SCHEMA}.job where state < 'completed'
        and not (name = any($1::text[]))`,
      [[...recurringJobNames]],
    );
    if ((rows[0] as { n: number }).n === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
