import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthAgent,
  account,
  accountLinkAfter,
  advance,
  createAuthTestApp,
  userRow,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';
import { LOCK_POLICY } from './lockout.js';

// A producer signs in by Login ID or by Advisor Code. Locks belong to the name typed, so locking one name of a
// producer tells nothing about which other name is theirs (docs/security/sessions-and-headers.md, "Account locks").
let t: TestContext;
let outboxDir: string;
beforeAll(async () => {
  ({ t, outboxDir } = await createAuthTestApp());
});
afterAll(() => t.close());
beforeEach(async () => {
  await jobsSettled(t);
  // Past every lock and per-name window of the test before.
  advance(t, 60 * 60_000);
});

/** Each attempt from a fresh browser and address, so only the name's own lock and limit come into play. */
const attempt = (login: string, password: string) =>
  new AuthAgent(t).post('/login', { login, password, area: 'b2b' });

async function lockName(login: string) {
  const statuses: number[] = [];
  for (let i = 0; i < LOCK_POLICY.threshold; i++)
    statuses.push((await attempt(login, 'Wrong1234')).statusCode);
  expect(statuses.at(-1)).toBe(429);
}

/**
 * Status, message and Retry-After of a run of failures with pauses between them (locking, refused while locked,
 * escalating after a lock ran out), the clock put back afterwards so that two runs see the same times.
 */
async function answersOf(login: string) {
  const steps: [number, string][] = [
    [0, 'Wrong1'],
    [0, 'Wrong2'],
    [0, 'Wrong3'],
    [0, 'Wrong4'],
    [0, 'Wrong5'],
    [1, 'Wrong6'],
    [4.1, 'Wrong7'],
  ];
  const start = t.clock.now;
  const seen: [number, string, string | undefined][] = [];
  for (const [minutes, password] of steps) {
    advance(t, minutes * 60_000);
    const response = await attempt(login, password);
    seen.push([response.statusCode, response.json().error, response.headers['retry-after']?.toString()]);
  }
  t.clock.now = start;
  return seen;
}

describe('locks per name typed', () => {
  it("locking a producer's Advisor Code leaves its Login ID answering like any other name", async () => {
    const who = account('partner');
    await lockName(who.advisorCode ?? '');
    // The owner still signs in by Login ID: the lock was the code's, not the account's.
    expect((await attempt(who.login, who.password)).statusCode).toBe(200);
    const mine = await answersOf(who.login);
    const stranger = await answersOf('no-such-producer-login');
    expect(mine.map(([status]) => status)).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect(mine).toEqual(stranger);
  });

  it("locking a producer's Login ID leaves its Advisor Code answering like any other name", async () => {
    const who = account('subpartner');
    await lockName(who.login);
    expect((await userRow(t, 'afs', who.login)).lockedUntil).not.toBeNull();
    expect((await attempt(who.advisorCode ?? '', who.password)).statusCode).toBe(200);
    // The owner's right password (by either name) clears the account's count, as any sign-in does; strangers cannot
    // make that happen, so it shows them nothing.
    expect((await userRow(t, 'afs', who.login)).lockedUntil).toBeNull();
    const code = await answersOf(who.advisorCode ?? '');
    const unknownCode = await answersOf('Z9999');
    expect(code.map(([status]) => status)).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect(code).toEqual(unknownCode);
  });

  it("a right password by Advisor Code clears that name's count, so signing in never locks it", async () => {
    const who = account('consultant');
    const code = who.advisorCode ?? '';
    for (let i = 1; i < LOCK_POLICY.threshold; i++)
      expect((await attempt(code, 'Wrong1234')).statusCode).toBe(401);
    expect((await attempt(code, who.password)).statusCode).toBe(200);
    for (let i = 0; i < LOCK_POLICY.threshold; i++)
      expect((await attempt(code, who.password)).statusCode, `sign-in ${i}`).toBe(200);
    for (let i = 1; i < LOCK_POLICY.threshold; i++)
      expect((await attempt(code, 'Wrong1234')).statusCode).toBe(401);
  });

  it("a password reset clears the Advisor Code's own lock, as it clears the account's", async () => {
    const who = account('otherPartner');
    const code = who.advisorCode ?? '';
    await lockName(code);
    const reset = await accountLinkAfter(outboxDir, who.email, () =>
      new AuthAgent(t).post('/forget_password_b2b', { loginId: who.login }),
    );
    const activated = await new AuthAgent(t).post('/activate', {
      login: reset.login,
      activationCode: reset.code,
      password: 'Fresh2026x',
      passwordConfirmation: 'Fresh2026x',
      type: 'B2B',
    });
    expect(activated.statusCode).toBe(200);
    expect((await attempt(code, 'Fresh2026x')).statusCode).toBe(200);
  });

  it('a client, whose only name is the Login ID, still locks the account itself', async () => {
    const who = account('client');
    const agentAttempt = (password: string) =>
      new AuthAgent(t).post('/login', { login: who.login, password, area: 'b2c' });
    for (let i = 1; i < LOCK_POLICY.threshold; i++)
      expect((await agentAttempt('Wrong1234')).statusCode).toBe(401);
    expect((await agentAttempt('Wrong1234')).statusCode).toBe(429);
    expect((await userRow(t, 'afs', who.login)).failedAttempts).toBe(LOCK_POLICY.threshold);
  });
});
