import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mail/index.js';
import {
  AuthAgent,
  account,
  accountLinkAfter,
  advance,
  auditRows,
  createAuthTestApp,
  pendingLoginCode,
  unusedCodes,
  userRow,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import { signInAs } from '../../testing/sessions.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';
import { publicOrigin, RESET_TOKEN_TTL_MS } from './account-links.js';
import { REPEAT_REQUEST_WINDOW_MS } from './account-mail-jobs.js';
import { LOCK_POLICY } from './lockout.js';

let t: TestContext;
let outbox: string;
beforeAll(async () => {
  ({ t, outboxDir: outbox } = await createAuthTestApp());
});
afterAll(() => t.close());
// A test starts once the e-mails and jobs of the one before are done, so it never reads their mail as its own.
beforeEach(async () => {
  await jobsSettled(t);
  advance(t, 2 * 60 * 60_000);
});

const client = account('client2');
const producer = account('otherPartner');
const clientForm = () => {
  const [year, month, day] = (client.birthDate ?? '').split('-');
  return { idNo: client.clientIdNumber, birthDay: day, birthMonth: month, birthYear: year };
};
const INVALID = { errors: { base: ['This link is invalid or has expired. Please request a new one.'] } };

const resetLinkFor = (email: string, send: () => Promise<unknown>) => accountLinkAfter(outbox, email, send);

describe('POST /forget_password (client)', () => {
  it('answers the same whether or not someone matched, and e-mails a reset link to the match', async () => {
    const miss = await new AuthAgent(t).post('/forget_password', { ...clientForm(), idNo: 'Z0000000' });
    let hitBody = '';
    const reset = await resetLinkFor(client.email, async () => {
      hitBody = (await new AuthAgent(t).post('/forget_password', clientForm())).body;
    });
    expect(hitBody).toBe(miss.body);
    expect(miss.json()).toEqual({ success: true, withEmail: true });
    expect(reset.link.pathname).toBe('/angel/face/en/reset_password');
    expect(reset).toMatchObject({ login: client.login, type: 'B2C' });
    const mail = await readLatestMail(outbox, client.email);
    expect(mail?.subject).toBe('Angel Financial Services: reset your password');
    expect(mail?.text).toContain('valid for 60 minutes');
    await jobsSettled(t);
    expect((await auditRows(t, 'password.reset_request')).slice(0, 2).map((r) => r.outcome)).toEqual([
      'success',
      'unmatched',
    ]);
  });

  it('accepts the AG client ID as the ID number', async () => {
    const reset = await resetLinkFor(client.email, () =>
      new AuthAgent(t).post('/forget_password', { ...clientForm(), idNo: client.login.toLowerCase() }),
    );
    expect(reset.login).toBe(client.login);
  });

  it('resets the password: the old one stops working, every session ends, a lock is cleared', async () => {
    const signedIn = new AuthAgent(t);
    // Lock the account first.
    for (let i = 0; i < LOCK_POLICY.threshold; i++) {
      await new AuthAgent(t).post('/login', { login: client.login, password: 'Wrong1234', area: 'b2c' });
    }
    expect((await userRow(t, 'afs', client.login)).lockedUntil).not.toBeNull();
    const reset = await resetLinkFor(client.email, () =>
      new AuthAgent(t).post('/forget_password', clientForm()),
    );
    const response = await signedIn.post('/activate', {
      login: reset.login,
      activationCode: reset.code,
      password: 'Mei2025x',
      passwordConfirmation: 'Mei2025x',
      type: 'B2C',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, loginId: client.login });
    const user = await userRow(t, 'afs', client.login);
    expect(user).toMatchObject({ failedAttempts: 0, lockedUntil: null, status: 'active' });
    expect((await auditRows(t, 'password.reset'))[0]?.outcome).toBe('success');
    const again = await new AuthAgent(t).post('/activate', {
      login: reset.login,
      activationCode: reset.code,
      password: 'Mei2026x',
      passwordConfirmation: 'Mei2026x',
      type: 'B2C',
    });
    expect(again.json()).toEqual(INVALID);
    const old = await new AuthAgent(t).post('/login', {
      login: client.login,
      password: client.password,
      area: 'b2c',
    });
    expect(old.statusCode).toBe(401);
    const fresh = await new AuthAgent(t).post('/login', {
      login: client.login,
      password: 'Mei2025x',
      area: 'b2c',
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().otpUserId).toBe(user.id);
  });

  it('ends a pending one-time-code login begun with the old password, and voids its code', async () => {
    const who = account('client');
    const [year, month, day] = (who.birthDate ?? '').split('-');
    const attacker = new AuthAgent(t);
    const code = await pendingLoginCode(outbox, attacker, who, 'b2c');
    const reset = await resetLinkFor(who.email, () =>
      new AuthAgent(t).post('/forget_password', {
        idNo: who.clientIdNumber,
        birthDay: day,
        birthMonth: month,
        birthYear: year,
      }),
    );
    const done = await new AuthAgent(t).post('/activate', {
      login: reset.login,
      activationCode: reset.code,
      password: 'Taiman2031',
      passwordConfirmation: 'Taiman2031',
      type: 'B2C',
    });
    expect(done.statusCode).toBe(200);
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
    expect(finish.json().currentClient ?? null).toBeNull();
  });

  it('refuses an expired reset link, and a link used with the wrong type', async () => {
    const reset = await resetLinkFor(client.email, () =>
      new AuthAgent(t).post('/forget_password', clientForm()),
    );
    const body = {
      login: reset.login,
      activationCode: reset.code,
      password: 'Mei2027x',
      passwordConfirmation: 'Mei2027x',
    };
    expect((await new AuthAgent(t).post('/activate', { ...body, type: 'B2B' })).json()).toEqual(INVALID);
    expect((await new AuthAgent(t).post('/activate', body)).json()).toEqual(INVALID);
    advance(t, RESET_TOKEN_TTL_MS + 1000);
    const expired = await new AuthAgent(t).post('/activate', { ...body, type: 'B2C' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(INVALID);
  });

  it('limits requests per account across addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.forgotPasswordPerAccount.limit; i++) {
      statuses.push(
        (await new AuthAgent(t).post('/forget_password', { ...clientForm(), idNo: 'LIMITED1' })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it.each([
    [{}, ['idNo', 'birthDay', 'birthMonth', 'birthYear']],
    [
      { idNo: ' ', birthDay: 0, birthMonth: '13', birthYear: 'abcd' },
      ['idNo', 'birthDay', 'birthMonth', 'birthYear'],
    ],
    [{ idNo: 'A'.repeat(41), birthDay: 31, birthMonth: 4, birthYear: 1990 }, ['idNo']],
    [{ idNo: 'A1', birthDay: 31, birthMonth: 4, birthYear: 1990 }, ['birthDay']],
  ])('answers 400 with field errors for %j', async (body, fields) => {
    const response = await new AuthAgent(t).post('/forget_password', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([...fields].sort());
  });
});

describe('POST /forget_password_b2b (producer)', () => {
  it('e-mails a B2B reset link by Login ID or Advisor Code, and answers strangers the same', async () => {
    const miss = await new AuthAgent(t).post('/forget_password_b2b', { loginId: 'nobody-here' });
    expect(miss.json()).toEqual({ success: true, withEmail: true });
    const byCode = await resetLinkFor(producer.email, () =>
      new AuthAgent(t).post('/forget_password_b2b', { loginId: producer.advisorCode?.toLowerCase() }),
    );
    expect(byCode).toMatchObject({ login: producer.login, type: 'B2B' });
    // A minute later (sooner, it would be a repeat of the first request and send nothing).
    t.clock.now = new Date(t.clock.now.getTime() + REPEAT_REQUEST_WINDOW_MS + 1000);
    const byLogin = await resetLinkFor(producer.email, async () => {
      const hit = await new AuthAgent(t).post('/forget_password_b2b', { loginId: producer.login });
      expect(hit.body).toBe(miss.body);
    });
    // A newer link replaces the older one.
    const stale = await new AuthAgent(t).post('/activate', {
      login: byCode.login,
      activationCode: byCode.code,
      password: 'Diana2025',
      passwordConfirmation: 'Diana2025',
      type: 'B2B',
    });
    expect(stale.json()).toEqual(INVALID);
    const ok = await new AuthAgent(t).post('/activate', {
      login: byLogin.login,
      activationCode: byLogin.code,
      password: 'Diana2025',
      passwordConfirmation: 'Diana2025',
      type: 'B2B',
    });
    expect(ok.statusCode).toBe(200);
    const login = await new AuthAgent(t).post('/login', {
      login: producer.login,
      password: 'Diana2025',
      area: 'b2b',
    });
    expect(login.json().currentProducer?.name).toBe(producer.name);
  });

  it('writes the link for the site and language the request came from', async () => {
    const ipc = account('ipcProducer');
    const reset = await resetLinkFor(ipc.email, () =>
      new AuthAgent(t, 'ipc.localhost', 'zh').post('/forget_password_b2b', { loginId: ipc.login }),
    );
    expect(reset.link.origin).toBe('http://ipc.localhost:3000');
    expect(reset.link.pathname).toBe('/angel/face/zh/reset_password');
    expect((await readLatestMail(outbox, ipc.email))?.subject).toBe(
      'IPC Independent Planning Consultants：重設密碼',
    );
  });

  it('never builds a link on a forged Host', async () => {
    // An unknown host falls back to the default site (afs); the link points at the configured afs host.
    const partner = account('partner');
    const reset = await resetLinkFor(partner.email, () =>
      new AuthAgent(t, 'evil.example.com:8080').post('/forget_password_b2b', { loginId: partner.login }),
    );
    expect(reset.link.origin).toBe('http://afs.localhost:3000');
  });

  it('answers 400 for a blank or overlong login id', async () => {
    expect((await new AuthAgent(t).post('/forget_password_b2b', { loginId: '' })).json()).toEqual({
      errors: { loginId: ['Cannot be blank'] },
    });
    expect(
      (await new AuthAgent(t).post('/forget_password_b2b', { loginId: 'x'.repeat(101) })).statusCode,
    ).toBe(400);
    expect((await new AuthAgent(t).post('/forget_password_b2b', {})).statusCode).toBe(400);
  });
});

describe('client and producer account flows on the staff host', () => {
  const staffHost = () => new AuthAgent(t, 'staff.localhost');

  it('answer 404 and send nothing: the staff host serves no client or producer pages', async () => {
    const before = (await readLatestMail(outbox, client.email))?.file;
    const calls: [string, Record<string, unknown>][] = [
      ['/forget_password', clientForm()],
      ['/forget_password_b2b', { loginId: producer.login }],
      ['/registration', { ...clientForm(), surName: 'Wong', givenName: 'Mei Ling' }],
      [
        '/activate',
        { login: client.login, activationCode: 'x', password: 'Abc12345', passwordConfirmation: 'Abc12345' },
      ],
      [
        '/activate',
        {
          login: producer.login,
          activationCode: 'x',
          password: 'Abc12345',
          passwordConfirmation: 'Abc12345',
          type: 'B2B',
        },
      ],
    ];
    for (const [path, body] of calls) {
      const response = await staffHost().post(path, body);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ error: 'Page Not Found' });
    }
    // Any job those calls queued has run once the queue is empty: only then does "no new mail" mean anything.
    await jobsSettled(t);
    expect((await readLatestMail(outbox, client.email))?.file).toBe(before);
  });

  it('change password: 404 for a client or producer session presented there', async () => {
    const agent = staffHost();
    await signInAs(t, agent, producer.login).catch(() => undefined);
    // signInAs resolves the host's site (afs): the producer's session is valid there, the page is not.
    const response = await agent.post('/change_password', {
      currentPassword: producer.password,
      newPassword: 'Abc12345',
      confirmNewPassword: 'Abc12345',
    });
    expect(response.statusCode).toBe(404);
  });

  it('e-mailed links take their origin from configuration, whatever host the request named', () => {
    expect(publicOrigin(t.config, 'afs')).toBe('http://afs.localhost:3000');
    expect(publicOrigin(t.config, 'ipc')).toBe('http://ipc.localhost:3000');
  });
});
