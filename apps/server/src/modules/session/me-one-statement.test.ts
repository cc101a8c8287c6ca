import { meResponseSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { loadUserSummary } from '../../plugins/session/current-user.js';
import { OTP_PENDING_UNTIL } from '../../plugins/session/pending-otp.js';
import { principalOf } from '../../plugins/session/principal.js';
import { findSession } from '../../plugins/session/queries.js';
import { randomToken, sha256 } from '../../plugins/session/tokens.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { logStatements } from '../../testing/statement-log.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let log: ReturnType<typeof logStatements>;
beforeAll(async () => {
  t = await createTestApp();
  log = logStatements(t.database);
});
afterAll(() => t.close());

const statementsOf = (call: () => Promise<unknown>) => log.since(call);

/** What the separate summary queries (still used by sign-in answers) say about the agent's session. */
async function summaryByOldPath(agent: ApiAgent) {
  const id = agent.jar.get('portal_sid') as string;
  const found = await findSession(t.database.db, sha256(id));
  const principal = found ? principalOf(found.user, found.session.siteCode) : null;
  return loadUserSummary(t.database.db, principal);
}

describe('GET /me reads session and person in one statement', () => {
  it.each([
    ['client', 'afs.localhost', demoAccount('client').login, 'currentClient'],
    ['producer', 'afs.localhost', demoAccount('partner').login, 'currentProducer'],
    ['staff member', 'staff.localhost', demoAccount('staff').login, 'currentStaff'],
  ] as const)('for a %s, with the same summary as the separate queries', async (_who, host, login, field) => {
    const agent = new ApiAgent(t.app, host);
    await signInAs(t, agent, login);
    let body: unknown;
    const sent = await statementsOf(async () => {
      const response = await agent.get('/me');
      expect(response.statusCode).toBe(200);
      body = response.json();
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/from "sessions"/);
    const me = meResponseSchema.parse(body);
    expect(me[field]).not.toBeNull();
    expect({
      currentClient: me.currentClient,
      currentProducer: me.currentProducer,
      currentStaff: me.currentStaff,
    }).toEqual(await summaryByOldPath(agent));
  });

  it('counts unread messages and lists staff menus as the separate queries do', async () => {
    const client = new ApiAgent(t.app);
    await signInAs(t, client, demoAccount('client').login);
    const me = meResponseSchema.parse((await client.get('/me')).json());
    expect(me.currentClient?.messageCount).toBeGreaterThan(0);
    const staff = new ApiAgent(t.app, 'staff.localhost');
    await signInAs(t, staff, demoAccount('staff').login);
    const menus = meResponseSchema.parse((await staff.get('/me')).json()).currentStaff?.menus ?? [];
    expect(menus.length).toBe(23);
  });

  it('for a disabled user: one statement, and nobody signed in', async () => {
    const agent = new ApiAgent(t.app);
    const userId = await signInAs(t, agent, demoAccount('client2').login);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
    try {
      let body: unknown;
      const sent = await statementsOf(async () => {
        body = (await agent.get('/me')).json();
      });
      expect(sent).toHaveLength(1);
      const me = meResponseSchema.parse(body);
      expect(me).toMatchObject({
        currentClient: null,
        currentProducer: null,
        currentStaff: null,
        session: null,
      });
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, userId));
    }
  });

  it('for a login waiting for its one-time code: one statement, and the pending user', async () => {
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, demoAccount('client').login));
    const id = randomToken();
    const now = t.clock.now;
    await t.database.db.insert(sessions).values({
      idHash: sha256(id),
      siteCode: 'afs',
      userId: null,
      otpUserId: user?.id,
      csrfToken: 'pending-otp-token',
      data: { internal: false, [OTP_PENDING_UNTIL]: new Date(now.getTime() + 60_000).toISOString() },
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const agent = new ApiAgent(t.app);
    agent.cookie = `portal_sid=${id}`;
    let body: unknown;
    const sent = await statementsOf(async () => {
      body = (await agent.get('/me')).json();
    });
    expect(sent).toHaveLength(1);
    expect(meResponseSchema.parse(body)).toMatchObject({
      currentClient: null,
      otpUserId: user?.id,
      csrfToken: 'pending-otp-token',
    });
  });

  it('site info reads no session at all, even with a session cookie', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('client').login);
    const sent = await statementsOf(() => agent.get('/site_info'));
    expect(sent).toEqual([]);
  });
});
