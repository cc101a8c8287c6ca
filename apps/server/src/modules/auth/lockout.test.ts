import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthAgent,
  account,
  advance,
  auditRows,
  createAuthTestApp,
  userRow,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';
import { LOCK_POLICY, nextFailureState } from './lockout.js';

let t: TestContext;
beforeAll(async () => {
  ({ t } = await createAuthTestApp());
});
afterAll(() => t.close());
// A test starts once the e-mails and jobs of the one before are done, so it never reads their mail as its own.
beforeEach(async () => {
  await jobsSettled(t);
  advance(t, 60 * 60_000);
});

const LOCKED = /^Too many failed sign-in attempts\. Please try again in \d+ minute/;

async function attempt(agent: AuthAgent, login: string, password: string) {
  return agent.post('/login', { login, password, area: 'b2b' });
}

describe('lock policy', () => {
  it('locks at the 5th consecutive failure, doubling per further failure, capped at 15 minutes', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    let state = { failedAttempts: 0, lastFailedLoginAt: null as Date | null };
    const locks: number[] = [];
    for (let i = 0; i < 8; i++) {
      const next = nextFailureState(state, now);
      locks.push(next.lockedUntil ? (next.lockedUntil.getTime() - now.getTime()) / 60_000 : 0);
      state = next;
    }
    expect(locks).toEqual([0, 0, 0, 0, 5, 10, 15, 15]);
  });

  it('forgets failures older than a day', () => {
    const then = new Date('2025-01-01T00:00:00Z');
    const later = new Date(then.getTime() + LOCK_POLICY.forgetFailuresAfterMs + 1);
    expect(nextFailureState({ failedAttempts: 4, lastFailedLoginAt: then }, later)).toMatchObject({
      failedAttempts: 1,
      lockedUntil: null,
    });
  });
});

describe('account lock at login', () => {
  it('locks after 5 wrong passwords, refuses even the right one while locked, then lets it in', async () => {
    const who = account('consultant');
    const agent = new AuthAgent(t);
    for (let i = 1; i < LOCK_POLICY.threshold; i++) {
      expect((await attempt(agent, who.login, 'Wrong1234')).statusCode).toBe(401);
    }
    const fifth = await attempt(agent, who.login, 'Wrong1234');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toMatch(LOCKED);
    expect(Number(fifth.headers['retry-after'])).toBe(5 * 60);

    const right = await attempt(new AuthAgent(t), who.login, who.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatch(LOCKED);
    const user = await userRow(t, 'afs', who.login);
    expect(user.failedAttempts).toBe(5);
    expect((await auditRows(t, 'login'))[0]).toMatchObject({ userId: user.id, outcome: 'locked' });

    // The lock runs out on its own; the right password then works and clears the count.
    advance(t, 5 * 60_000 + 1000);
    const after = await attempt(new AuthAgent(t), who.login, who.password);
    expect(after.statusCode).toBe(200);
    expect(after.json().currentProducer?.name).toBe(who.name);
    expect(await userRow(t, 'afs', who.login)).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });

  it('escalates the lock for a failure right after one ran out, but never past 15 minutes', async () => {
    const who = account('subpartner');
    for (let i = 0; i < LOCK_POLICY.threshold; i++) await attempt(new AuthAgent(t), who.login, 'Wrong1234');
    const seen: number[] = [];
    for (let round = 0; round < 3; round++) {
      const user = await userRow(t, 'afs', who.login);
      const left = (user.lockedUntil?.getTime() ?? 0) - t.clock.now.getTime();
      seen.push(Math.round(left / 60_000));
      advance(t, left + 1000);
      const response = await attempt(new AuthAgent(t), who.login, 'Wrong1234');
      expect(response.statusCode).toBe(429);
    }
    expect(seen).toEqual([5, 10, 15]);
    const user = await userRow(t, 'afs', who.login);
    expect((user.lockedUntil?.getTime() ?? 0) - t.clock.now.getTime()).toBe(LOCK_POLICY.maxLockMs);
    advance(t, LOCK_POLICY.maxLockMs + 1000);
    expect((await attempt(new AuthAgent(t), who.login, who.password)).statusCode).toBe(200);
  });

  it('treats a login with no account the same: "locked" after as many failures', async () => {
    const agent = new AuthAgent(t);
    const answers: number[] = [];
    for (let i = 0; i < LOCK_POLICY.threshold + 1; i++) {
      answers.push((await attempt(agent, 'ghost-user', 'Wrong1234')).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
    const last = await attempt(agent, 'ghost-user', 'Wrong1234');
    expect(last.json().error).toMatch(LOCKED);
  });
  it('answers a real login and a name without an account alike: status, message and Retry-After', async () => {
    // Each step: [minutes to wait first, password]. Failures lock, attempts during a lock are refused, a failure
    // after a lock runs out escalates it.
    const steps: [number, string][] = [
      [0, 'Wrong1'],
      [0, 'Wrong2'],
      [0, 'Wrong3'],
      [0, 'Wrong4'],
      [0, 'Wrong5'],
      [1, 'Wrong6'],
      [4.1, 'Wrong7'],
      [3, 'Wrong8'],
      [7.1, 'Wrong9'],
    ];
    const run = async (login: string) => {
      const start = t.clock.now;
      const seen: [number, string, string | undefined][] = [];
      for (const [minutes, password] of steps) {
        advance(t, minutes * 60_000);
        const response = await attempt(new AuthAgent(t), login, password);
        seen.push([response.statusCode, response.json().error, response.headers['retry-after']?.toString()]);
      }
      t.clock.now = start;
      return seen;
    };
    const real = await run(account('otherPartner').login);
    const unknown = await run('no-such-partner');
    expect(real.map(([status]) => status)).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect(real[4]?.[2]).toBe('300');
    expect(real[6]?.[2]).toBe('600');
    expect(unknown).toEqual(real);
  });
});

describe('rate limits at login', () => {
  it('limits failed sign-ins per IP across many logins: 429 with Retry-After', async () => {
    const agent = new AuthAgent(t);
    for (let i = 0; i < LIMITS.loginFailuresPerIp.limit; i++) {
      // A different name each time (password spraying): no per-name limit or lock comes into play.
      expect((await attempt(agent, `spray${i}`, 'Wrong1234')).statusCode).toBe(401);
    }
    const refused = await attempt(agent, 'spray-last', 'Wrong1234');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^Too many attempts\. Please try again in \d+ minute/);
    expect((await auditRows(t, 'login'))[0]).toMatchObject({ outcome: 'rate_limited', ip: agent.ip });
    // Another address is not affected, and the limit lifts with its window.
    const who = account('partner');
    expect((await attempt(new AuthAgent(t), who.login, who.password)).statusCode).toBe(200);
    advance(t, LIMITS.loginFailuresPerIp.windowMs);
    expect((await attempt(agent, who.login, who.password)).statusCode).toBe(200);
  });

  it('limits failures per login name across addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginFailuresPerName.limit + 1; i++) {
      statuses.push((await attempt(new AuthAgent(t), 'distributed-target', 'Wrong1234')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const who = account('partner');
    const agent = new AuthAgent(t);
    for (let i = 0; i < LIMITS.loginFailuresPerIp.limit + 2; i++) {
      expect((await attempt(agent, who.login, who.password)).statusCode).toBe(200);
    }
  });
});
