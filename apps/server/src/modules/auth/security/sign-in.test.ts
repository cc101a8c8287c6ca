import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountActivity, users } from '../../../db/schema/index.js';
import { account, advance, auditRows, userRow } from '../../../testing/auth-agent.js';
import type { TestContext } from '../../../testing/test-app.js';
import { AuthAgent, createSecurityTestApp, nextStep, passwordStep, totpCode } from './test-helpers.js';

let t: TestContext;
beforeAll(async () => {
  ({ t } = await createSecurityTestApp());
});
afterAll(() => t.close());

const partner3 = account('partnerWithAuthenticator');
const staff4 = account('staffWithAuthenticator');
const SECRET = partner3.totpSecret as string;

/** Passes the password step of partner3 and checks that the authenticator is asked for. */
async function pendingPartner3(agent = new AuthAgent(t)) {
  const step = await passwordStep(agent, partner3);
  expect(step.statusCode).toBe(200);
  expect(step.json()).toMatchObject({ currentProducer: null, mfa: { methods: ['totp', 'recovery'] } });
  return agent;
}

describe('sign-in with an authenticator', () => {
  it('asks for the code after the password, signs in with it, and refuses the same code again', async () => {
    nextStep(t);
    const agent = await pendingPartner3();
    expect((await agent.get('/me')).json()).toMatchObject({
      currentProducer: null,
      mfa: { methods: ['totp', 'recovery'] },
    });
    expect((await agent.get('/b2b/get_tree_node')).statusCode).toBe(401);
    const code = totpCode(t, SECRET);
    const done = await agent.post('/login/mfa', { method: 'totp', code });
    expect(done.statusCode).toBe(200);
    expect(done.json().currentProducer?.name).toBe(partner3.name);
    expect(done.json().mfa).toBeUndefined();
    // Replay: the same code in the same 30 seconds, from another browser that knows the password.
    const thief = await pendingPartner3();
    expect((await thief.post('/login/mfa', { method: 'totp', code })).statusCode).toBe(401);
    expect((await thief.get('/me')).json().currentProducer).toBeNull();
  });

  it('accepts a code one step early or late (clock drift), not two', async () => {
    for (const [steps, status] of [
      [2, 401],
      [-2, 401],
      [1, 200],
    ] as const) {
      nextStep(t);
      nextStep(t);
      nextStep(t);
      const agent = await pendingPartner3();
      const response = await agent.post('/login/mfa', { method: 'totp', code: totpCode(t, SECRET, steps) });
      expect(response.statusCode, `${steps} steps`).toBe(status);
    }
    // Three steps on, a code one step late is newer than the one just accepted (one step early).
    nextStep(t);
    nextStep(t);
    nextStep(t);
    const agent = await pendingPartner3();
    const late = await agent.post('/login/mfa', { method: 'totp', code: totpCode(t, SECRET, -1) });
    expect(late.statusCode, late.body).toBe(200);
  });

  it('counts wrong codes on the account lock, like wrong passwords, and notices the third', async () => {
    const who = account('staffWithAuthenticator');
    const user = await userRow(t, 'afs', who.login);
    const wrongCode = (agent: AuthAgent) => agent.post('/login/mfa', { method: 'totp', code: '000000' });
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const agent = new AuthAgent(t, 'staff.localhost');
      expect((await passwordStep(agent, who)).json().mfa).toEqual({ methods: ['totp', 'recovery'] });
      answers.push((await wrongCode(agent)).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    // Locked now: even the correct password is refused without a check.
    expect((await passwordStep(new AuthAgent(t, 'staff.localhost'), who)).statusCode).toBe(429);
    const events = await t.database.db
      .select()
      .from(accountActivity)
      .where(eq(accountActivity.userId, user.id));
    expect(events.filter((e) => e.type === 'mfa_failed')).toHaveLength(1);
    // Unlocked for the tests below.
    await t.database.db
      .update(users)
      .set({ failedAttempts: 0, lockedUntil: null, lastFailedLoginAt: null })
      .where(eq(users.id, user.id));
  });

  it('refuses a second step without a pending sign-in, and a method the account does not have', async () => {
    const stranger = new AuthAgent(t);
    expect((await stranger.post('/login/mfa', { method: 'totp', code: '123456' })).statusCode).toBe(401);
    const agent = await pendingPartner3();
    expect((await agent.post('/login/mfa', { method: 'webauthn', code: 'x' })).statusCode).toBe(400);
    expect((await agent.post('/login/mfa', { method: 'sms', code: '123456' })).statusCode).toBe(400);
    expect((await agent.post('/login/mfa', { method: 'totp' })).statusCode).toBe(400);
    expect((await agent.post('/login/mfa', { method: 'totp', code: '1'.repeat(41) })).statusCode).toBe(400);
  });

  it('never sends or takes an e-mailed code for a sign-in waiting for the authenticator', async () => {
    const agent = await pendingPartner3();
    expect((await agent.post('/resend_otp', {})).statusCode).toBe(401);
    const viaEmail = await agent.post('/login', {
      login: partner3.login,
      password: partner3.password,
      area: 'b2b',
      otpCode: '123456',
    });
    expect(viaEmail.statusCode).toBe(401);
    expect((await agent.post('/login/mfa', { method: 'email', code: '123456' })).statusCode).toBe(401);
    expect((await agent.get('/me')).json().currentProducer).toBeNull();
  });

  it('signs in with a recovery code exactly once', async () => {
    nextStep(t);
    const agent = await pendingPartner3();
    await agent.post('/login/mfa', { method: 'totp', code: totpCode(t, SECRET) });
    const codes = (await agent.post('/account/mfa/recovery_codes')).json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const first = await pendingPartner3();
    // Typed leniently: upper case, spaces instead of dashes.
    const typed = (codes[0] as string).toUpperCase().replaceAll('-', ' ');
    expect((await first.post('/login/mfa', { method: 'recovery', code: typed })).statusCode).toBe(200);
    const second = await pendingPartner3();
    expect((await second.post('/login/mfa', { method: 'recovery', code: codes[0] })).statusCode).toBe(401);
    const overview = (await first.get('/account/security')).json();
    expect(overview).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 9, recoveryCodesLow: false });
    const [audit] = await auditRows(t, 'login.mfa');
    expect(audit?.details).not.toHaveProperty('code');
  });
});

describe('trusted browsers', () => {
  it('skips the second step on a trusted browser until the trust is revoked', async () => {
    // A fresh window of the per-account code limit (10 checks in 15 minutes) after the tests above.
    advance(t, 16 * 60_000);
    const agent = await pendingPartner3();
    const done = await agent.post('/login/mfa', {
      method: 'totp',
      code: totpCode(t, SECRET),
      trustBrowser: true,
    });
    expect(done.statusCode).toBe(200);
    await agent.send('DELETE', '/logout');
    const again = await passwordStep(agent, partner3);
    expect(again.json().currentProducer?.name).toBe(partner3.name);
    // Skipping the factor is no fresh check: removing the authenticator still asks for one.
    expect((await agent.send('DELETE', '/account/mfa/totp')).json()).toMatchObject({ stepUp: true });
    // The trust cookie alone, in a browser without the device cookie, is not enough.
    const copy = new AuthAgent(t);
    copy.jar.set('portal_trust', agent.jar.get('portal_trust') as string);
    expect((await passwordStep(copy, partner3)).json().mfa).toBeDefined();
    const list = (await agent.get('/account/trusted_browsers')).json().data;
    expect(list).toHaveLength(1);
    expect((await agent.send('DELETE', `/account/trusted_browsers/${list[0].id}`)).statusCode).toBe(200);
    expect((await agent.send('DELETE', `/account/trusted_browsers/${list[0].id}`)).statusCode).toBe(404);
    await agent.send('DELETE', '/logout');
    expect((await passwordStep(agent, partner3)).json().mfa).toEqual({ methods: ['totp', 'recovery'] });
  });

  it('never trusts a browser for staff', async () => {
    nextStep(t);
    const agent = new AuthAgent(t, 'staff.localhost');
    await passwordStep(agent, staff4);
    const code = totpCode(t, staff4.totpSecret as string);
    expect((await agent.post('/login/mfa', { method: 'totp', code, trustBrowser: true })).statusCode).toBe(
      200,
    );
    expect(agent.jar.has('portal_trust')).toBe(false);
    await agent.send('DELETE', '/logout');
    expect((await passwordStep(agent, staff4)).json().mfa).toBeDefined();
  });
});

describe('policy per audience', () => {
  const pastGrace = async (login: string) => {
    const user = await userRow(t, 'afs', login);
    await t.database.db
      .update(users)
      .set({ mfaGraceFrom: new Date(t.clock.now.getTime() - 15 * 86_400_000) })
      .where(eq(users.id, user.id));
  };

  it('signs existing producers and staff in with the password alone within their grace period', async () => {
    const producer = await passwordStep(new AuthAgent(t), account('consultant'));
    expect(producer.json()).toMatchObject({ currentProducer: { name: account('consultant').name } });
    expect(producer.json().mfaEnrolmentRequired).toBeUndefined();
    const staff = await passwordStep(new AuthAgent(t, 'staff.localhost'), account('staff3'));
    expect(staff.json().currentStaff).not.toBeNull();
  });

  it('after the grace period lets a producer in only to enrol, then everywhere', async () => {
    const who = account('otherPartner');
    await pastGrace(who.login);
    const agent = new AuthAgent(t);
    const signedIn = await passwordStep(agent, who);
    expect(signedIn.json()).toMatchObject({ mfaEnrolmentRequired: true });
    const held = await agent.get('/b2b/get_tree_node');
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ reason: 'mfa_enrolment_required' });
    expect((await agent.get('/me')).json().mfaEnrolmentRequired).toBe(true);
    const enrol = await agent.post('/account/mfa/totp');
    expect(enrol.statusCode).toBe(200);
    const { secret } = enrol.json();
    const confirmed = await agent.post('/account/mfa/totp/confirm', { code: totpCode(t, secret) });
    expect(confirmed.statusCode).toBe(200);
    expect((await agent.get('/b2b/get_tree_node')).statusCode).not.toBe(403);
    expect((await agent.get('/me')).json().mfaEnrolmentRequired).toBeUndefined();
  });

  it('holds staff past their grace period the same way', async () => {
    const who = account('staff3');
    await pastGrace(who.login);
    const agent = new AuthAgent(t, 'staff.localhost');
    expect((await passwordStep(agent, who)).json().mfaEnrolmentRequired).toBe(true);
    expect((await agent.get('/account/security')).json()).toMatchObject({
      enrolmentRequired: true,
      strongFactorRequired: true,
      trustedBrowsersAllowed: false,
    });
  });

  it('keeps the e-mailed code for clients, and lets an authenticator replace it', async () => {
    const who = account('client2');
    await pastGrace(who.login);
    const agent = new AuthAgent(t);
    const step = await passwordStep(agent, who, 'b2c');
    expect(step.json().otpUserId).not.toBeNull();
    expect(step.json().mfa).toEqual({ methods: ['email'] });
  });
});
