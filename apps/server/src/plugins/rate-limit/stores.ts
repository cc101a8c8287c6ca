import { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import {
  decrementCounter,
  deleteCounter,
  deleteExpiredCounters,
  incrementCounter,
  readCounter,
} from './queries.js';

/**
 * Where fixed-window counters live. Never in process memory: every server process behind the load balancer must
 * count against the same number, or a limit of 5 becomes 5 per process.
 */
export interface CounterStore {
  /** Adds one to the counter of `key` in the window starting at `windowStart`; answers the new count. */
  increment(key: string, windowStart: Date, windowMs: number): Promise<number>;
  /** Takes one off the counter of `key` in that window, never below zero (a refund); a missing counter stays so. */
  decrement(key: string, windowStart: Date): Promise<void>;
  read(key: string, windowStart: Date): Promise<number>;
  /** Forgets every window of `key`. */
  clear(key: string): Promise<void>;
  sweep(now: Date): Promise<void>;
  close(): Promise<void>;
}

export function postgresCounterStore(db: Db): CounterStore {
  return {
    increment: (key, windowStart, windowMs) =>
      // Kept one window past its end, so a clock a little behind still finds it; then swept.
      incrementCounter(db, key, windowStart, new Date(windowStart.getTime() + 2 * windowMs)),
    decrement: (key, windowStart) => decrementCounter(db, key, windowStart),
    read: (key, windowStart) => readCounter(db, key, windowStart),
    clear: (key) => deleteCounter(db, key),
    sweep: async (now) => {
      await deleteExpiredCounters(db, now);
    },
    close: async () => {},
  };
}

/** INCR and, on the first hit of a window, an expiry: one atomic round trip. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** DECR only while above zero, atomically; a key that expired meanwhile is not brought back. */
const DECREMENT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisCounterStore(url: string, prefix: string): CounterStore {
  // While Redis is unreachable a command fails within about a second instead of holding a sign-in request.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 });
  redis.on('error', () => {
    // Reported per command by the limiter; without a listener ioredis would print every reconnect attempt.
  });
  const windowKey = (key: string, windowStart: Date) => `${prefix}rl:${key}:${windowStart.getTime()}`;
  return {
    increment: async (key, windowStart, windowMs) => {
      // Redis expires keys on its own clock, so the TTL is relative (two windows), not the window's end time.
      const count = await redis.eval(INCREMENT_SCRIPT, 1, windowKey(key, windowStart), String(2 * windowMs));
      return Number(count);
    },
    decrement: async (key, windowStart) => {
      await redis.eval(DECREMENT_SCRIPT, 1, windowKey(key, windowStart));
    },
    read: async (key, windowStart) => Number((await redis.get(windowKey(key, windowStart))) ?? 0),
    clear: async (key) => {
      const pattern = `${prefix}rl:${key}:*`;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 100);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    },
    sweep: async () => {},
    close: async () => {
      redis.disconnect();
    },
  };
}
