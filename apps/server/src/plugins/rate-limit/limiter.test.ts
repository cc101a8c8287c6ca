import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { rateLimitCounters } from '../../db/schema/index.js';
import { openTestDatabase } from '../../testing/test-app.js';
import { createRateLimiter, type RateLimiter } from './limiter.js';
import { type CounterStore, postgresCounterStore, redisCounterStore } from './stores.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers; the Redis store is tested wherever one runs (it does on the dev machines). */
async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(Number(port || 6379), hostname);
  });
}
const haveRedis = await redisReachable(REDIS_URL);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const rule = { name: 'test', limit: 3, windowMs: 60_000 };
const errors: unknown[] = [];
const log = { error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyBaseLogger;

function limiterOn(store: CounterStore, clock: { now: Date }): RateLimiter {
  return createRateLimiter({ store, secret: 's'.repeat(32), now: () => clock.now, log });
}

function behavesAsALimiter(makeStore: () => CounterStore) {
  it('counts per subject and window, refuses past the limit with the seconds left, and resets', async () => {
    const clock = { now: new Date('2030-01-01T00:00:10Z') };
    const limiter = limiterOn(makeStore(), clock);
    const subject = randomBytes(4).toString('hex');
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await limiter.hit(rule, subject));
    expect(counts.map((c) => c.exceeded)).toEqual([false, false, false, true]);
    expect(counts[3]).toMatchObject({ count: 4, retryAfterSeconds: 50 });
    expect((await limiter.peek(rule, subject)).exceeded).toBe(true);
    expect((await limiter.hit(rule, `${subject}-other`)).exceeded).toBe(false);
    clock.now = new Date('2030-01-01T00:01:00Z');
    expect(await limiter.peek(rule, subject)).toMatchObject({ count: 0, exceeded: false });
    clock.now = new Date('2030-01-01T00:00:30Z');
    await limiter.reset(rule, subject);
    expect((await limiter.peek(rule, subject)).count).toBe(0);
    await limiter.close();
  });

  it('never loses a count under concurrent hits (one atomic increment each)', async () => {
    const clock = { now: new Date('2030-01-01T00:00:00Z') };
    const a = limiterOn(makeStore(), clock);
    const b = limiterOn(makeStore(), clock);
    const subject = randomBytes(4).toString('hex');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit(rule, subject)),
    );
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    await Promise.all([a.close(), b.close()]);
  });

  it('refunds a hit in the window it was counted in, never below zero', async () => {
    const clock = { now: new Date('2030-01-01T00:00:10Z') };
    const limiter = limiterOn(makeStore(), clock);
    const subject = randomBytes(4).toString('hex');
    const first = await limiter.hit(rule, subject);
    const second = await limiter.hit(rule, subject);
    expect(second.windowStart).toEqual(new Date('2030-01-01T00:00:00Z'));
    await limiter.refund(rule, subject, second);
    expect((await limiter.peek(rule, subject)).count).toBe(1);
    // A refund after the window has rolled over goes to the old window, not the new one.
    clock.now = new Date('2030-01-01T00:01:05Z');
    const next = await limiter.hit(rule, subject);
    await limiter.refund(rule, subject, first);
    expect((await limiter.peek(rule, subject)).count).toBe(1);
    await limiter.refund(rule, subject, next);
    await limiter.refund(rule, subject, next);
    expect((await limiter.peek(rule, subject)).count).toBe(0);
    expect((await limiter.hit(rule, subject)).count).toBe(1);
    await limiter.close();
  });

  it('counts a burst of hit-then-refund exactly: only the kept hits remain', async () => {
    const clock = { now: new Date('2030-01-01T00:00:00Z') };
    const limiter = limiterOn(makeStore(), clock);
    const subject = randomBytes(4).toString('hex');
    await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const hit = await limiter.hit(rule, subject);
        if (i % 3 !== 0) await limiter.refund(rule, subject, hit);
      }),
    );
    expect((await limiter.peek(rule, subject)).count).toBe(10);
    await limiter.close();
  });
}

describe('PostgreSQL counter store', () => {
  behavesAsALimiter(() => postgresCounterStore(database.db));

  it('keeps only a keyed HMAC of the subject, and sweeps old windows', async () => {
    const clock = { now: new Date('2031-01-01T00:00:00Z') };
    const limiter = limiterOn(postgresCounterStore(database.db), clock);
    await limiter.hit(rule, 'AG10000001');
    const rows = await database.db.select().from(rateLimitCounters);
    expect(rows.some((r) => r.key.includes('AG10000001'))).toBe(false);
    clock.now = new Date('2031-01-02T00:00:00Z');
    await limiter.sweep();
    expect(await database.db.select().from(rateLimitCounters)).toHaveLength(0);
  });
});

// Locally Redis is optional; on CI it is part of the machine, so a missing Redis fails instead of skipping.
describe.skipIf(!haveRedis && !process.env.CI)('Redis counter store', () => {
  const prefix = `portal-test-${randomBytes(4).toString('hex')}:`;
  behavesAsALimiter(() => redisCounterStore(REDIS_URL, prefix));
});

describe('a failing store', () => {
  it('lets requests through (and logs) rather than locking everyone out', async () => {
    const broken: CounterStore = {
      increment: () => Promise.reject(new Error('down')),
      decrement: () => Promise.reject(new Error('down')),
      read: () => Promise.reject(new Error('down')),
      clear: () => Promise.reject(new Error('down')),
      sweep: async () => {},
      close: async () => {},
    };
    const limiter = limiterOn(broken, { now: new Date() });
    expect((await limiter.hit(rule, 'x')).exceeded).toBe(false);
    expect((await limiter.peek(rule, 'x')).exceeded).toBe(false);
    await limiter.refund(rule, 'x', {
      count: 1,
      exceeded: false,
      retryAfterSeconds: 1,
      windowStart: new Date(),
    });
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });
});
