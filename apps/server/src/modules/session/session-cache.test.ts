import { meResponseSchema } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessages, producers, sessions, users } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { sha256 } from '../../plugins/session/tokens.js';
import { eventually } from '../../testing/eventually.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { logStatements } from '../../testing/statement-log.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * Decision 027: a session read in the last minute is served from memory, and forgotten the moment anything behind
 * it changes — through the portal, or by anyone else's SQL (the triggers' notifications).
 */

let t: TestContext;
let statementsOf: (call: () => Promise<unknown>) => Promise<string[]>;
beforeAll(async () => {
  t = await createTestApp();
  const log = logStatements(t.database);
  statementsOf = (call) => log.since(call);
});
afterAll(() => t.close());

const me = async (agent: ApiAgent) => meResponseSchema.parse((await agent.get('/me')).json());

describe('the session cache', () => {
  it('serves a second /me and a client read within the minute without a session statement', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('client').login);
    expect(await statementsOf(() => agent.get('/me'))).toHaveLength(1);
    expect(await statementsOf(() => agent.get('/me'))).toEqual([]);
    const plans = await statementsOf(() => agent.get('/b2c/plans'));
    expect(plans.some((text) => /from "sessions"/.test(text))).toBe(false);
    expect(plans.length).toBeGreaterThan(0);
  });

  it('forgets a session ended through the portal before the next request', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('client').login);
    const cookie = agent.cookie;
    expect((await me(agent)).currentClient).not.toBeNull();
    expect((await agent.send('DELETE', '/logout')).statusCode).toBe(200);
    const replay = new ApiAgent(t.app);
    replay.cookie = cookie;
    expect((await replay.get('/session')).statusCode).toBe(401);
    expect((await me(replay)).currentClient).toBeNull();
  });

  it("hears an operator's SQL: a deleted session, a disabled user", async () => {
    const agent = new ApiAgent(t.app);
    const userId = await signInAs(t, agent, demoAccount('client2').login);
    expect((await me(agent)).currentClient).not.toBeNull();
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
    try {
      const after = await eventually(
        () => me(agent),
        (body) => body.currentClient === null,
      );
      expect(after.currentClient).toBeNull();
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, userId));
    }
    const other = new ApiAgent(t.app);
    await signInAs(t, other, demoAccount('client').login);
    expect((await me(other)).currentClient).not.toBeNull();
    const id = (other.cookie ?? '').split('=')[1] ?? '';
    await t.database.db.delete(sessions).where(eq(sessions.idHash, sha256(id)));
    const status = await eventually(
      async () => (await other.get('/session')).statusCode,
      (code) => code === 401,
    );
    expect(status).toBe(401);
  });

  it('hears what /me shows change: a new message, a read one, a producer permission', async () => {
    const client = new ApiAgent(t.app);
    await signInAs(t, client, demoAccount('client').login);
    const before = (await me(client)).currentClient?.messageCount ?? 0;
    const [own] = await t.database.db
      .select({ clientId: clientMessages.clientId })
      .from(clientMessages)
      .innerJoin(users, eq(users.clientId, clientMessages.clientId))
      .where(eq(users.login, demoAccount('client').login))
      .limit(1);
    if (!own) throw new Error('the demo client has no messages');
    const [added] = await t.database.db
      .insert(clientMessages)
      .values({
        clientId: own.clientId,
        type: 'notice',
        title: { en: 'Cache check' },
        content: { en: 'A new message.' },
      })
      .returning({ id: clientMessages.id });
    const more = await eventually(
      () => me(client),
      (body) => body.currentClient?.messageCount === before + 1,
    );
    expect(more.currentClient?.messageCount).toBe(before + 1);
    // Read through the portal: forgotten in this process at once, no waiting.
    expect((await client.send('POST', `/b2c/messages/${added?.id}/read`)).statusCode).toBeLessThan(300);
    expect((await me(client)).currentClient?.messageCount).toBe(before);

    const partner = new ApiAgent(t.app);
    await signInAs(t, partner, demoAccount('partner').login);
    const first = (await me(partner)).currentProducer;
    if (!first) throw new Error('the partner is not signed in');
    await t.database.db
      .update(producers)
      .set({ hasCommissionPermission: !first.hasCommissionPermission })
      .where(eq(producers.id, first.producerId));
    try {
      const changed = await eventually(
        () => me(partner),
        (body) => body.currentProducer?.hasCommissionPermission !== first.hasCommissionPermission,
      );
      expect(changed.currentProducer?.hasCommissionPermission).toBe(!first.hasCommissionPermission);
    } finally {
      await t.database.db
        .update(producers)
        .set({ hasCommissionPermission: first.hasCommissionPermission })
        .where(eq(producers.id, first.producerId));
    }
  });

  it('goes back to the database when a touch is due, and records the activity', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('client').login);
    await me(agent);
    const id = (agent.cookie ?? '').split('=')[1] ?? '';
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    try {
      const sent = await statementsOf(() => agent.get('/me'));
      expect(sent.some((text) => /from "sessions"/.test(text))).toBe(true);
      const [row] = await t.database.db
        .select({ lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.idHash, sha256(id)));
      expect(row?.lastSeenAt.getTime()).toBe(t.clock.now.getTime());
    } finally {
      t.clock.now = new Date();
    }
  });

  it('is not told of a touch: updating only last_seen_at notifies nobody', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('client').login);
    await me(agent);
    const id = (agent.cookie ?? '').split('=')[1] ?? '';
    const witness = new ApiAgent(t.app);
    await signInAs(t, witness, demoAccount('client2').login);
    expect((await me(witness)).currentClient).not.toBeNull();
    const witnessId = (witness.cookie ?? '').split('=')[1] ?? '';
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`last_seen_at` })
      .where(eq(sessions.idHash, sha256(id)));
    // A change that does notify, made after the touch: notifications arrive in commit order, so once the cache
    // has heard this one it has heard any the touch sent (no guessing how long a notification takes).
    await t.database.db.delete(sessions).where(eq(sessions.idHash, sha256(witnessId)));
    await eventually(
      () => me(witness),
      (body) => body.currentClient === null,
    );
    expect(await statementsOf(() => agent.get('/me'))).toEqual([]);
  });
});

describe('with SESSION_CACHE=off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp({ SESSION_CACHE: 'off' });
    const log = logStatements(off.database);
    statementsOf = (call) => log.since(call);
  });
  afterAll(() => off.close());

  it('reads the session from the database on every request', async () => {
    const agent = new ApiAgent(off.app);
    await signInAs(off, agent, demoAccount('client').login);
    for (let i = 0; i < 2; i++) {
      let body: unknown;
      const sent = await statementsOf(async () => {
        body = (await agent.get('/me')).json();
      });
      expect(sent).toHaveLength(1);
      expect(meResponseSchema.parse(body).currentClient).not.toBeNull();
    }
  });
});
