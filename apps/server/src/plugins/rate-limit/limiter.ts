import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from './stores.js';

/** A limit: at most `limit` counted events per `windowMs`, per subject (an IP, an account …). */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  count: number;
  exceeded: boolean;
  /** Seconds until the current window ends (at least 1): the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one event and tells whether the limit is now exceeded (the event that crosses it is refused). */
  hit(rule: RateLimitRule, subject: string): Promise<RateLimitState>;
  /** Reads without counting: for limits that count only failures, checked before the attempt. */
  peek(rule: RateLimitRule, subject: string): Promise<RateLimitState>;
  reset(rule: RateLimitRule, subject: string): Promise<void>;
  sweep(): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  store: CounterStore;
  /** Keys are an HMAC of the subject under this secret: the counter table never holds login names or ID numbers. */
  secret: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Fixed windows aligned to the epoch: simple, one counter per window, and the same window on every process. A burst
 * straddling a window boundary can reach twice the limit; the account lock and the argon2 cost cover that gap.
 *
 * If the store fails (Redis down), the limiter lets the request through and logs an error: sign-in keeps working,
 * and the account lock (in PostgreSQL) still stops password guessing. See docs/auth.md.
 */
export function createRateLimiter({ store, secret, now, log }: RateLimiterOptions): RateLimiter {
  const keyOf = (rule: RateLimitRule, subject: string) =>
    `${rule.name}:${createHmac('sha256', secret).update(`${rule.name}\0${subject}`).digest('base64url').slice(0, 32)}`;
  const windowOf = (rule: RateLimitRule) => {
    const at = now().getTime();
    const start = Math.floor(at / rule.windowMs) * rule.windowMs;
    return {
      start: new Date(start),
      retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - at) / 1000)),
    };
  };
  const state = (rule: RateLimitRule, count: number, retryAfterSeconds: number, crossing: boolean) => ({
    count,
    exceeded: crossing ? count > rule.limit : count >= rule.limit,
    retryAfterSeconds,
  });
  const failOpen = (rule: RateLimitRule, err: unknown) => {
    log.error({ err, rule: rule.name }, 'rate limiter store failed; request let through');
    return { count: 0, exceeded: false, retryAfterSeconds: 1 };
  };
  return {
    hit: async (rule, subject) => {
      const window = windowOf(rule);
      try {
        const count = await store.increment(keyOf(rule, subject), window.start, rule.windowMs);
        return state(rule, count, window.retryAfterSeconds, true);
      } catch (err) {
        return failOpen(rule, err);
      }
    },
    peek: async (rule, subject) => {
      const window = windowOf(rule);
      try {
        const count = await store.read(keyOf(rule, subject), window.start);
        return state(rule, count, window.retryAfterSeconds, false);
      } catch (err) {
        return failOpen(rule, err);
      }
    },
    reset: async (rule, subject) => {
      try {
        await store.clear(keyOf(rule, subject));
      } catch (err) {
        log.error({ err, rule: rule.name }, 'rate limiter reset failed');
      }
    },
    sweep: () => store.sweep(now()),
    close: () => store.close(),
  };
}
