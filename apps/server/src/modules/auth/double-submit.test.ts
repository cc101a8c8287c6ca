import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OTP_RESEND_INTERVAL_SECONDS } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountTokens, sessions, users } from '../../db/schema/index.js';
import { linkIn, parseEml } from '../../mail/index.js';
import {
  AuthAgent,
  account,
  accountLinkAfter,
  advance,
  auditRows,
  createAuthTestApp,
  newRegistrableClient,
  pendingLoginCode,
  registrationForm,
  signedInAgent,
  unusedCodes,
  userRow,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';

/*
 * A double-submitted write makes one record (docs/security/faults-and-double-submit.md): the account endpoints, each
 * sent twice at the same moment (two requests in flight, as a double click before the first answer) and, where a
 * second click after the answer is plausible, twice in a row.
 */

let t: TestContext;
let outbox: string;
beforeAll(async () => {
  ({ t, outboxDir: outbox } = await createAuthTestApp());
});
afterAll(() => t.close());
beforeEach(async () => {
  await jobsSettled(t);
  advance(t, 2 * 60 * 60_000);
});

function mailsTo(email: string, subjectPart?: RegExp) {
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseEml(readFileSync(join(outbox, name), 'utf8'), name))
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()))
    .filter((m) => !subjectPart || subjectPart.test(m.subject));
}

const twice = <T>(send: () => Promise<T>) => Promise.all([send(), send()]);
const outcomes = (rows: { outcome: string }[]) => rows.map((r) => r.outcome).sort();

describe('POST /registration twice', () => {
  for (const mode of ['at the same moment', 'in a row'] as const) {
    it(`${mode}: one account, one live link, one e-mail`, async () => {
      const person = await newRegistrableClient(t);
      const agent = new AuthAgent(t);
      const send = () => agent.post('/registration', registrationForm(person));
      await agent.me();
      const answers = mode === 'in a row' ? [await send(), await send()] : await twice(send);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      await jobsSettled(t);
      const user = await userRow(t, 'afs', person.clientNo);
      const accounts = await t.database.db.select().from(users).where(eq(users.login, person.clientNo));
      expect(accounts).toHaveLength(1);
      const live = await t.database.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)));
      expect(live).toHaveLength(1);
      const mails = mailsTo(person.email);
      expect(mails).toHaveLength(1);
      const rows = (await auditRows(t, 'registration')).filter((r) => r.userId === user.id);
      expect(outcomes(rows)).toEqual(['repeat', 'success']);

      // The one link works: the repeat did not void it.
      const link = linkIn(mails[0] as Parameters<typeof linkIn>[0]);
      const activated = await new AuthAgent(t).post('/activate', {
        login: person.clientNo,
        activationCode: link.searchParams.get('activation_code'),
        password: 'Twice2026',
        passwordConfirmation: 'Twice2026',
      });
      expect(activated.statusCode, activated.body).toBe(200);
    });
  }
});

describe('POST /forget_password_b2b twice', () => {
  for (const mode of ['at the same moment', 'in a row'] as const) {
    it(`${mode}: one reset link, one e-mail`, async () => {
      const producer = account(mode === 'in a row' ? 'subpartner' : 'consultant');
      const before = mailsTo(producer.email).length;
      const agent = new AuthAgent(t);
      await agent.me();
      const send = () => agent.post('/forget_password_b2b', { loginId: producer.login });
      const answers = mode === 'in a row' ? [await send(), await send()] : await twice(send);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      await jobsSettled(t);
      expect(mailsTo(producer.email).length - before).toBe(1);
      const user = await userRow(t, 'afs', producer.login);
      const live = await t.database.db
        .select()
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, user.id),
            eq(accountTokens.purpose, 'reset'),
            isNull(accountTokens.usedAt),
          ),
        );
      expect(live).toHaveLength(1);
      const rows = (await auditRows(t, 'password.reset_request')).filter((r) => r.userId === user.id);
      expect(outcomes(rows.slice(0, 2))).toEqual(['repeat', 'success']);
    });
  }
});

describe('POST /activate twice with one link', () => {
  it('activates once: one answer succeeds, the other finds the link used', async () => {
    const person = await newRegistrableClient(t);
    const link = await accountLinkAfter(outbox, person.email, () =>
      new AuthAgent(t).post('/registration', registrationForm(person)),
    );
    const agent = new AuthAgent(t);
    await agent.me();
    const form = {
      login: person.clientNo,
      activationCode: link.code,
      password: 'Twice2026',
      passwordConfirmation: 'Twice2026',
    };
    const answers = await twice(() => agent.post('/activate', form));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const user = await userRow(t, 'afs', person.clientNo);
    const rows = (await auditRows(t, 'account.activation')).filter((r) => r.userId === user.id);
    expect(rows.filter((r) => r.outcome === 'success')).toHaveLength(1);
  });
});

describe('POST /resend_otp twice', () => {
  it('at the same moment: one new code, one e-mail; the other is told to wait', async () => {
    const client = account('client');
    const agent = new AuthAgent(t);
    await pendingLoginCode(outbox, agent, client, 'b2c');
    advance(t, OTP_RESEND_INTERVAL_SECONDS * 1000 + 1000);
    await jobsSettled(t);
    const before = mailsTo(client.email).length;
    const answers = await twice(() => agent.post('/resend_otp', {}));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    await jobsSettled(t);
    expect(mailsTo(client.email).length - before).toBe(1);
    expect(await unusedCodes(t, 'afs', client.login)).toHaveLength(1);
  });
});

describe('POST /change_password twice', () => {
  it('at the same moment: the password changes once, one e-mail, one success in the audit', async () => {
    const agent = await signedInAgent(t, 'consultant');
    const producer = account('consultant');
    const user = await userRow(t, 'afs', producer.login);
    const before = mailsTo(producer.email).length;
    const form = {
      currentPassword: producer.password,
      newPassword: 'Twice2027',
      confirmNewPassword: 'Twice2027',
    };
    const answers = await twice(() => agent.post('/change_password', form));
    expect(answers.map((a) => a.statusCode)).toContain(200);
    await jobsSettled(t);
    expect(mailsTo(producer.email).length - before).toBe(1);
    const rows = (await auditRows(t, 'password.change')).filter((r) => r.userId === user.id);
    expect(rows.filter((r) => r.outcome === 'success')).toHaveLength(1);
    const signIn = await new AuthAgent(t).post('/login', {
      login: producer.login,
      password: 'Twice2027',
      area: 'b2b',
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('DELETE /logout and POST /cancel_otp twice', () => {
  it('ends the session once; the second answer is the anonymous one', async () => {
    const agent = await signedInAgent(t, 'otherPartner');
    const user = await userRow(t, 'afs', account('otherPartner').login);
    await agent.me();
    const answers = await twice(() => agent.send('DELETE', '/logout'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    for (const a of answers) expect(a.json().currentUser ?? null).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('cancels a pending login once and leaves no live code', async () => {
    const client = account('client');
    const agent = new AuthAgent(t);
    await pendingLoginCode(outbox, agent, client, 'b2c');
    const answers = await twice(() => agent.post('/cancel_otp', {}));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 401)).toBe(true);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(await unusedCodes(t, 'afs', client.login)).toHaveLength(0);
  });
});
