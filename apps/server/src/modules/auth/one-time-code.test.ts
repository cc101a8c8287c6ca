import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { meResponseSchema, OTP_RESEND_INTERVAL_SECONDS } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { readLatestMail } from '../../mail/index.js';
import {
  AuthAgent,
  account,
  advance,
  auditRows,
  codeOf,
  createAuthTestApp,
  mailAfter,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';
import { OTP_POLICY } from './one-time-code.js';

let t: TestContext;
let outbox: string;
beforeAll(async () => {
  ({ t, outboxDir: outbox } = await createAuthTestApp());
});
afterAll(() => t.close());
// Every test uses the same demo client: start each in a fresh rate-limit window, as if a while had passed.
// A test starts once the e-mails and jobs of the one before are done, so it never reads their mail as its own.
beforeEach(async () => {
  await jobsSettled(t);
  advance(t, 16 * 60_000);
});

const client = account('client');
const body = (extra: Record<string, unknown> = {}) => ({
  login: client.login,
  password: client.password,
  area: 'b2c',
  ...extra,
});

/** Passes the password step; answers the agent and the code e-mailed for it. */
async function pending(agent = new AuthAgent(t)) {
  let answer: ReturnType<typeof meResponseSchema.parse> | undefined;
  const mail = await mailAfter(outbox, client.email, async () => {
    const response = await agent.post('/login', body());
    expect(response.statusCode).toBe(200);
    answer = meResponseSchema.parse(response.json());
  });
  return { agent, answer, mail, code: codeOf(mail) };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time code at login (clients on afs)', () => {
  it('asks for a code after the password, e-mails it, and signs in with it', async () => {
    const { agent, answer, mail, code } = await pending();
    const user = (await auditRows(t, 'login'))[0];
    expect(answer?.currentClient).toBeNull();
    expect(answer?.otpUserId).toBe(user?.userId);
    expect(user?.outcome).toBe('otp_required');
    expect(mail.subject).toBe('Angel Financial Services: your sign-in code');
    expect(mail.text).toContain(`Your one-time sign-in code is ${code}.`);
    expect(mail.html).toContain(code);
    // Not signed in yet: /me shows the pending login only.
    const me = (await agent.get('/me')).json();
    expect(me).toMatchObject({ currentClient: null, otpUserId: answer?.otpUserId });

    const csrfBefore = agent.csrfToken;
    const cookieBefore = agent.cookie;
    const done = await agent.post('/login', body({ otpCode: code }));
    expect(done.statusCode).toBe(200);
    expect(done.json().currentClient?.name).toBe(client.name);
    expect(done.json().otpUserId).toBeNull();
    expect(done.json().csrfToken).not.toBe(csrfBefore);
    expect(agent.cookie).not.toBe(cookieBefore);
    expect((await auditRows(t, 'login.otp'))[0]?.outcome).toBe('success');
  });

  it('writes the code e-mail in the request language', async () => {
    const agent = new AuthAgent(t, 'afs.localhost', 'ja');
    const mail = await mailAfter(outbox, client.email, () => agent.post('/login', body()));
    expect(mail.subject).toBe('Angel Financial Services：ログイン確認コード');
    expect(mail.text).toContain(`ワンタイムログインコードは ${codeOf(mail)} です。`);
  });

  it('refuses a wrong code, then accepts the right one', async () => {
    const { agent, code } = await pending();
    const wrong = await agent.post('/login', body({ otpCode: otherCode(code) }));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'The verification code is incorrect.' });
    expect((await auditRows(t, 'login.otp'))[0]?.outcome).toBe('failure');
    expect((await agent.post('/login', body({ otpCode: code }))).statusCode).toBe(200);
  });

  it('voids a code after five wrong guesses, even for the right code', async () => {
    const { agent, code } = await pending();
    for (let i = 1; i <= OTP_POLICY.maxAttempts; i++) {
      const response = await agent.post('/login', body({ otpCode: otherCode(code) }));
      expect(response.json().error).toBe(
        i < OTP_POLICY.maxAttempts
          ? 'The verification code is incorrect.'
          : 'The verification code has expired or was used up. Please request a new code.',
      );
    }
    const right = await agent.post('/login', body({ otpCode: code }));
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toMatch(/expired or was used up/);
  });

  it('refuses an expired code', async () => {
    const { agent, code } = await pending();
    advance(t, OTP_POLICY.codeTtlMs + 1000);
    const response = await agent.post('/login', body({ otpCode: code }));
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(/expired/);
    expect((await auditRows(t, 'login.otp'))[0]?.outcome).toBe('expired');
  });

  it('refuses a code used once already', async () => {
    const { agent, code } = await pending();
    expect((await agent.post('/login', body({ otpCode: code }))).statusCode).toBe(200);
    const again = await agent.post('/login', body({ otpCode: code }));
    expect(again.statusCode).toBe(401);
  });

  it('binds the code to its session: another session cannot use it', async () => {
    const { code } = await pending();
    const thief = new AuthAgent(t);
    const stolen = await thief.post('/login', body({ otpCode: code }));
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({ error: 'Your sign-in has timed out. Please sign in again.' });
    // Even a thief with its own pending login for the same account cannot use the victim's code.
    const own = await pending(thief);
    const mixed = await thief.post('/login', body({ otpCode: code === own.code ? otherCode(code) : code }));
    expect(mixed.statusCode).toBe(401);
  });

  it('ends a pending login after its lifetime: /me no longer shows it', async () => {
    const { agent, answer } = await pending();
    expect((await agent.get('/me')).json().otpUserId).toBe(answer?.otpUserId);
    advance(t, OTP_POLICY.pendingTtlMs + 1000);
    // The session itself would be idle-expired too; a fresh /me within the idle limit is what matters here.
    expect((await agent.get('/me')).json().otpUserId).toBeNull();
  });
});

describe('codes per account', () => {
  it('sends at most 5 codes in 15 minutes: further logins answer 429, send nothing and void nothing', async () => {
    const mailsTo = (email: string) =>
      readdirSync(outbox).filter((f) => readFileSync(join(outbox, f), 'utf8').includes(email)).length;
    const before = mailsTo(client.email);
    let last: Awaited<ReturnType<typeof pending>> | undefined;
    for (let i = 0; i < LIMITS.otpIssuePerAccount.limit; i++) last = await pending();
    const refused = [];
    for (let i = 0; i < 3; i++) refused.push(await new AuthAgent(t).post('/login', body()));
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(refused[0]?.json().error).toMatch(/^Too many attempts\. Please try again in \d+ minute/);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await auditRows(t, 'login'))[0]).toMatchObject({ outcome: 'rate_limited' });
    expect(mailsTo(client.email) - before).toBe(LIMITS.otpIssuePerAccount.limit);
    // The code already sent still works.
    const done = await last?.agent.post('/login', body({ otpCode: last.code }));
    expect(done?.statusCode).toBe(200);
    // Resends draw on the same allowance.
    // Counters run in fixed windows: start at the beginning of one so the resend intervals stay inside it.
    const windowMs = LIMITS.otpIssuePerAccount.windowMs;
    t.clock.now = new Date((Math.floor(t.clock.now.getTime() / windowMs) + 1) * windowMs + 1000);
    const { agent } = await pending();
    for (let i = 0; i < LIMITS.otpResendPerAccount.limit; i++) {
      advance(t, OTP_RESEND_INTERVAL_SECONDS * 1000);
      expect((await agent.post('/resend_otp', {})).statusCode).toBe(200);
    }
    expect((await new AuthAgent(t).post('/login', body())).statusCode).toBe(200);
    expect((await new AuthAgent(t).post('/login', body())).statusCode).toBe(429);
  });
});

describe('POST /resend_otp and /cancel_otp', () => {
  it('sends a fresh code and voids the old one', async () => {
    const { agent, code } = await pending();
    advance(t, OTP_RESEND_INTERVAL_SECONDS * 1000);
    let msg = '';
    const mail = await mailAfter(outbox, client.email, async () => {
      const response = await agent.post('/resend_otp', body());
      expect(response.statusCode).toBe(200);
      msg = response.json().msg;
    });
    expect(msg).toBe('A new verification code has been sent to t*********n@example.com.');
    const fresh = codeOf(mail);
    if (fresh !== code) {
      expect((await agent.post('/login', body({ otpCode: code }))).statusCode).toBe(401);
    }
    expect((await agent.post('/login', body({ otpCode: fresh }))).statusCode).toBe(200);
    expect((await auditRows(t, 'login.otp_resend'))[0]?.outcome).toBe('success');
  });

  it('limits resends per account: 429 with Retry-After', async () => {
    const { agent } = await pending();
    for (let i = 0; i < 3; i++) {
      advance(t, OTP_RESEND_INTERVAL_SECONDS * 1000);
      const r = await agent.post('/resend_otp');
      expect(r.statusCode, r.body).toBe(200);
    }
    advance(t, OTP_RESEND_INTERVAL_SECONDS * 1000);
    const refused = await agent.post('/resend_otp');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^Too many attempts\. Please try again in \d+ minute/);
  });

  it('sends no new code sooner than the minimum interval after the last one, and says how long to wait', async () => {
    const mailsTo = (email: string) =>
      readdirSync(outbox).filter((f) => readFileSync(join(outbox, f), 'utf8').includes(email)).length;
    const { agent } = await pending();
    const before = mailsTo(client.email);
    advance(t, 20_000);
    const early = await agent.post('/resend_otp', {});
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe(String(OTP_RESEND_INTERVAL_SECONDS - 20));
    expect(early.json().error).toBe(
      `Please wait ${OTP_RESEND_INTERVAL_SECONDS - 20} s before asking for a new code.`,
    );
    // Clicks that come too early do not use up the allowance of resends.
    for (let i = 0; i < 5; i++) expect((await agent.post('/resend_otp', {})).statusCode).toBe(429);
    expect(mailsTo(client.email)).toBe(before);
    advance(t, (OTP_RESEND_INTERVAL_SECONDS - 20) * 1000);
    expect((await agent.post('/resend_otp', {})).statusCode).toBe(200);
    expect((await auditRows(t, 'login.otp_resend')).map((row) => row.outcome)).toContain('too_soon');
  });

  it('answers an error when no login is pending', async () => {
    const agent = new AuthAgent(t);
    const response = await agent.post('/resend_otp', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Your sign-in has timed out. Please sign in again.' });
  });

  it('cancels the pending login and voids its code', async () => {
    const { agent, code } = await pending();
    const cancelled = await agent.post('/cancel_otp');
    expect(cancelled.statusCode).toBe(200);
    expect(meResponseSchema.parse(cancelled.json()).otpUserId).toBeNull();
    expect((await agent.get('/me')).json().otpUserId).toBeNull();
    expect((await agent.post('/login', body({ otpCode: code }))).statusCode).toBe(401);
    expect((await auditRows(t, 'login.otp_cancel'))[0]?.outcome).toBe('success');
  });

  it('never writes the code into the audit log', async () => {
    const { code } = await pending();
    for (const action of ['login', 'login.otp', 'login.otp_resend']) {
      for (const row of await auditRows(t, action)) expect(JSON.stringify(row.details)).not.toContain(code);
    }
    expect(await readLatestMail(outbox, client.email)).toBeDefined();
  });
});

describe('when a code is required', () => {
  it('follows users.otp_required over the site setting, both ways', async () => {
    const producer = account('partner');
    const db = t.database.db;
    await db.update(users).set({ otpRequired: true }).where(eq(users.login, producer.login));
    await db.update(users).set({ otpRequired: false }).where(eq(users.login, client.login));
    try {
      const asProducer = await new AuthAgent(t).post('/login', {
        login: producer.login,
        password: producer.password,
        area: 'b2b',
      });
      expect(asProducer.json()).toMatchObject({ currentProducer: null, otpUserId: expect.any(Number) });
      const asClient = await new AuthAgent(t).post('/login', body());
      expect(asClient.json()).toMatchObject({ currentClient: { name: client.name }, otpUserId: null });
    } finally {
      await db.update(users).set({ otpRequired: null }).where(eq(users.login, producer.login));
      await db.update(users).set({ otpRequired: null }).where(eq(users.login, client.login));
    }
  });
});
