import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { auditLog, clients, oneTimeCodes, users } from '../db/schema/index.js';
import { type DemoAccountKey, demoAccount } from '../db/seed/demo-accounts.js';
import { linkIn, type OutboxMessage, otpCodeIn, readLatestMail, waitForMail } from '../mail/index.js';
import { ApiAgent } from './http.js';
import { signInAs } from './sessions.js';
import { createTestApp, type TestContext } from './test-app.js';

let nextIp = 1;

/**
 * An ApiAgent with its own client address, so the per-IP limits of one test never spill into another test of the
 * same file (every injected request would otherwise come from 127.0.0.1).
 */
export class AuthAgent extends ApiAgent {
  readonly ip: string;

  constructor(t: TestContext, host = 'afs.localhost', lang = 'en', ip?: string) {
    super(t.app, host, lang);
    this.ip = ip ?? `10.0.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
    nextIp += 1;
  }

  /** Like the SPA, keeps the CSRF token of any answer in the `/me` shape (a login answers a rotated session). */
  override async request(options: InjectOptions & { withCsrf?: boolean }) {
    const response = await super.request({ remoteAddress: this.ip, ...options });
    if (response.headers['content-type']?.toString().startsWith('application/json')) {
      const body = response.json();
      if (typeof body?.csrfToken === 'string') this.csrfToken = body.csrfToken;
    }
    return response;
  }

  /** Reads /me (for the CSRF token) and posts, like the SPA. */
  async post(path: string, body?: unknown) {
    if (!this.csrfToken) await this.me();
    return this.send('POST', path, body);
  }
}

/** A test app whose outbox is a fresh temporary folder. `env` adds configuration (e.g. REDIS_URL). */
export async function createAuthTestApp(env: Record<string, string> = {}) {
  const outboxDir = mkdtempSync(join(tmpdir(), 'portal-outbox-'));
  const t = await createTestApp({ OUTBOX_DIR: outboxDir, ...env });
  return { t, outboxDir };
}

export const account = (key: DemoAccountKey) => demoAccount(key);

/** An agent already signed in as a demo account (signInAs: without the sign-in flow). */
export async function signedInAgent(
  t: TestContext,
  key: DemoAccountKey,
  host = 'afs.localhost',
  lang = 'en',
) {
  const agent = new AuthAgent(t, host, lang);
  await signInAs(t, agent, account(key).login);
  return agent;
}

/** The newest message to `to`, waiting for one newer than what was there before `action` ran. */
export async function mailAfter(outboxDir: string, to: string, action: () => Promise<unknown>) {
  const before = (await readLatestMail(outboxDir, to))?.file;
  await action();
  return waitForMail(outboxDir, to, { after: before });
}

export function codeOf(message: OutboxMessage) {
  return otpCodeIn(message);
}

/**
 * The activation or reset link of the newest message to `to` after `action` (see mailAfter): its login, code and
 * type parameters ('' when absent) and the whole link.
 */
export async function accountLinkAfter(outboxDir: string, to: string, action: () => Promise<unknown>) {
  const link = linkIn(await mailAfter(outboxDir, to, action));
  return {
    login: link.searchParams.get('login') ?? '',
    code: link.searchParams.get('activation_code') ?? '',
    type: link.searchParams.get('type') ?? '',
    link,
  };
}

/**
 * Passes the password step of a sign-in that asks for a one-time code (checking that it does), and answers the code
 * e-mailed for it. The agent is left with the pending login.
 */
export async function pendingLoginCode(
  outboxDir: string,
  agent: AuthAgent,
  who: { login: string; password: string; email: string },
  area: 'b2b' | 'b2c',
) {
  return codeOf(
    await mailAfter(outboxDir, who.email, async () => {
      const step = await agent.post('/login', { login: who.login, password: who.password, area });
      expect(step.json().otpUserId).not.toBeNull();
    }),
  );
}

/** Moves the app's clock forward. */
export function advance(t: TestContext, ms: number) {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
}

/** Audit rows of one action, newest first. */
export async function auditRows(t: TestContext, action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

export async function userRow(t: TestContext, site: 'afs' | 'ipc' | 'absg', login: string) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(and(eq(users.siteCode, site), sql`lower(${users.login}) = lower(${login})`));
  if (!row) throw new Error(`no user ${login} on ${site}`);
  return row;
}

/** Signs a demo client in through the real flow, one-time code included when the site asks for it. */
export async function signInThroughFlow(
  outboxDir: string,
  agent: AuthAgent,
  who: { login: string; password: string; email: string },
  area: 'b2b' | 'b2c',
) {
  const first = await mailAfter(outboxDir, who.email, async () => {
    const response = await agent.post('/login', { login: who.login, password: who.password, area });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    if (response.json().otpUserId == null) throw new Error('expected a one-time code step');
  });
  const done = await agent.post('/login', {
    login: who.login,
    password: who.password,
    area,
    otpCode: codeOf(first),
  });
  if (done.statusCode !== 200) throw new Error(`otp failed: ${done.statusCode} ${done.body}`);
  return done;
}

/** A user's one-time codes whose used_at is still empty (neither used nor voided). */
export async function unusedCodes(t: TestContext, site: 'afs' | 'ipc' | 'absg', login: string) {
  const user = await userRow(t, site, login);
  return t.database.db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, user.id), isNull(oneTimeCodes.usedAt)));
}

let nextClient = 0;

/** A new afs client without an account, with an e-mail address, for registration tests that use one up. */
export async function newRegistrableClient(t: TestContext) {
  nextClient += 1;
  const n = String(nextClient).padStart(4, '0');
  const person = {
    clientNo: `AG9999${n}`,
    idNumber: `T${n}123`,
    surname: 'Testing',
    givenName: `Reg ${n}`,
    birthDate: '1991-03-04',
    email: `reg${n}@example.com`,
  };
  await t.database.db.insert(clients).values({
    siteCode: 'afs',
    clientNo: person.clientNo,
    idType: 'ID',
    idNumber: person.idNumber,
    surname: person.surname,
    givenName: person.givenName,
    birthDate: person.birthDate,
    emails: [person.email],
  });
  return person;
}

/** The registration form for a person, with the birth date split as the form sends it. */
export function registrationForm(person: {
  idNumber: string;
  surname: string;
  givenName: string;
  birthDate: string;
}) {
  const [year, month, day] = person.birthDate.split('-');
  return {
    idNo: person.idNumber,
    surName: person.surname,
    givenName: person.givenName,
    birthDay: day,
    birthMonth: month,
    birthYear: year,
  };
}
