import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { accountTokens } from '../../db/schema/index.js';
import { linkIn, parseEml, readLatestMail } from '../../mail/index.js';
import {
  AuthAgent,
  account,
  accountLinkAfter,
  advance,
  auditRows,
  createAuthTestApp,
  newRegistrableClient,
  registrationForm,
  userRow,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';
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

function mailsTo(email: string) {
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => parseEml(readFileSync(join(outbox, name), 'utf8'), name))
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

async function liveResetTokens(userId: number) {
  return t.database.db
    .select()
    .from(accountTokens)
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'reset'), isNull(accountTokens.usedAt)),
    );
}

describe('account e-mails through the job queue', () => {
  it('simultaneous forgot-password requests leave exactly one live reset link', async () => {
    const producer = account('otherPartner');
    const user = await userRow(t, 'afs', producer.login);
    // Two more apps on the same database: three workers take the jobs at the same time.
    const extra = await Promise.all(
      [1, 2].map(async () => {
        const app = await buildApp({
          config: t.config,
          database: t.database,
          now: () => t.clock.now,
          logger: false,
        });
        await app.ready();
        return app;
      }),
    );
    try {
      // Three per typed identifier is the per-identifier limit; the login and the advisor code reach one account.
      const code = producer.advisorCode ?? '';
      const ids = [producer.login, producer.login, producer.login, code, code, code];
      const apps = [t.app, ...extra];
      const answers = await Promise.all(
        ids.map((loginId, i) => {
          const agent = new AuthAgent({ ...t, app: apps[i % apps.length] ?? t.app });
          return agent.post('/forget_password_b2b', { loginId }).then((r) => r.statusCode);
        }),
      );
      expect(answers).toEqual(ids.map(() => 200));
      await jobsSettled(t);
      expect(await liveResetTokens(user.id)).toHaveLength(1);
    } finally {
      for (const app of extra) await app.close();
    }
  });

  it('a mailed link ignores the port of the Host header', async () => {
    const producer = account('partner');
    const reset = await accountLinkAfter(outbox, producer.email, () =>
      new AuthAgent(t, 'afs.localhost:6666').post('/forget_password_b2b', { loginId: producer.login }),
    );
    expect(reset.link.origin).toBe('http://afs.localhost:3000');
  });

  it('limits activation e-mails per person, whichever identifier was typed', async () => {
    const person = await newRegistrableClient(t);
    const byIdNumber = registrationForm(person);
    const byClientNo = { ...byIdNumber, idNo: person.clientNo };
    // Each identifier stays within its own limit (registrationPerIdentity); together they pass the person's.
    const perIdentifier = LIMITS.accountMailPerPerson.limit;
    for (const form of [byIdNumber, byClientNo]) {
      for (let i = 0; i < perIdentifier; i++) {
        // Within REPEAT_REQUEST_WINDOW_MS of the last link a request is a repeat and sends nothing: the link is made
        // older instead of moving the clock, which would carry the hourly limits into a new window.
        await jobsSettled(t);
        await t.database.db
          .update(accountTokens)
          .set({
            createdAt: sql`${accountTokens.createdAt} - ${`${REPEAT_REQUEST_WINDOW_MS + 1000} milliseconds`}::interval`,
          })
          .where(eq(accountTokens.purpose, 'activation'));
        const response = await new AuthAgent(t).post('/registration', form);
        expect(response.json()).toEqual({ success: true, withEmail: true });
      }
    }
    await jobsSettled(t);
    expect(mailsTo(person.email)).toHaveLength(LIMITS.accountMailPerPerson.limit);
    const limited = (await auditRows(t, 'registration')).filter((r) => r.outcome === 'rate_limited');
    expect(limited.length).toBe(perIdentifier);
    expect(limited[0]?.details).toEqual({ rule: LIMITS.accountMailPerPerson.name });
    const user = await userRow(t, 'afs', person.clientNo);
    const live = await t.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)));
    expect(live).toHaveLength(1);
    const last = await readLatestMail(outbox, person.email);
    expect(last && linkIn(last).searchParams.get('login')).toBe(person.clientNo);
  });
});

describe('configured public origins', () => {
  let other: TestContext;
  let otherOutbox: string;
  beforeAll(async () => {
    ({ t: other, outboxDir: otherOutbox } = await createAuthTestApp({
      PUBLIC_ORIGINS: 'afs=https://portal.example.com:8443',
    }));
  });
  afterAll(() => other.close());

  it('e-mailed links use PUBLIC_ORIGINS, whatever the request named', async () => {
    const producer = account('partner');
    const reset = await accountLinkAfter(otherOutbox, producer.email, () =>
      new AuthAgent(other, 'afs.localhost:6666').post('/forget_password_b2b', { loginId: producer.login }),
    );
    expect(reset.link.origin).toBe('https://portal.example.com:8443');
    expect(reset.link.pathname).toBe('/angel/face/en/reset_password');
  });
});
