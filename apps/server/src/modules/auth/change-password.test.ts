import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthAgent,
  account,
  advance,
  auditRows,
  createAuthTestApp,
  mailAfter,
  pendingLoginCode,
  signedInAgent,
  unusedCodes,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';

let t: TestContext;
let outbox: string;
beforeAll(async () => {
  ({ t, outboxDir: outbox } = await createAuthTestApp());
});
afterAll(() => t.close());
// A test starts once the e-mails and jobs of the one before are done, so it never reads their mail as its own.
beforeEach(async () => {
  await jobsSettled(t);
  advance(t, 20 * 60_000);
});

const signedIn = (key: Parameters<typeof account>[0]) => signedInAgent(t, key);

describe('POST /change_password', () => {
  it('says "Cannot be blank" for each missing field', async () => {
    const agent = await signedIn('partner');
    const response = await agent.post('/change_password', { currentPassword: '', newPassword: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        currentPassword: ['Cannot be blank'],
        newPassword: ['Cannot be blank'],
        confirmNewPassword: ['Cannot be blank'],
      },
    });
  });

  it('answers every problem at once: wrong current password, policy, confirmation', async () => {
    const agent = await signedIn('partner');
    const response = await agent.post('/change_password', {
      currentPassword: 'NotMine99',
      newPassword: 'abc',
      confirmNewPassword: 'abd',
    });
    expect(response.json()).toEqual({
      errors: {
        currentPassword: ['The current password is incorrect.'],
        newPassword: ['Must be 6 to 10 characters'],
        confirmNewPassword: ['Does not match the password'],
      },
    });
    expect((await auditRows(t, 'password.change'))[0]?.outcome).toBe('failure');
  });

  it('refuses a common password, the login as password, and the current password again', async () => {
    const who = account('partner');
    const agent = await signedIn('partner');
    const cases: [string, string][] = [
      ['qwerty123', 'Is too common and easy to guess; choose another'],
      [who.login, 'Must not be the same as the login ID'],
      [who.password, 'Must be different from the current password'],
      ['漢字パスワード', 'May contain half-width letters and digits only'],
    ];
    for (const [newPassword, message] of cases) {
      const response = await agent.post('/change_password', {
        currentPassword: who.password,
        newPassword,
        confirmNewPassword: newPassword,
      });
      expect(response.json(), newPassword).toEqual({ errors: { newPassword: [message] } });
    }
  });

  it('answers in the request language', async () => {
    const agent = await signedInAgent(t, 'partner', 'afs.localhost', 'kr');
    const response = await agent.post('/change_password', {
      currentPassword: 'x',
      newPassword: 'abc',
      confirmNewPassword: 'abc',
    });
    expect(response.json().errors).toEqual({
      currentPassword: ['현재 비밀번호가 올바르지 않습니다.'],
      newPassword: ['6~10자여야 합니다'],
    });
  });

  it('changes the password, keeps this session, ends the others and tells the owner by e-mail', async () => {
    const who = account('consultant');
    const here = new AuthAgent(t);
    const elsewhere = new AuthAgent(t);
    for (const agent of [here, elsewhere]) {
      const response = await agent.post('/login', { login: who.login, password: who.password, area: 'b2b' });
      expect(response.statusCode).toBe(200);
    }
    const mail = await mailAfter(outbox, who.email, async () => {
      const response = await here.post('/change_password', {
        currentPassword: who.password,
        newPassword: 'Calvin2025',
        confirmNewPassword: 'Calvin2025',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
    });
    expect(mail.subject).toBe('Angel Financial Services: your password was changed');
    expect((await here.get('/me')).json().currentProducer?.name).toBe(who.name);
    expect((await elsewhere.get('/me')).json().currentProducer).toBeNull();
    expect((await auditRows(t, 'password.change'))[0]?.outcome).toBe('success');
    const old = await new AuthAgent(t).post('/login', {
      login: who.login,
      password: who.password,
      area: 'b2b',
    });
    expect(old.statusCode).toBe(401);
    const fresh = await new AuthAgent(t).post('/login', {
      login: who.login,
      password: 'Calvin2025',
      area: 'b2b',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('ends pending one-time-code logins begun with the old password, and voids their codes', async () => {
    const who = account('client2');
    const attacker = new AuthAgent(t);
    const code = await pendingLoginCode(outbox, attacker, who, 'b2c');
    const owner = await signedIn('client2');
    const changed = await owner.post('/change_password', {
      currentPassword: who.password,
      newPassword: 'Meiling31',
      confirmNewPassword: 'Meiling31',
    });
    expect(changed.statusCode).toBe(200);
    expect(await unusedCodes(t, 'afs', who.login)).toHaveLength(0);
    expect((await attacker.get('/me')).json().otpUserId).toBeNull();
    expect((await attacker.post('/resend_otp', {})).statusCode).toBe(401);
    const finish = await attacker.post('/login', {
      login: who.login,
      password: who.password,
      area: 'b2c',
      otpCode: code,
    });
    expect(finish.statusCode).toBe(401);
    // The owner stays signed in.
    expect((await owner.get('/me')).json().currentClient?.name).toBe(who.name);
  });

  it('rotates the session id and CSRF token on success: still signed in, the old id is worthless', async () => {
    const who = account('subpartner');
    const agent = await signedIn('subpartner');
    const before = { cookie: agent.cookie, csrf: agent.csrfToken };
    const response = await agent.post('/change_password', {
      currentPassword: who.password,
      newPassword: 'Subpart31',
      confirmNewPassword: 'Subpart31',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(agent.cookie).not.toBe(before.cookie);
    const me = (await agent.get('/me')).json();
    expect(me.currentProducer?.name).toBe(who.name);
    expect(me.csrfToken).not.toBe(before.csrf);
    const stale = new AuthAgent(t);
    stale.cookie = before.cookie;
    expect((await stale.get('/me')).json().currentProducer).toBeNull();
    // The SPA re-reads /me after the change; the next write with the new token goes through.
    agent.csrfToken = me.csrfToken;
    const next = await agent.post('/change_password', {
      currentPassword: 'Subpart31',
      newPassword: 'Subpart32',
      confirmNewPassword: 'Subpart32',
    });
    expect(next.statusCode).toBe(200);
  });

  it('works for clients too', async () => {
    const who = account('client');
    const agent = await signedIn('client');
    const response = await agent.post('/change_password', {
      currentPassword: who.password,
      newPassword: 'Taiman2025',
      confirmNewPassword: 'Taiman2025',
    });
    expect(response.statusCode).toBe(200);
  });

  it('is for signed-in clients and producers only', async () => {
    const anonymous = new AuthAgent(t);
    const body = { currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' };
    expect((await anonymous.post('/change_password', body)).statusCode).toBe(401);
    const staff = await signedInAgent(t, 'staff', 'staff.localhost');
    expect((await staff.post('/change_password', body)).statusCode).toBe(403);
  });

  it('limits attempts per account: a stolen session cannot guess the current password for long', async () => {
    const agent = await signedIn('subpartner');
    const body = { currentPassword: 'Guess1234', newPassword: 'Betty2025', confirmNewPassword: 'Betty2025' };
    for (let i = 0; i < LIMITS.changePasswordPerUser.limit; i++) {
      expect((await agent.post('/change_password', body)).statusCode).toBe(400);
    }
    const refused = await agent.post('/change_password', body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 400 for wrong types and overlong values', async () => {
    const agent = await signedIn('partner');
    const response = await agent.post('/change_password', {
      currentPassword: 5,
      newPassword: 'x'.repeat(129),
      confirmNewPassword: null,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'confirmNewPassword',
      'currentPassword',
      'newPassword',
    ]);
  });
});
