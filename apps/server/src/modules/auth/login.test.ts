import { meResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthAgent, account, auditRows, createAuthTestApp, userRow } from '../../testing/auth-agent.js';
import type { TestContext } from '../../testing/test-app.js';

let t: TestContext;
beforeAll(async () => {
  ({ t } = await createAuthTestApp());
});
afterAll(() => t.close());

const PRODUCERS = [
  ['afs.localhost', 'partner'],
  ['ipc.localhost', 'ipcProducer'],
  ['absg.localhost', 'absgProducer'],
] as const;

describe('POST /login, producers', () => {
  it.each(PRODUCERS)('on %s signs in by Login ID and by Advisor Code, any case', async (host, key) => {
    const who = account(key);
    for (const name of [
      who.login,
      who.login.toUpperCase(),
      who.advisorCode ?? '',
      who.advisorCode?.toLowerCase(),
    ]) {
      const agent = new AuthAgent(t, host);
      const response = await agent.post('/login', { login: name, password: who.password, area: 'b2b' });
      expect(response.statusCode, `${host} ${name}`).toBe(200);
      const me = meResponseSchema.parse(response.json());
      expect(me.currentProducer?.name).toBe(who.name);
      expect(me.otpUserId).toBeNull();
      expect((await agent.get('/me')).json().currentProducer?.name).toBe(who.name);
    }
  });

  it('rotates the session id and the CSRF token, and records the sign-in', async () => {
    const who = account('subpartner');
    const agent = new AuthAgent(t);
    await agent.me();
    const before = { cookie: agent.cookie, csrf: agent.csrfToken };
    const response = await agent.post('/login', { login: who.login, password: who.password, area: 'b2b' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(agent.cookie).not.toBe(before.cookie);
    expect(response.json().csrfToken).not.toBe(before.csrf);
    // The pre-login session id is worthless now (fixation).
    const planted = new AuthAgent(t);
    planted.cookie = before.cookie;
    expect((await planted.get('/me')).json().currentProducer).toBeNull();
    const user = await userRow(t, 'afs', who.login);
    expect(user.lastLoginAt?.getTime()).toBe(t.clock.now.getTime());
    const [row] = await auditRows(t, 'login');
    expect(row).toMatchObject({ userId: user.id, outcome: 'success', siteCode: 'afs', ip: agent.ip });
  });

  it('does not sign a producer in through the client area, nor a client through the producer area', async () => {
    const producer = account('consultant');
    const asClient = await new AuthAgent(t).post('/login', {
      login: producer.login,
      password: producer.password,
      area: 'b2c',
    });
    expect(asClient.statusCode).toBe(401);
    expect(asClient.json()).toEqual({ error: 'Invalid Client ID or password.' });
    const client = account('client2');
    const asProducer = await new AuthAgent(t).post('/login', {
      login: client.login,
      password: client.password,
      area: 'b2b',
    });
    expect(asProducer.statusCode).toBe(401);
    expect(asProducer.json()).toEqual({ error: 'Invalid Login ID / Advisor Code or password.' });
  });

  it('does not sign in on another site', async () => {
    const who = account('partner');
    const response = await new AuthAgent(t, 'ipc.localhost').post('/login', {
      login: who.login,
      password: who.password,
      area: 'b2b',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /login, failures', () => {
  it('answers the same message for a wrong password and an unknown login, in the request language', async () => {
    const who = account('otherPartner');
    const wrong = await new AuthAgent(t).post('/login', {
      login: who.login,
      password: 'Wrong9999',
      area: 'b2b',
    });
    const unknown = await new AuthAgent(t).post('/login', {
      login: 'nobody77',
      password: 'Wrong9999',
      area: 'b2b',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    const zh = await new AuthAgent(t, 'afs.localhost', 'zh').post('/login', {
      login: 'nobody77',
      password: 'x',
      area: 'b2c',
    });
    expect(zh.json()).toEqual({ error: '客戶編號或密碼不正確。' });
    const rows = await auditRows(t, 'login');
    expect(rows.slice(0, 3).map((r) => r.outcome)).toEqual(['failure', 'failure', 'failure']);
    for (const row of rows) expect(JSON.stringify(row.details)).not.toMatch(/Wrong9999/);
  });

  it('does not sign in a pending (not yet activated) account', async () => {
    const response = await new AuthAgent(t).post('/login', {
      login: 'AG10000005',
      password: 'anything1',
      area: 'b2c',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Invalid Client ID or password.' });
  });

  it('refuses the client area on producer-only sites with a base error', async () => {
    for (const host of ['ipc.localhost', 'absg.localhost']) {
      const response = await new AuthAgent(t, host).post('/login', {
        login: 'AG10000001',
        password: 'x',
        area: 'b2c',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.base).toEqual([
        'Client login is not available on this site. Please use the producer login.',
      ]);
    }
  });

  it.each([
    [{}, ['login', 'password', 'area']],
    [{ login: '', password: '', area: 'b2b' }, ['login', 'password']],
    [{ login: '   ', password: 'x', area: 'b2b' }, ['login']],
    [{ login: 42, password: ['x'], area: 'b2b' }, ['login', 'password']],
    [{ login: 'a', password: 'x', area: 'b2x' }, ['area']],
    [{ login: 'a'.repeat(101), password: 'x', area: 'b2b' }, ['login']],
    [{ login: 'a', password: 'x'.repeat(129), area: 'b2b' }, ['password']],
    [{ login: 'a', password: 'x', area: 'b2b', otpCode: '12ab56' }, ['otpCode']],
  ])('answers 400 with field errors for %j', async (body, fields) => {
    const response = await new AuthAgent(t).post('/login', body);
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual([...fields].sort());
  });

  it('says "Cannot be blank" for a missing or blank required field', async () => {
    const response = await new AuthAgent(t).post('/login', { login: '', area: 'b2b' });
    expect(response.json().errors).toMatchObject({
      login: ['Cannot be blank'],
      password: ['Cannot be blank'],
    });
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const agent = new AuthAgent(t);
    await agent.me();
    const response = await agent.request({
      method: 'POST',
      url: '/angel/face/en/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('needs the CSRF token like every write', async () => {
    const agent = new AuthAgent(t);
    await agent.me();
    const response = await agent.send(
      'POST',
      '/login',
      { login: 'a', password: 'b', area: 'b2b' },
      { withCsrf: false },
    );
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /login, staff host', () => {
  it('signs staff in on the staff host only', async () => {
    const who = account('staff');
    const staffHost = await new AuthAgent(t, 'staff.localhost').post('/login', {
      login: who.login,
      password: who.password,
      area: 'b2b',
    });
    expect(staffHost.statusCode).toBe(200);
    expect(staffHost.json().currentStaff?.name).toBe(who.name);
    const publicHost = await new AuthAgent(t).post('/login', {
      login: who.login,
      password: who.password,
      area: 'b2b',
    });
    expect(publicHost.statusCode).toBe(401);
  });
});

describe('DELETE /logout after a real login', () => {
  it('ends the session on the server', async () => {
    const who = account('partner');
    const agent = new AuthAgent(t);
    await agent.post('/login', { login: who.login, password: who.password, area: 'b2b' });
    const cookie = agent.cookie;
    expect((await agent.send('DELETE', '/logout')).json().currentProducer).toBeNull();
    const replay = new AuthAgent(t);
    replay.cookie = cookie;
    expect((await replay.get('/me')).json().currentProducer).toBeNull();
  });
});
