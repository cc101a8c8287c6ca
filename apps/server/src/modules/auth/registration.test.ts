import { accountFlowResponseSchema } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountTokens } from '../../db/schema/index.js';
import { DEMO_REGISTRATION_CLIENTS, demoAccount } from '../../db/seed/demo-accounts.js';
import { linkIn, readLatestMail } from '../../mail/index.js';
import {
  AuthAgent,
  accountLinkAfter,
  advance,
  auditRows,
  createAuthTestApp,
  mailAfter,
  newRegistrableClient,
  registrationForm,
  signInThroughFlow,
  userRow,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';
import { ACTIVATION_TOKEN_TTL_MS } from './account-links.js';
import { REPEAT_REQUEST_WINDOW_MS } from './account-mail-jobs.js';

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

type Seeded = (typeof DEMO_REGISTRATION_CLIENTS)[number];
const reg = (key: Seeded['key']) => {
  const found = DEMO_REGISTRATION_CLIENTS.find((r) => r.key === key);
  if (!found) throw new Error(key);
  return { ...found, email: found.email ?? '' };
};
const formOf = (
  r: { idNumber: string; surname: string; givenName: string; birthDate: string },
  idNo?: string,
) => ({
  ...registrationForm(r),
  ...(idNo ? { idNo } : {}),
});

describe('POST /registration', () => {
  it('answers a match and a non-match identically, and e-mails an activation link to the match only', async () => {
    const r = reg('registerWithEmail');
    const stranger = { ...formOf(r), idNo: 'Z9999999' };
    const before = await readLatestMail(outbox, r.email);
    const miss = await new AuthAgent(t).post('/registration', stranger);
    const mail = await mailAfter(outbox, r.email, async () => {
      const hit = await new AuthAgent(t).post('/registration', formOf(r));
      expect(hit.statusCode).toBe(200);
      expect(hit.json()).toEqual(miss.json());
      expect(hit.body).toBe(miss.body);
    });
    expect(before).toBeUndefined();
    expect(accountFlowResponseSchema.parse(miss.json())).toEqual({ success: true, withEmail: true });
    expect(mail.subject).toBe('Angel Financial Services: activate your account');
    expect(mail.text).toContain('please request it again');
    expect(mail.text).toContain('30 minutes');
    const link = linkIn(mail);
    expect(link.origin).toBe('http://afs.localhost:3000');
    expect(link.pathname).toBe('/angel/face/en/activation');
    expect(link.searchParams.get('login')).toBe(r.clientNo);
    expect(link.searchParams.get('activation_code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = await userRow(t, 'afs', r.clientNo);
    expect(user).toMatchObject({ status: 'pending', passwordHash: null, kind: 'client' });
    await jobsSettled(t);
    const outcomes = (await auditRows(t, 'registration')).slice(0, 2).map((a) => a.outcome);
    expect(outcomes).toEqual(['success', 'unmatched']);
  });

  it('matches by the AG client ID too, names in any case and spacing; re-registering replaces the link', async () => {
    const r = reg('registerWithEmail');
    const first = linkIn(
      await mailAfter(outbox, r.email, () => new AuthAgent(t).post('/registration', formOf(r))),
    );
    const form = {
      ...formOf(r, r.clientNo.toLowerCase()),
      surName: ` ${r.surname.toUpperCase()} `,
      givenName: 'ka  wing',
    };
    // Within REPEAT_REQUEST_WINDOW_MS it would be a repeat of the first (no second e-mail): a minute later it is not.
    t.clock.now = new Date(t.clock.now.getTime() + REPEAT_REQUEST_WINDOW_MS + 1000);
    const second = linkIn(
      await mailAfter(outbox, r.email, () => new AuthAgent(t).post('/registration', form)),
    );
    expect(second.searchParams.get('activation_code')).not.toBe(first.searchParams.get('activation_code'));
    const stale = await new AuthAgent(t).post('/activate', {
      login: r.clientNo,
      activationCode: first.searchParams.get('activation_code'),
      password: 'Kawing88',
      passwordConfirmation: 'Kawing88',
    });
    expect(stale.statusCode).toBe(400);
  });

  it('tells a matched client without an e-mail address to contact us', async () => {
    const response = await new AuthAgent(t).post('/registration', formOf(reg('registerWithoutEmail')));
    expect(response.json()).toEqual({ success: true, withEmail: false });
    await jobsSettled(t);
    expect((await auditRows(t, 'registration'))[0]?.outcome).toBe('no_email');
  });

  it('answers an already registered client like a stranger, and e-mails the holder the way in', async () => {
    const client = demoAccount('client');
    let answer: unknown;
    const mail = await mailAfter(outbox, client.email, async () => {
      const response = await new AuthAgent(t).post('/registration', {
        idNo: 'A1234563',
        surName: 'Chan',
        givenName: 'Tai Man',
        birthDay: 12,
        birthMonth: 4,
        birthYear: 1978,
      });
      answer = response.json();
    });
    expect(answer).toEqual({ success: true, withEmail: true });
    expect((await auditRows(t, 'registration'))[0]?.outcome).toBe('already_registered');
    expect(mail.subject).toBe('Angel Financial Services: you already have an account');
    expect(mail.text).toContain(`your login ID is ${client.login}`);
    expect(mail.text).toContain('http://afs.localhost:3000/angel/face/en/login?area=b2c');
    expect(mail.text).toContain('http://afs.localhost:3000/angel/face/en/forget_password');
  });

  it('re-sends activation to a client whose account is still pending', async () => {
    const r = reg('pendingActivation');
    const mail = await mailAfter(outbox, r.email, () => new AuthAgent(t).post('/registration', formOf(r)));
    expect(linkIn(mail).searchParams.get('login')).toBe(r.clientNo);
  });

  it('registers once when the same client registers twice at the same moment', async () => {
    const person = await newRegistrableClient(t);
    const answers = await Promise.all(
      [0, 1, 2].map(async () => {
        const agent = new AuthAgent(t);
        await agent.me();
        return agent.post('/registration', formOf(person));
      }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.json()).toEqual({ success: true, withEmail: true });
    await jobsSettled(t);
    const user = await userRow(t, 'afs', person.clientNo);
    expect(user.status).toBe('pending');
    const live = await t.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)));
    expect(live).toHaveLength(1);
  });

  it('has no clients to register on producer-only sites', async () => {
    const response = await new AuthAgent(t, 'ipc.localhost').post(
      '/registration',
      formOf(reg('registerWithEmail')),
    );
    expect(response.json()).toEqual({ success: true, withEmail: true });
  });

  it.each([
    [{}, ['idNo', 'surName', 'givenName', 'birthDay', 'birthMonth', 'birthYear']],
    [
      { idNo: '', surName: ' ', givenName: 'A', birthDay: '', birthMonth: '1', birthYear: '1990' },
      ['idNo', 'surName', 'birthDay'],
    ],
    [
      { idNo: 'A1', surName: 'B', givenName: 'C', birthDay: 32, birthMonth: 13, birthYear: 1800 },
      ['birthDay', 'birthMonth', 'birthYear'],
    ],
    [
      { idNo: 'A1', surName: 'B', givenName: 'C', birthDay: 'x', birthMonth: 1.5, birthYear: true },
      ['birthDay', 'birthMonth', 'birthYear'],
    ],
    [
      {
        idNo: 'A'.repeat(41),
        surName: 'B'.repeat(101),
        givenName: 7,
        birthDay: 1,
        birthMonth: 1,
        birthYear: 1990,
      },
      ['idNo', 'surName', 'givenName'],
    ],
    [
      { idNo: 'A1', surName: 'B', givenName: 'C', birthDay: 30, birthMonth: 2, birthYear: 1990 },
      ['birthDay'],
    ],
  ])('answers 400 with field errors for %j', async (body, fields) => {
    const response = await new AuthAgent(t).post('/registration', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([...fields].sort());
  });

  it('says "Cannot be blank" for blank fields and "Is not a valid date" for 30 February', async () => {
    const blank = await new AuthAgent(t).post('/registration', {
      idNo: '',
      surName: 'B',
      givenName: 'C',
      birthDay: '',
      birthMonth: 2,
      birthYear: 1990,
    });
    expect(blank.json().errors).toEqual({ idNo: ['Cannot be blank'], birthDay: ['Cannot be blank'] });
    const feb = await new AuthAgent(t).post('/registration', {
      idNo: 'A1',
      surName: 'B',
      givenName: 'C',
      birthDay: 30,
      birthMonth: 2,
      birthYear: 1990,
    });
    expect(feb.json().errors).toEqual({ birthDay: ['Is not a valid date'] });
  });

  it('limits registrations per IP: 429 with Retry-After', async () => {
    const agent = new AuthAgent(t);
    for (let i = 0; i < LIMITS.registrationPerIp.limit; i++) {
      const response = await agent.post('/registration', {
        ...formOf(reg('registerWithEmail')),
        idNo: `X${i}`,
      });
      expect(response.statusCode).toBe(200);
    }
    const refused = await agent.post('/registration', {
      ...formOf(reg('registerWithEmail')),
      idNo: 'X-last',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits registrations per identity number across addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.registrationPerIdentity.limit; i++) {
      statuses.push(
        (
          await new AuthAgent(t).post('/registration', {
            ...formOf(reg('registerWithEmail')),
            idNo: 'Q1234567',
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
  });
});

describe('POST /activate (activation link)', () => {
  async function freshLink() {
    const r = await newRegistrableClient(t);
    const { login, code } = await accountLinkAfter(outbox, r.email, () =>
      new AuthAgent(t).post('/registration', formOf(r)),
    );
    return { r, login, code };
  }

  it('checks the password policy and the confirmation without using the link up', async () => {
    const { login, code } = await freshLink();
    const cases: [string, string, Record<string, string[]>][] = [
      ['abc', 'abc', { password: ['Must be 6 to 10 characters'] }],
      ['abcdefghijk', 'abcdefghijk', { password: ['Must be 6 to 10 characters'] }],
      ['Pass word1', 'Pass word1', { password: ['May contain half-width letters and digits only'] }],
      ['Ｐａｓｓ１２３', 'Ｐａｓｓ１２３', { password: ['May contain half-width letters and digits only'] }],
      ['Password1', 'Password1', { password: ['Is too common and easy to guess; choose another'] }],
      [login.toLowerCase(), login.toLowerCase(), { password: ['Must not be the same as the login ID'] }],
      ['Kawing88', 'Kawing89', { passwordConfirmation: ['Does not match the password'] }],
    ];
    for (const [password, passwordConfirmation, errors] of cases) {
      const response = await new AuthAgent(t).post('/activate', {
        login,
        activationCode: code,
        password,
        passwordConfirmation,
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().errors, password).toEqual(errors);
    }
    const ok = await new AuthAgent(t).post('/activate', {
      login,
      activationCode: code,
      password: 'Kawing88',
      passwordConfirmation: 'Kawing88',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, loginId: login });
  });

  it('activates the account: the client then signs in (with the one-time code afs asks for)', async () => {
    const { r, login, code } = await freshLink();
    const response = await new AuthAgent(t).post('/activate', {
      login,
      activationCode: code,
      password: 'Kawing77',
      passwordConfirmation: 'Kawing77',
    });
    expect(response.statusCode).toBe(200);
    expect((await userRow(t, 'afs', login)).status).toBe('active');
    expect((await auditRows(t, 'account.activation'))[0]?.outcome).toBe('success');
    const agent = new AuthAgent(t);
    const done = await signInThroughFlow(
      outbox,
      agent,
      { login, password: 'Kawing77', email: r.email },
      'b2c',
    );
    expect(done.json().currentClient?.name).toBe(`${r.givenName} ${r.surname}`);
  });

  it('refuses a reused, expired, foreign or made-up code with one base error', async () => {
    const used = await freshLink();
    await new AuthAgent(t).post('/activate', {
      login: used.login,
      activationCode: used.code,
      password: 'Kawing66',
      passwordConfirmation: 'Kawing66',
    });
    const reused = await new AuthAgent(t).post('/activate', {
      login: used.login,
      activationCode: used.code,
      password: 'Kawing55',
      passwordConfirmation: 'Kawing55',
    });
    const expected = { errors: { base: ['This link is invalid or has expired. Please request a new one.'] } };
    expect(reused.json()).toEqual(expected);

    const pending = reg('pendingActivation');
    const { code } = await accountLinkAfter(outbox, pending.email, () =>
      new AuthAgent(t).post('/registration', formOf(pending)),
    );
    const wrongLogin = await new AuthAgent(t).post('/activate', {
      login: 'AG10000001',
      activationCode: code,
      password: 'Waikit11',
      passwordConfirmation: 'Waikit11',
    });
    expect(wrongLogin.json()).toEqual(expected);
    const madeUp = await new AuthAgent(t).post('/activate', {
      login: pending.clientNo,
      activationCode: 'x'.repeat(43),
      password: 'Waikit11',
      passwordConfirmation: 'Waikit11',
    });
    expect(madeUp.json()).toEqual(expected);
    const asReset = await new AuthAgent(t).post('/activate', {
      login: pending.clientNo,
      activationCode: code,
      password: 'Waikit11',
      passwordConfirmation: 'Waikit11',
      type: 'B2C',
    });
    expect(asReset.json()).toEqual(expected);
    advance(t, ACTIVATION_TOKEN_TTL_MS + 1000);
    const expired = await new AuthAgent(t).post('/activate', {
      login: pending.clientNo,
      activationCode: code,
      password: 'Waikit11',
      passwordConfirmation: 'Waikit11',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(expected);
    expect((await userRow(t, 'afs', pending.clientNo)).status).toBe('pending');
    expect((await auditRows(t, 'account.activation'))[0]?.outcome).toBe('failure');
  });

  it.each([
    [{}, ['login', 'activationCode', 'password', 'passwordConfirmation']],
    [
      { login: 'a', activationCode: 'b', password: '', passwordConfirmation: 'x', type: 'B2X' },
      ['password', 'type'],
    ],
    [
      { login: 'a', activationCode: 'b'.repeat(101), password: 'x'.repeat(129), passwordConfirmation: 1 },
      ['activationCode', 'password', 'passwordConfirmation'],
    ],
  ])('answers 400 with field errors for %j', async (body, fields) => {
    const response = await new AuthAgent(t).post('/activate', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([...fields].sort());
  });
});
