import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountActivity, accountPasskeys } from '../../../db/schema/index.js';
import { account, advance, signedInAgent, userRow } from '../../../testing/auth-agent.js';
import { api } from '../../../testing/http.js';
import { SoftwareAuthenticator } from '../../../testing/software-authenticator.js';
import type { TestContext } from '../../../testing/test-app.js';
import { AuthAgent, createSecurityTestApp, passwordStep } from './test-helpers.js';

let t: TestContext;
beforeAll(async () => {
  ({ t } = await createSecurityTestApp());
});
afterAll(() => t.close());

const ORIGIN = 'http://afs.localhost:3000';

/** Posts like the SPA on http://afs.localhost:3000 does: with its Origin header and CSRF token. */
async function post(agent: AuthAgent, path: string, body?: unknown, origin = ORIGIN) {
  if (!agent.csrfToken) await agent.me();
  return agent.request({
    method: 'POST',
    url: api(path, agent.lang),
    payload: body as object,
    headers: { origin },
  });
}

const activityTypes = async (login: string) => {
  const user = await userRow(t, 'afs', login);
  const rows = await t.database.db.select().from(accountActivity).where(eq(accountActivity.userId, user.id));
  return rows.map((r) => r.type);
};

/** Registers a passkey for the agent's account; answers the authenticator and the recovery codes it came with. */
async function register(agent: AuthAgent, name = 'Laptop') {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const started = await post(agent, '/account/passkeys/options');
  expect(started.statusCode, started.body).toBe(200);
  const { options } = started.json();
  expect(options.rp.id).toBe('afs.localhost');
  expect(options.authenticatorSelection).toMatchObject({
    residentKey: 'required',
    userVerification: 'required',
  });
  const saved = await post(agent, '/account/passkeys', { name, credential: authenticator.register(options) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { authenticator, recoveryCodes: saved.json().recoveryCodes as string[] | undefined };
}

/** The password step, then the passkey options of the pending sign-in. */
async function pendingPasskeySignIn(who: { login: string; password: string }) {
  const agent = new AuthAgent(t);
  const first = await passwordStep(agent, who);
  expect(first.json().mfa?.methods).toContain('webauthn');
  const started = await post(agent, '/login/mfa/webauthn_options');
  expect(started.statusCode, started.body).toBe(200);
  return { agent, options: started.json().options };
}

describe('passkeys', () => {
  const who = account('subpartner');
  let authenticator: SoftwareAuthenticator;
  let recoveryCodes: string[] = [];

  it('registers several named passkeys, lists them and records the addition', async () => {
    const agent = await signedInAgent(t, 'subpartner');
    const first = await register(agent, 'Laptop');
    authenticator = first.authenticator;
    // The account's first strong factor comes with ten recovery codes, shown this once; a second passkey with none.
    expect(first.recoveryCodes).toHaveLength(10);
    recoveryCodes = first.recoveryCodes ?? [];
    expect((await register(agent, 'Phone')).recoveryCodes).toBeUndefined();
    expect((await agent.get('/account/security')).json()).toMatchObject({
      recoveryCodesEnabled: true,
      recoveryCodesLeft: 10,
      stepUpMethods: ['webauthn', 'recovery'],
    });
    const listed = (await agent.get('/account/passkeys')).json().data;
    expect(listed.map((p: { name: string }) => p.name).sort()).toEqual(['Laptop', 'Phone']);
    const user = await userRow(t, 'afs', who.login);
    const rows = await t.database.db
      .select()
      .from(accountPasskeys)
      .where(eq(accountPasskeys.userId, user.id));
    expect(rows.find((r) => r.credentialId === authenticator.id)?.transports).toEqual(['internal']);
    expect(await activityTypes(who.login)).toContain('passkey_added');
    // A passkey is a strong factor: the producer policy has nothing left to ask.
    expect((await agent.get('/account/security')).json()).toMatchObject({ graceEndsAt: null });
    expect((await passwordStep(new AuthAgent(t), who)).json().mfa).toEqual({
      methods: ['webauthn', 'recovery'],
    });
    // The same authenticator cannot be registered twice; a spent challenge cannot be reused.
    const again = await post(agent, '/account/passkeys/options');
    const reused = authenticator.register(again.json().options);
    expect((await post(agent, '/account/passkeys', { name: 'Again', credential: reused })).statusCode).toBe(
      409,
    );
    expect((await post(agent, '/account/passkeys', { name: 'Again', credential: reused })).statusCode).toBe(
      400,
    );
  });

  it('refuses a registration made for another origin or relying party, or without user verification', async () => {
    const agent = await signedInAgent(t, 'partner');
    for (const forged of [
      { origin: 'http://evil.localhost:3000' },
      { rpID: 'ipc.localhost' },
      { noUserVerification: true },
    ]) {
      const options = (await post(agent, '/account/passkeys/options')).json().options;
      const credential = new SoftwareAuthenticator(ORIGIN).register(options, forged);
      const refused = await post(agent, '/account/passkeys', { name: 'Bad', credential });
      expect(refused.statusCode, JSON.stringify(forged)).toBe(400);
    }
    expect((await agent.get('/account/passkeys')).json().data).toEqual([]);
  });

  it('rejects malformed input with field errors', async () => {
    const agent = await signedInAgent(t, 'partner');
    const bad = await post(agent, '/account/passkeys', { name: '', credential: { id: '!!' } });
    expect(bad.statusCode).toBe(400);
    const badLogin = await post(new AuthAgent(t), '/login/passkey', { area: 'b2b', credential: 'x' });
    expect(badLogin.statusCode).toBe(400);
  });

  it('confirms a sign-in as the second factor', async () => {
    const { agent, options } = await pendingPasskeySignIn(who);
    expect(options.allowCredentials).toHaveLength(2);
    const done = await post(agent, '/login/mfa', {
      method: 'webauthn',
      credential: authenticator.assert(options),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await agent.get('/account/passkeys')).statusCode).toBe(200);
  });

  it('refuses an assertion for another origin or relying party', async () => {
    for (const forged of [{ origin: 'http://evil.localhost:3000' }, { rpID: 'evil.localhost' }]) {
      const { agent, options } = await pendingPasskeySignIn(who);
      const credential = authenticator.assert(options, forged);
      const refused = await post(agent, '/login/mfa', { method: 'webauthn', credential });
      expect(refused.statusCode, JSON.stringify(forged)).toBe(401);
    }
    // A call that comes from another page: its origin is not this site's.
    const { agent, options } = await pendingPasskeySignIn(who);
    const credential = authenticator.assert(options, { origin: 'http://evil.localhost:3000' });
    const refused = await post(
      agent,
      '/login/mfa',
      { method: 'webauthn', credential },
      'http://evil.localhost:3000',
    );
    expect(refused.statusCode).toBe(401);
  });

  it('signs in with a passkey alone', async () => {
    const agent = new AuthAgent(t);
    const started = await post(agent, '/login/passkey/options');
    expect(started.statusCode, started.body).toBe(200);
    const { options } = started.json();
    expect(options.allowCredentials ?? []).toEqual([]);
    const credential = authenticator.assert(options);
    const done = await post(agent, '/login/passkey', { area: 'b2b', credential });
    expect(done.statusCode, done.body).toBe(200);
    expect((await agent.get('/account/passkeys')).statusCode).toBe(200);
    // The challenge was spent.
    expect((await post(agent, '/login/passkey', { area: 'b2b', credential })).statusCode).toBe(401);
    // The area decides the kind of account: a producer's passkey does not sign in as a client.
    const other = new AuthAgent(t);
    const next = (await post(other, '/login/passkey/options')).json().options;
    const asClient = await post(other, '/login/passkey', {
      area: 'b2c',
      credential: authenticator.assert(next),
    });
    expect(asClient.statusCode).toBe(401);
  });

  it('refuses a signature counter that went back, and records it', async () => {
    const agent = new AuthAgent(t);
    const options = (await post(agent, '/login/passkey/options')).json().options;
    authenticator.counter = 0;
    const refused = await post(agent, '/login/passkey', {
      area: 'b2b',
      credential: authenticator.assert(options),
    });
    expect(refused.statusCode).toBe(401);
    expect(await activityTypes(who.login)).toContain('passkey_counter_mismatch');
  });

  it('needs a recent check to remove a passkey', async () => {
    const agent = await signedInAgent(t, 'subpartner');
    const [first] = (await agent.get('/account/passkeys')).json().data;
    advance(t, 11 * 60_000);
    const refused = await agent.send('DELETE', `/account/passkeys/${first.id}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().stepUp).toBe(true);
    // A passkey-only account has no password step-up: it has recovery codes.
    const password = await agent.post('/account/step_up', { method: 'password', code: who.password });
    expect(password.statusCode).toBe(400);
    const checked = await agent.post('/account/step_up', { method: 'recovery', code: recoveryCodes[0] });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await agent.send('DELETE', `/account/passkeys/${first.id}`)).statusCode).toBe(200);
    expect((await agent.get('/account/passkeys')).json().data).toHaveLength(1);
    expect(await activityTypes(who.login)).toContain('passkey_removed');
  });

  it('steps up with a passkey, each challenge answering once', async () => {
    const agent = await signedInAgent(t, 'subpartner');
    expect((await agent.get('/account/security')).json().stepUpMethods).toEqual(['webauthn', 'recovery']);
    advance(t, 11 * 60_000);
    const refused = await post(agent, '/account/sessions/end_others');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().stepUp).toBe(true);
    // No challenge asked for in this session: an answer proves nothing.
    const started = await post(agent, '/account/step_up/webauthn_options');
    expect(started.statusCode, started.body).toBe(200);
    const { options } = started.json();
    expect(options.allowCredentials).toHaveLength(1);
    authenticator.counter = 1000; // past the counter the test above wound back
    const answer = authenticator.assert(options);
    const checked = await post(agent, '/account/step_up', { method: 'webauthn', credential: answer });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await post(agent, '/account/sessions/end_others')).statusCode).toBe(200);
    // The same answer again: its challenge was used up.
    advance(t, 11 * 60_000);
    const replayed = await post(agent, '/account/step_up', { method: 'webauthn', credential: answer });
    expect(replayed.statusCode).toBe(400);
    expect((await post(agent, '/account/sessions/end_others')).statusCode).toBe(401);
  });

  it('offers no passkey step-up to an account without one', async () => {
    const agent = await signedInAgent(t, 'consultant');
    expect((await post(agent, '/account/step_up/webauthn_options')).statusCode).toBe(404);
    const refused = await post(agent, '/account/step_up', {
      method: 'webauthn',
      credential: {
        id: 'x',
        rawId: 'x',
        type: 'public-key',
        response: { clientDataJSON: 'x', authenticatorData: 'x', signature: 'x' },
        clientExtensionResults: {},
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors?.method).toBeDefined();
  });

  it('keeps the recovery codes while a strong factor is left, and removes them with the last', async () => {
    const agent = await signedInAgent(t, 'subpartner');
    const [last] = (await agent.get('/account/passkeys')).json().data;
    const removed = await agent.send('DELETE', `/account/passkeys/${last.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await agent.get('/account/security')).json()).toMatchObject({
      recoveryCodesEnabled: false,
      recoveryCodesLeft: 0,
      stepUpMethods: ['password'],
    });
  });
});
