import { meResponseSchema } from '@portal/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { anonymousCsrfToken } from '../../plugins/session/anonymous-csrf.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionRows = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]?.n;

describe('GET /me', () => {
  it('gives a visitor a CSRF token for an HttpOnly, SameSite cookie, and writes no session row', async () => {
    const agent = new ApiAgent(t.app);
    const before = await sessionRows();
    const response = await agent.me();
    expect(await sessionRows()).toBe(before);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const me = meResponseSchema.parse(response.json());
    expect(me).toMatchObject({
      currentClient: null,
      currentProducer: null,
      currentStaff: null,
      otpUserId: null,
    });
    expect(me.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.cookies.find((c) => c.name === 'portal_sid')).toBeUndefined();
    const cookie = response.cookies.find((c) => c.name === 'portal_csrf');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/angel/face' });
    // The token is a signature of the cookie, not the cookie itself.
    expect(cookie?.value).not.toBe(me.csrfToken);
  });

  it('keeps the same token across calls without setting the cookie again', async () => {
    const agent = new ApiAgent(t.app);
    const first = (await agent.me()).json().csrfToken;
    const second = await agent.me();
    expect(second.cookies).toEqual([]);
    expect(second.json().csrfToken).toBe(first);
  });

  it('gives different visitors different tokens', async () => {
    const [a, b] = [new ApiAgent(t.app), new ApiAgent(t.app)];
    expect((await a.me()).json().csrfToken).not.toBe((await b.me()).json().csrfToken);
  });

  it('forgets a cookie whose session has ended, without opening another', async () => {
    const agent = new ApiAgent(t.app);
    agent.cookie = 'portal_sid=no-such-session';
    const before = await sessionRows();
    const response = await agent.me();
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'portal_sid')?.value).toBe('');
    expect(agent.jar.has('portal_sid')).toBe(false);
    expect(await sessionRows()).toBe(before);
  });

  it('names the signed-in producer with every permission flag', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('partner').login);
    const me = meResponseSchema.parse((await agent.get('/me')).json());
    expect(me.currentClient).toBeNull();
    expect(me.currentProducer).toMatchObject({
      hasCommissionPermission: true,
      hasBvReportPermission: true,
      hasTrainingHistoryReportPermission: true,
    });
    expect(me.currentProducer?.fullName.length).toBeGreaterThan(2);
  });

  it('names the producer without commission, BV or training permissions accordingly', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('consultant').login);
    const me = (await agent.get('/me')).json();
    expect(me.currentProducer).toMatchObject({
      hasCommissionPermission: false,
      hasBvReportPermission: false,
      hasTrainingHistoryReportPermission: false,
    });
  });

  it('names the signed-in client and counts unread messages', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('client').login);
    const me = meResponseSchema.parse((await agent.get('/me')).json());
    expect(me.currentProducer).toBeNull();
    expect(me.currentClient?.name.length).toBeGreaterThan(2);
    expect(me.currentClient?.messageCount).toBeGreaterThan(0);
  });

  it('gives staff their menu entries', async () => {
    const agent = new ApiAgent(t.app, 'staff.localhost');
    await signInAs(t, agent, demoAccount('staff').login);
    const me = meResponseSchema.parse((await agent.get('/me')).json());
    expect(me.currentStaff?.menus.length).toBeGreaterThan(3);
    expect(me.currentStaff?.menus.map((m) => m.type)).toContain('mainMenu');
  });

  it('does not honour a session cookie on another site', async () => {
    const afs = new ApiAgent(t.app);
    await signInAs(t, afs, demoAccount('partner').login);
    const ipc = new ApiAgent(t.app, 'ipc.localhost');
    ipc.cookie = afs.cookie;
    const me = (await ipc.get('/me')).json();
    expect(me.currentProducer).toBeNull();
  });
});

describe('sessions and hosts', () => {
  it('does not carry a staff session onto the public host, nor a public one onto the staff host', async () => {
    const staff = new ApiAgent(t.app, 'staff.localhost');
    await signInAs(t, staff, demoAccount('staff').login);
    const onPublic = new ApiAgent(t.app, 'afs.localhost');
    onPublic.cookie = staff.cookie;
    expect((await onPublic.get('/me')).json().currentStaff).toBeNull();

    const producer = new ApiAgent(t.app, 'afs.localhost');
    await signInAs(t, producer, demoAccount('partner').login);
    const onStaffHost = new ApiAgent(t.app, 'staff.localhost');
    onStaffHost.cookie = producer.cookie;
    expect((await onStaffHost.get('/me')).json().currentProducer).toBeNull();
  });
});

describe('session timeouts', () => {
  it('ends a session idle for longer than the idle timeout', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('partner').login);
    t.clock.now = new Date(t.clock.now.getTime() + t.config.sessionIdleMs + 1000);
    try {
      expect((await agent.get('/me')).json().currentProducer).toBeNull();
    } finally {
      t.clock.now = new Date();
    }
  });

  it('keeps an active session alive but ends it at the absolute timeout', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('partner').login);
    const start = t.clock.now.getTime();
    const step = t.config.sessionIdleMs - 60_000;
    try {
      let elapsed = 0;
      while (elapsed + step < t.config.sessionAbsoluteMs) {
        elapsed += step;
        t.clock.now = new Date(start + elapsed);
        expect((await agent.get('/me')).json().currentProducer).not.toBeNull();
      }
      t.clock.now = new Date(start + t.config.sessionAbsoluteMs + 1000);
      expect((await agent.get('/me')).json().currentProducer).toBeNull();
    } finally {
      t.clock.now = new Date();
    }
  });
});

describe('CSRF protection on writes', () => {
  it('answers 422 to a write without the token, and to one with a wrong token', async () => {
    const agent = new ApiAgent(t.app);
    await agent.me();
    const missing = await agent.send('DELETE', '/logout', undefined, { withCsrf: false });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ error: 'Your session has expired. Please try again.' });
    const wrong = await agent.request({
      method: 'DELETE',
      url: '/angel/face/en/api/logout',
      headers: { 'x-csrf-token': 'x'.repeat(43) },
      withCsrf: false,
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('answers 422 to a write with no cookie at all', async () => {
    const agent = new ApiAgent(t.app);
    agent.csrfToken = 'made-up';
    expect((await agent.send('DELETE', '/logout')).statusCode).toBe(422);
    // Not even with a real token: it belongs to a cookie this browser does not have.
    const other = new ApiAgent(t.app);
    agent.csrfToken = (await other.me()).json().csrfToken;
    expect((await agent.send('DELETE', '/logout')).statusCode).toBe(422);
  });

  it("answers 422 to a visitor's write with the token of another visitor's cookie", async () => {
    const [mine, theirs] = [new ApiAgent(t.app), new ApiAgent(t.app)];
    await mine.me();
    mine.csrfToken = (await theirs.me()).json().csrfToken;
    expect((await mine.send('DELETE', '/logout')).statusCode).toBe(422);
  });

  it('answers 422 to a token signed with another secret, or to a cookie that is not a nonce', async () => {
    const agent = new ApiAgent(t.app);
    await agent.me();
    const nonce = agent.jar.get('portal_csrf') ?? '';
    agent.csrfToken = anonymousCsrfToken('another-secret-of-at-least-32-chars!!', nonce, {
      siteCode: 'afs',
      internal: false,
    });
    expect((await agent.send('DELETE', '/logout')).statusCode).toBe(422);
    // A nonce chosen by the sender, with the token it would have, is refused too: the cookie must be one of ours.
    agent.cookie = 'portal_csrf=short';
    agent.csrfToken = anonymousCsrfToken(t.config.sessionSecret, 'short', {
      siteCode: 'afs',
      internal: false,
    });
    expect((await agent.send('DELETE', '/logout')).statusCode).toBe(422);
  });

  it('answers 422 to a token issued on another site, or on the staff host of the same site', async () => {
    for (const host of ['ipc.localhost', 'staff.localhost']) {
      const elsewhere = new ApiAgent(t.app, host);
      await elsewhere.me();
      const here = new ApiAgent(t.app);
      here.cookie = elsewhere.cookie;
      here.csrfToken = elsewhere.csrfToken;
      expect((await here.send('DELETE', '/logout')).statusCode).toBe(422);
      expect((await elsewhere.send('DELETE', '/logout')).statusCode).toBe(200);
    }
  });

  it("lets a visitor's write with the token from /me through, writing no session row", async () => {
    const agent = new ApiAgent(t.app);
    await agent.me();
    const before = await sessionRows();
    const response = await agent.send('DELETE', '/logout');
    expect(response.statusCode).toBe(200);
    expect(await sessionRows()).toBe(before);
  });

  it('checks a signed-in write against the session token, not a visitor cookie', async () => {
    const agent = new ApiAgent(t.app);
    await agent.me();
    const visitorToken = agent.csrfToken;
    await signInAs(t, agent, demoAccount('partner').login);
    const nonce = (await new ApiAgent(t.app).me()).cookies.find((c) => c.name === 'portal_csrf')?.value;
    agent.jar.set('portal_csrf', nonce ?? '');
    const signedInToken = agent.csrfToken;
    agent.csrfToken = visitorToken;
    expect((await agent.send('POST', '/session/keep_alive')).statusCode).toBe(422);
    agent.csrfToken = signedInToken;
    expect((await agent.send('POST', '/session/keep_alive')).statusCode).toBe(200);
  });
});

describe('DELETE /logout', () => {
  it('ends the session on the server: the old cookie no longer signs anyone in', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('partner').login);
    const oldCookie = agent.cookie;
    const response = await agent.send('DELETE', '/logout');
    expect(response.statusCode).toBe(200);
    const after = meResponseSchema.parse(response.json());
    expect(after.currentProducer).toBeNull();
    expect(agent.cookie).not.toBe(oldCookie);

    const replay = new ApiAgent(t.app);
    replay.cookie = oldCookie;
    expect((await replay.get('/me')).json().currentProducer).toBeNull();
  });
});

describe('visitors behind one address', () => {
  it('400 visitors without a cookie neither fill the table nor keep anyone there from signing in', async () => {
    const shared = await createTestApp();
    try {
      const address = '203.0.113.7';
      const rows = async () => (await shared.database.db.select({ n: count() }).from(sessions))[0]?.n;
      const before = await rows();
      for (let i = 0; i < 400; i++) {
        const response = await shared.app.inject({
          url: '/angel/face/en/api/me',
          headers: { host: 'afs.localhost' },
          remoteAddress: address,
        });
        expect(response.statusCode).toBe(200);
      }
      expect(await rows()).toBe(before);

      const agent = new ApiAgent(shared.app);
      const fromAddress = { remoteAddress: address };
      const me = await agent.request({ method: 'GET', url: '/angel/face/en/api/me', ...fromAddress });
      agent.csrfToken = me.json().csrfToken;
      const { login, password } = demoAccount('partner');
      const signIn = await agent.request({
        method: 'POST',
        url: '/angel/face/en/api/login',
        payload: { login, password, area: 'b2b' },
        ...fromAddress,
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().currentProducer).not.toBeNull();
      expect(await rows()).toBe((before ?? 0) + 1);
    } finally {
      await shared.close();
    }
  });
});
