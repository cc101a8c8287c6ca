import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountActivity, accountTotp } from '../../../db/schema/index.js';
import { readLatestMail } from '../../../mail/index.js';
import { account, advance, signedInAgent, signInThroughFlow, userRow } from '../../../testing/auth-agent.js';
import { jobsSettled } from '../../../testing/jobs.js';
import type { TestContext } from '../../../testing/test-app.js';
import {
  AuthAgent,
  createSecurityTestApp,
  nextStep,
  passwordStep,
  smsMessages,
  totpCode,
} from './test-helpers.js';

let t: TestContext;
let outboxDir: string;
let smsDir: string;
beforeAll(async () => {
  ({ t, outboxDir, smsDir } = await createSecurityTestApp());
});
afterAll(() => t.close());

const activityTypes = async (login: string) => {
  const user = await userRow(t, 'afs', login);
  const rows = await t.database.db.select().from(accountActivity).where(eq(accountActivity.userId, user.id));
  return rows.map((r) => r.type);
};

/** Enrols an authenticator for the agent's account; answers its secret and recovery codes. */
async function enrol(agent: AuthAgent) {
  const started = await agent.post('/account/mfa/totp');
  expect(started.statusCode, started.body).toBe(200);
  const { secret, otpauthUrl, qrDataUrl } = started.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await agent.post('/account/mfa/totp/confirm', { code: totpCode(t, secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

describe('enrolling an authenticator', () => {
  it('seals the secret at rest, confirms with a first code and shows ten recovery codes once', async () => {
    const agent = await signedInAgent(t, 'subpartner');
    const started = await agent.post('/account/mfa/totp');
    const { secret } = started.json();
    const user = await userRow(t, 'afs', account('subpartner').login);
    const [row] = await t.database.db.select().from(accountTotp).where(eq(accountTotp.userId, user.id));
    expect(row?.keyId).toBe('dev1');
    expect(row?.secretSealed).not.toContain(secret);
    expect(row?.confirmedAt).toBeNull();
    expect((await agent.post('/account/mfa/totp/confirm', { code: '000000' })).statusCode).toBe(400);
    const confirmed = await agent.post('/account/mfa/totp/confirm', { code: totpCode(t, secret) });
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
    expect((await agent.post('/account/mfa/totp')).statusCode).toBe(409);
    expect((await agent.get('/account/security')).json()).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 10,
      stepUpMethods: ['totp', 'recovery'],
    });
    expect(await activityTypes(account('subpartner').login)).toContain('factor_added');
    // The next sign-in asks for the authenticator.
    const next = await passwordStep(new AuthAgent(t), account('subpartner'));
    expect(next.json().mfa).toEqual({ methods: ['totp', 'recovery'] });
  });

  it('lets a client replace the e-mailed code with an authenticator, and notices by e-mail and SMS', async () => {
    const who = account('client');
    const agent = new AuthAgent(t);
    await signInThroughFlow(outboxDir, agent, who, 'b2c');
    const smsBefore = smsMessages(smsDir).length;
    const { secret } = await enrol(agent);
    await jobsSettled(t);
    const mail = await readLatestMail(outboxDir, who.email);
    expect(mail?.subject).toContain('authenticator app added');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    expect(mail?.text).not.toContain('http');
    const sms = smsMessages(smsDir).slice(smsBefore);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain('authenticator app was added');
    const step = await passwordStep(new AuthAgent(t), who, 'b2c');
    expect(step.json()).toMatchObject({ mfa: { methods: ['totp', 'recovery'] } });
    nextStep(t);
    const again = new AuthAgent(t);
    await passwordStep(again, who, 'b2c');
    const done = await again.post('/login/mfa', { method: 'totp', code: totpCode(t, secret) });
    expect(done.json().currentClient).not.toBeNull();
  });
});

describe('step-up', () => {
  it('asks for a fresh check before removing a factor or renewing recovery codes, then allows them', async () => {
    const agent = await signedInAgent(t, 'consultant');
    const { secret, recoveryCodes } = await enrol(agent);
    advance(t, 11 * 60_000);
    await agent.get('/me');
    for (const [method, path] of [
      ['DELETE', '/account/mfa/totp'],
      ['POST', '/account/mfa/recovery_codes'],
    ] as const) {
      const refused = await agent.send(method, path);
      expect(refused.statusCode, path).toBe(401);
      expect(refused.json()).toMatchObject({ stepUp: true });
    }
    expect((await agent.post('/account/step_up', { method: 'password', code: 'Prod3456' })).statusCode).toBe(
      400,
    );
    expect((await agent.post('/account/step_up', { method: 'totp', code: '000000' })).statusCode).toBe(400);
    const stepped = await agent.post('/account/step_up', { method: 'recovery', code: recoveryCodes[0] });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const renewed = await agent.post('/account/mfa/recovery_codes');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recoveryCodes).not.toContain(recoveryCodes[1]);
    nextStep(t);
    expect(
      (await agent.post('/account/step_up', { method: 'totp', code: totpCode(t, secret) })).statusCode,
    ).toBe(200);
    expect((await agent.send('DELETE', '/account/mfa/totp')).statusCode).toBe(200);
    const types = await activityTypes(account('consultant').login);
    expect(types).toEqual(
      expect.arrayContaining([
        'factor_added',
        'recovery_code_used',
        'recovery_codes_renewed',
        'factor_removed',
      ]),
    );
  });

  it('asks an account without an authenticator for its password, never locking it out', async () => {
    const agent = await signedInAgent(t, 'otherPartner');
    advance(t, 11 * 60_000);
    await agent.get('/me');
    expect((await agent.post('/account/mfa/totp')).json()).toMatchObject({ stepUp: true });
    expect((await agent.get('/account/security')).json().stepUpMethods).toEqual(['password']);
    expect((await agent.post('/account/step_up', { method: 'totp', code: '123456' })).statusCode).toBe(400);
    expect((await agent.post('/account/step_up', { method: 'password', code: 'wrong' })).statusCode).toBe(
      400,
    );
    expect((await agent.post('/account/step_up', { method: 'password', code: 'Prod4567' })).statusCode).toBe(
      200,
    );
    expect((await agent.post('/account/mfa/totp')).statusCode).toBe(200);
  });

  it('guards a password change of an account with an authenticator, and a staff revenue delete', async () => {
    const producer = await signedInAgent(t, 'partnerWithAuthenticator');
    advance(t, 11 * 60_000);
    await producer.get('/me');
    const change = await producer.post('/change_password', {
      currentPassword: 'Prod7890',
      newPassword: 'Prod7891',
      confirmNewPassword: 'Prod7891',
    });
    expect(change.statusCode).toBe(401);
    expect(change.json()).toMatchObject({ stepUp: true });
    const staff = await signedInAgent(t, 'staffWithAuthenticator', 'staff.localhost');
    advance(t, 11 * 60_000);
    await staff.get('/me');
    const removed = await staff.send('DELETE', '/internal/revenues/1');
    expect(removed.statusCode).toBe(401);
    expect(removed.json()).toMatchObject({ stepUp: true });
    nextStep(t);
    const code = totpCode(t, account('staffWithAuthenticator').totpSecret as string);
    expect((await staff.post('/account/step_up', { method: 'totp', code })).statusCode).toBe(200);
    expect((await staff.send('DELETE', '/internal/revenues/1')).statusCode).not.toBe(401);
  });
});

describe('sessions', () => {
  it('lists the sessions, ends one (its next request is signed out) and ends the others', async () => {
    const who = account('partner');
    const here = new AuthAgent(t);
    const there = new AuthAgent(t);
    const third = new AuthAgent(t);
    for (const agent of [here, there, third]) expect((await passwordStep(agent, who)).statusCode).toBe(200);
    const list = (await here.get('/account/sessions')).json().data as { id: string; current: boolean }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const mine = (await there.get('/account/sessions'))
      .json()
      .data.find((s: { current: boolean }) => s.current);
    expect((await here.send('DELETE', `/account/sessions/${mine.id}`)).statusCode).toBe(200);
    expect((await there.get('/account/sessions')).statusCode).toBe(401);
    expect((await there.get('/me')).json().currentProducer).toBeNull();
    expect((await here.send('DELETE', `/account/sessions/${mine.id}`)).statusCode).toBe(404);
    expect((await here.send('DELETE', '/account/sessions/not-a-ref')).statusCode).toBe(400);
    expect((await here.post('/account/sessions/end_others')).statusCode).toBe(200);
    expect((await third.get('/me')).json().currentProducer).toBeNull();
    expect((await here.get('/me')).json().currentProducer?.name).toBe(who.name);
    expect((await here.get('/account/sessions')).json().data).toHaveLength(1);
    const activity = (await here.get('/account/activity')).json().data as { type: string }[];
    expect(activity.map((a) => a.type)).toContain('session_ended');
  });

  it('answers 401 to visitors on every account call', async () => {
    const visitor = new AuthAgent(t);
    for (const path of [
      '/account/security',
      '/account/sessions',
      '/account/activity',
      '/account/trusted_browsers',
    ])
      expect((await visitor.get(path)).statusCode, path).toBe(401);
    expect((await visitor.post('/account/mfa/totp')).statusCode).toBe(401);
    expect((await visitor.post('/account/step_up', { method: 'password', code: 'x' })).statusCode).toBe(401);
  });
});

describe('activity', () => {
  it('records a sign-in from a new browser and a changed password, with device and address', async () => {
    const who = account('absgProducer');
    await passwordStep(new AuthAgent(t, 'absg.localhost'), who);
    const agent = new AuthAgent(t, 'absg.localhost');
    await agent.request({
      method: 'GET',
      url: '/angel/face/en/api/me',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0.0.0 Safari/537.36' },
    });
    await agent.request({
      method: 'POST',
      url: '/angel/face/en/api/login',
      headers: {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0.0.0 Safari/537.36',
        'x-csrf-token': agent.csrfToken as string,
      },
      payload: { login: who.login, password: who.password, area: 'b2b' },
    });
    const changed = await agent.post('/change_password', {
      currentPassword: who.password,
      newPassword: 'Prod6780',
      confirmNewPassword: 'Prod6780',
    });
    expect(changed.statusCode).toBe(200);
    const activity = (await agent.get('/account/activity')).json().data as {
      type: string;
      device: string | null;
      ip: string | null;
    }[];
    expect(activity.map((a) => a.type)).toEqual(['password_changed', 'new_browser']);
    expect(activity[1]).toMatchObject({ device: 'Chrome 120 on Windows', ip: agent.ip });
  });
});
