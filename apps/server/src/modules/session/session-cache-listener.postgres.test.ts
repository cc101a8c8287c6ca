import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { logStatements } from '../../testing/statement-log.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * Decision 027: while the connection that hears session changes is down, changes could be missed, so nothing is
 * served from memory; once it is back the cache starts again from empty.
 */

let t: TestContext;
let log: ReturnType<typeof logStatements>;
beforeAll(async () => {
  t = await createTestApp();
  log = logStatements(t.database);
});
afterAll(() => t.close());

/** How many times one `/me` read the session from the database. */
async function sessionReadsOf(agent: ApiAgent) {
  const sent = await log.since(async () => expect((await agent.get('/me')).statusCode).toBe(200));
  return sent.filter((text) => /from "sessions"/.test(text)).length;
}

describe('the session cache when its listener connection is lost', () => {
  it('reads every session from the database until the listener is back, then caches again', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('client').login);
    await sessionReadsOf(agent);
    expect(await sessionReadsOf(agent)).toBe(0);

    const killed = await t.database.sql.executeSql(
      `select pg_terminate_backend(pid) as done from pg_stat_activity
        where application_name = 'portal-listener' and datname = current_database()`,
    );
    expect(killed.rows.length).toBeGreaterThan(0);
    // The listener hears of its own end asynchronously: from then on, every request reads the database.
    const until = Date.now() + 3000;
    let reads = 0;
    while (Date.now() < until) {
      reads = await sessionReadsOf(agent);
      if (reads === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(reads).toBe(1);
    // Reconnected (250 ms after the loss at first): cached again.
    let cached = false;
    while (Date.now() < until + 3000 && !cached) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await sessionReadsOf(agent);
      cached = (await sessionReadsOf(agent)) === 0;
    }
    expect(cached).toBe(true);
  });
});
