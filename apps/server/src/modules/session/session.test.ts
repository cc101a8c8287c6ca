import { meResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { NEW_SESSIONS_PER_IP } from '../../plugins/session/plugin.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /me', () => {
  it('opens an anonymous session with a CSRF token in an HttpOnly, SameSite cookie', async () => {
    const agent = new ApiAgent(t.app);
    const response = await agent.me();
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
    const cookie = response.cookies.find((c) => c.name === 'portal_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/angel/face' });
  });

  it('keeps the same session (and token) across calls', async () => {
    const agent = new ApiAgent(t.app);
    const first = (await agent.me()).json().csrfToken;
    const second = await agent.me();
    expect(second.cookies.find((c) => c.name === 'portal_sid')).toBeUndefined();
    expect(second.json().csrfToken).toBe(first);
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

  it('answers 422 to a write with no session at all', async () => {
    const agent = new ApiAgent(t.app);
    agent.csrfToken = 'made-up';
    expect((await agent.send('DELETE', '/logout')).statusCode).toBe(422);
  });

  it('lets a write with the token from /me through', async () => {
    const agent = new ApiAgent(t.app);
    await agent.me();
    const response = await agent.send('DELETE', '/logout');
    expect(response.statusCode).toBe(200);
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

describe('new sessions per address', () => {
  it('caps how many sessions one address may open, and tells when to come back', async () => {
    const limited = await createTestApp();
    try {
      const fromOneAddress = () =>
        limited.app.inject({
          url: '/angel/face/en/api/me',
          headers: { host: 'afs.localhost' },
          remoteAddress: '203.0.113.7',
        });
      const statuses: number[] = [];
      for (let i = 0; i < NEW_SESSIONS_PER_IP.limit; i++) statuses.push((await fromOneAddress()).statusCode);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await fromOneAddress();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // A visitor who keeps their cookie is not opening sessions and is not refused.
      const agent = new ApiAgent(limited.app);
      expect((await agent.me()).statusCode).toBe(200);
      expect((await agent.me()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
