import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { AuthAgent, account, advance, createAuthTestApp, userRow } from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';
import { LOCK_POLICY } from './lockout.js';

/**
 * Concurrent bursts: every attempt is counted (limits and lock) before its password is checked, so a burst of
 * simultaneous requests gets no more password checks than sequential ones would. On PGlite the queries of
 * concurrent requests interleave; on PostgreSQL the row lock on the lock state is what makes this hold.
 */
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

/** Password checks that failed, for an account or (with no account) for a login name as typed. */
async function passwordChecks(where: { userId: number } | { login: string }) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'login'), eq(auditLog.outcome, 'failure')));
  return rows.filter((r) => {
    const details = r.details as { login?: string };
    return 'userId' in where ? r.userId === where.userId : details.login === where.login && r.userId === null;
  }).length;
}

const attempt = (agent: AuthAgent, login: string, password: string) =>
  agent.post('/login', { login, password, area: 'b2b' });

async function agents(n: number, ip?: string) {
  const list = Array.from({ length: n }, () => new AuthAgent(t, 'afs.localhost', 'en', ip));
  for (const agent of list) await agent.me();
  return list;
}

describe('a burst of simultaneous logins', () => {
  it('checks at most as many passwords as the lock allows, and refuses the right one after that', async () => {
    const who = account('subpartner');
    const user = await userRow(t, 'afs', who.login);
    const burst = await agents(31);
    const answers = await Promise.all(
      burst.map((agent, i) => attempt(agent, who.login, i === 30 ? who.password : `Wrong${i}x`)),
    );
    expect(await passwordChecks({ userId: user.id })).toBeLessThanOrEqual(LOCK_POLICY.threshold);
    const right = answers[30];
    expect(right?.statusCode).toBe(429);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect((await userRow(t, 'afs', who.login)).lockedUntil?.getTime()).toBeGreaterThan(
      t.clock.now.getTime(),
    );
    // The lock still runs out: the owner gets in afterwards.
    advance(t, LOCK_POLICY.firstLockMs + 1000);
    expect((await attempt(new AuthAgent(t), who.login, who.password)).statusCode).toBe(200);
  });

  it('locks a login name without an account after as few checks', async () => {
    const burst = await agents(30);
    await Promise.all(burst.map((agent, i) => attempt(agent, 'burst-ghost', `Wrong${i}x`)));
    expect(await passwordChecks({ login: 'burst-ghost' })).toBeLessThanOrEqual(LOCK_POLICY.threshold);
  });

  it('keeps the per-IP limit: no more failed checks from one address than it allows', async () => {
    const burst = await agents(LIMITS.loginFailuresPerIp.limit + 15, '10.99.0.1');
    const answers = await Promise.all(
      burst.map((agent, i) => attempt(agent, `spray-burst-${i}`, 'Wrong1234')),
    );
    const failures = (await t.database.db.select().from(auditLog)).filter(
      (r) => r.action === 'login' && r.outcome === 'failure' && r.ip === '10.99.0.1',
    );
    expect(failures.length).toBeLessThanOrEqual(LIMITS.loginFailuresPerIp.limit);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(15);
  });
});
