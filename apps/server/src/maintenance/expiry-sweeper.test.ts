import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountActivity,
  accountTokens,
  loginNameLocks,
  oneTimeCodes,
  sessions,
  trustedBrowsers,
  users,
} from '../db/schema/index.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';
import { sweepExpired } from './expiry-sweeper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;

describe('sweepExpired', () => {
  it('removes expired sessions and spent credentials, and keeps live ones', async () => {
    const { db } = t.database;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    if (!user) throw new Error('no user');
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const later = (ms: number) => new Date(now.getTime() + ms);
    await db.insert(sessions).values([
      { idHash: 'live', siteCode: 'afs', csrfToken: 'x', lastSeenAt: now, expiresAt: later(DAY) },
      { idHash: 'idle', siteCode: 'afs', csrfToken: 'x', lastSeenAt: ago(DAY), expiresAt: later(DAY) },
      { idHash: 'over', siteCode: 'afs', csrfToken: 'x', lastSeenAt: now, expiresAt: ago(1000) },
    ]);
    const code = (sessionIdHash: string, expiresAt: Date) => ({
      userId: user.id,
      sessionIdHash,
      codeHash: 'h',
      expiresAt,
    });
    await db.insert(oneTimeCodes).values([code('fresh', later(60_000)), code('stale', ago(2 * DAY))]);
    const token = (tokenHash: string, createdAt: Date, expiresAt: Date, usedAt: Date | null) => ({
      userId: user.id,
      purpose: 'reset' as const,
      tokenHash,
      createdAt,
      expiresAt,
      usedAt,
    });
    await db.insert(accountTokens).values([
      token('t-live', now, later(DAY), null),
      token('t-used-old', ago(3 * DAY), later(DAY), ago(2 * DAY)),
      // Another purpose: an account has at most one live link per purpose (account_tokens_live_uq).
      { ...token('t-expired-old', ago(3 * DAY), ago(2 * DAY), null), purpose: 'activation' as const },
      token('t-used-recent', ago(60_000), later(DAY), ago(1000)),
    ]);

    await db.insert(loginNameLocks).values([
      { key: 'n-recent', failedAttempts: 2, lastFailedLoginAt: ago(60_000) },
      { key: 'n-old', failedAttempts: 3, lastFailedLoginAt: ago(2 * DAY) },
      { key: 'n-old-locked', failedAttempts: 9, lastFailedLoginAt: ago(2 * DAY), lockedUntil: later(60_000) },
    ]);

    await sweepExpired(db, t.config, now);

    const leftSessions = (await db.select({ id: sessions.idHash }).from(sessions)).map((r) => r.id);
    expect(leftSessions).toContain('live');
    expect(leftSessions).not.toContain('idle');
    expect(leftSessions).not.toContain('over');
    const leftCodes = (await db.select({ s: oneTimeCodes.sessionIdHash }).from(oneTimeCodes)).map((r) => r.s);
    expect(leftCodes).toEqual(['fresh']);
    const leftTokens = (
      await db
        .select({ h: accountTokens.tokenHash })
        .from(accountTokens)
        .where(eq(accountTokens.userId, user.id))
    ).map((r) => r.h);
    expect(leftTokens.sort()).toEqual(['t-live', 't-used-recent']);
    const leftLocks = (await db.select({ k: loginNameLocks.key }).from(loginNameLocks)).map((r) => r.k);
    expect(leftLocks.sort()).toEqual(['n-old-locked', 'n-recent']);
  });

  it('removes account activity past 90 days and trusted browsers whose trust ran out', async () => {
    const { db } = t.database;
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    if (!user) throw new Error('no user');
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db.insert(accountActivity).values([
      { userId: user.id, type: 'new_browser', at: ago(91 * DAY), device: 'old' },
      { userId: user.id, type: 'new_browser', at: ago(89 * DAY), device: 'kept' },
    ]);
    await db.insert(trustedBrowsers).values([
      { userId: user.id, tokenHash: 'expired', expiresAt: ago(1000) },
      { userId: user.id, tokenHash: 'live', expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await sweepExpired(db, t.config, now);
    const devices = (await db.select({ d: accountActivity.device }).from(accountActivity)).map((r) => r.d);
    expect(devices).toContain('kept');
    expect(devices).not.toContain('old');
    const browsers = (await db.select({ h: trustedBrowsers.tokenHash }).from(trustedBrowsers)).map(
      (r) => r.h,
    );
    expect(browsers).toEqual(['live']);
  });
});
