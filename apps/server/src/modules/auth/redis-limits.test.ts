import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema/index.js';
import { AuthAgent, createAuthTestApp } from '../../testing/auth-agent.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500 });
const haveRedis = await redis.connect().then(
  () => true,
  () => false,
);
// Without a server, stop ioredis from retrying in the background for the rest of the run.
if (!haveRedis) redis.disconnect();

// Locally Redis is optional; on CI it is part of the machine, so a missing Redis fails instead of skipping.
describe.skipIf(!haveRedis && !process.env.CI)('rate limits with REDIS_URL set', () => {
  const prefix = `portal-test-${randomBytes(4).toString('hex')}:`;
  let t: TestContext;
  beforeAll(async () => {
    ({ t } = await createAuthTestApp({ REDIS_URL, REDIS_KEY_PREFIX: prefix }));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await t.close();
  });

  it('counts in Redis, not in PostgreSQL, and answers 429 with Retry-After past the limit', async () => {
    const agent = new AuthAgent(t);
    for (let i = 0; i < LIMITS.loginFailuresPerIp.limit; i++) {
      expect(
        (await agent.post('/login', { login: `r${i}`, password: 'Wrong1234', area: 'b2b' })).statusCode,
      ).toBe(401);
    }
    const refused = await agent.post('/login', { login: 'r-last', password: 'Wrong1234', area: 'b2b' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await redis.keys(`${prefix}rl:login-ip:*`)).length).toBe(1);
    expect(await t.database.db.select().from(rateLimitCounters)).toHaveLength(0);
  });
});
