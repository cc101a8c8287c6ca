import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { AuthAgent, account, createAuthTestApp } from '../../testing/auth-agent.js';
import type { TestContext } from '../../testing/test-app.js';
import { cookieCount } from './cookies.js';

// Two deployments: the local one (plain http, cookies under the base path, kept for the session's lifetime) and an
// HTTPS one with session-only cookies (`__Host-` names, Path=/, Secure).
let plain: TestContext;
let https: TestContext;
beforeAll(async () => {
  [{ t: plain }, { t: https }] = await Promise.all([
    createAuthTestApp(),
    createAuthTestApp({ COOKIE_SECURE: 'true', SESSION_COOKIE_PERSISTENT: 'false' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), https?.close()]);
});

/** Signs the partner in through POST /login; answers the agent and the login response. */
async function signIn(t: TestContext) {
  const agent = new AuthAgent(t);
  const who = account('partner');
  const response = await agent.post('/login', { login: who.login, password: who.password, area: 'b2b' });
  expect(response.statusCode).toBe(200);
  return { agent, response };
}

/** The raw Set-Cookie lines of a response. */
function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const value = response.headers['set-cookie'];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

const signedInName = async (t: TestContext, cookie: string) => {
  const response = await new AuthAgent(t).request({
    method: 'GET',
    url: '/angel/face/en/api/me',
    headers: { cookie },
  });
  return { response, name: response.json().currentProducer?.name ?? null };
};

describe('cookie names and attributes', () => {
  it('over plain http: plain names, Path = the base path, no Secure, Expires on the session cookie', async () => {
    const { response } = await signIn(plain);
    const lines = setCookies(response);
    const session = lines.find((l) => l.startsWith('portal_sid='));
    expect(session).toMatch(/; Path=\/angel\/face(;|$)/);
    expect(session).toMatch(/; Expires=/);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).not.toMatch(/; Secure/);
    expect(lines.find((l) => l.startsWith('portal_device='))).toMatch(/; Max-Age=\d+/);
    expect(lines.some((l) => l.startsWith('__Host-'))).toBe(false);
  });

  it('behind HTTPS: __Host- names with Secure, Path=/ and no Domain, for every portal cookie', async () => {
    const agent = new AuthAgent(https);
    const visitor = await agent.me();
    const csrf = setCookies(visitor).find((l) => l.startsWith('__Host-portal_csrf='));
    expect(csrf).toMatch(/; Path=\/(;|$)/);
    expect(csrf).toMatch(/; Secure/);

    const { response } = await signIn(https);
    const lines = setCookies(response);
    for (const name of ['__Host-portal_sid', '__Host-portal_device']) {
      const line = lines.find((l) => l.startsWith(`${name}=`));
      expect(line, name).toBeDefined();
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).not.toMatch(/; Domain=/i);
    }
    expect(lines.some((l) => /^portal_(sid|csrf|device)=/.test(l))).toBe(false);
  });

  it('SESSION_COOKIE_PERSISTENT=false: the session cookie has neither Expires nor Max-Age', async () => {
    const { agent, response } = await signIn(https);
    const session = setCookies(response).find((l) => l.startsWith('__Host-portal_sid='));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/; (Expires|Max-Age)=/i);
    // The session itself still ends on the server: it is a cookie that ends with the browser, not a longer session.
    expect((await agent.get('/me')).json().currentProducer?.name).toBe(account('partner').name);
  });

  it('behind HTTPS: a session id under the plain name (planted from a sibling subdomain) is not read', async () => {
    const { agent } = await signIn(https);
    const id = agent.jar.get('__Host-portal_sid') ?? '';
    expect((await signedInName(https, `__Host-portal_sid=${id}`)).name).toBe(account('partner').name);
    expect((await signedInName(https, `portal_sid=${id}`)).name).toBeNull();
  });
});

describe('two cookies of the session name (cookie tossing)', () => {
  it('trusts neither, in either order, and does not clear ours (which would leave the planted one alone)', async () => {
    const victim = await signIn(plain);
    const attacker = await signIn(plain);
    const mine = `portal_sid=${victim.agent.jar.get('portal_sid')}`;
    const planted = `portal_sid=${attacker.agent.jar.get('portal_sid')}`;
    expect((await signedInName(plain, mine)).name).toBe(account('partner').name);
    for (const header of [`${planted}; ${mine}`, `${mine}; ${planted}`]) {
      const { response, name } = await signedInName(plain, header);
      expect(response.statusCode).toBe(200);
      expect(name).toBeNull();
      expect(setCookies(response).some((l) => l.startsWith('portal_sid='))).toBe(false);
    }
    // Both sessions are still there: each works on its own.
    expect((await signedInName(plain, planted)).name).toBe(account('partner').name);
  });

  it('behind HTTPS the same holds for two __Host- cookies', async () => {
    const a = await signIn(https);
    const b = await signIn(https);
    const header = `__Host-portal_sid=${a.agent.jar.get('__Host-portal_sid')}; __Host-portal_sid=${b.agent.jar.get('__Host-portal_sid')}`;
    expect((await signedInName(https, header)).name).toBeNull();
  });

  it('refuses a write whose CSRF nonce cookie is doubled, whichever token comes with it', async () => {
    const first = new AuthAgent(plain);
    const second = new AuthAgent(plain);
    const tokens = [(await first.me()).json().csrfToken, (await second.me()).json().csrfToken];
    const header = `portal_csrf=${first.jar.get('portal_csrf')}; portal_csrf=${second.jar.get('portal_csrf')}`;
    for (const token of tokens) {
      const response = await new AuthAgent(plain).request({
        method: 'POST',
        url: '/angel/face/en/api/login',
        headers: { cookie: header, 'x-csrf-token': token },
        payload: { login: 'nobody', password: 'Wrong1234', area: 'b2b' },
      });
      expect(response.statusCode).toBe(422);
    }
    // Alone, the same cookie and token pass the CSRF check (and fail only as a login).
    const alone = await first.send('POST', '/login', { login: 'nobody', password: 'Wrong1234', area: 'b2b' });
    expect(alone.statusCode).toBe(401);
  });

  it('counts cookies by exact name', () => {
    expect(cookieCount('a=1; portal_sid=2; portal_sid=3', 'portal_sid')).toBe(2);
    expect(cookieCount('portal_sid_x=1;portal_sid=2', 'portal_sid')).toBe(1);
    expect(cookieCount('__Host-portal_sid=1; portal_sid=2', 'portal_sid')).toBe(1);
    expect(cookieCount(undefined, 'portal_sid')).toBe(0);
  });
});

describe('COOKIE_HOST_PREFIX', () => {
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent' } as const;
  it('follows COOKIE_SECURE by default, and can be turned off behind HTTPS', () => {
    expect(loadConfig({ ...env }).cookieHostPrefix).toBe(false);
    expect(loadConfig({ ...env, COOKIE_SECURE: 'true' }).cookieHostPrefix).toBe(true);
    expect(loadConfig({ ...env, COOKIE_SECURE: 'true', COOKIE_HOST_PREFIX: 'false' }).cookieHostPrefix).toBe(
      false,
    );
  });

  it('refuses the prefix without HTTPS: browsers would drop every cookie', () => {
    expect(() => loadConfig({ ...env, COOKIE_HOST_PREFIX: 'true' })).toThrow(/COOKIE_HOST_PREFIX/);
  });

  it('SESSION_COOKIE_PERSISTENT defaults to true and takes only true or false', () => {
    expect(loadConfig({ ...env }).sessionCookiePersistent).toBe(true);
    expect(loadConfig({ ...env, SESSION_COOKIE_PERSISTENT: 'false' }).sessionCookiePersistent).toBe(false);
    expect(() => loadConfig({ ...env, SESSION_COOKIE_PERSISTENT: 'no' })).toThrow(
      /SESSION_COOKIE_PERSISTENT/,
    );
  });
});
