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
  /** Start of the window counted in: a refund gives the count back to that window, not to a later one. */
  windowStart: Date;
}

export interface RateLimiter {
  /** Counts one event and tells whether the limit is now exceeded (the event that crosses it is refused). */
  hit(rule: RateLimitRule, subject: string): Promise<RateLimitState>;
  /** Reads without counting. Never use it to guard an attempt: concurrent requests would all pass the same peek. */
  peek(rule: RateLimitRule, subject: string): Promise<RateLimitState>;
  /**
   * Gives back one count of an earlier `hit` (in that hit's window, never below zero). For limits that count only
   * failures: the attempt is counted before it is tried, so a burst cannot slip past the limit, and refunded when it
   * turns out not to be a failure.
   */
  refund(rule: RateLimitRule, subject: string, hit: RateLimitState): Promise<void>;
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
  const state = (
    rule: RateLimitRule,
    count: number,
    window: { start: Date; retryAfterSeconds: number },
    crossing: boolean,
  ): RateLimitState => ({
    count,
    exceeded: crossing ? count > rule.limit : count >= rule.limit,
    retryAfterSeconds: window.retryAfterSeconds,
    windowStart: window.start,
  });
  const failOpen = (rule: RateLimitRule, window: { start: Date }, err: unknown): RateLimitState => {
    log.error({ err, rule: rule.name }, 'rate limiter store failed; request let through');
    return { count: 0, exceeded: false, retryAfterSeconds: 1, windowStart: window.start };
  };
  return {
    hit: async (rule, subject) => {
      const window = windowOf(rule);
      try {
        const count = await store.increment(keyOf(rule, subject), window.start, rule.windowMs);
        return state(rule, count, window, true);
      } catch (err) {
        return failOpen(rule, window, err);
      }
    },
    peek: async (rule, subject) => {
      const window = windowOf(rule);
      try {
        const count = await store.read(keyOf(rule, subject), window.start);
        return state(rule, count, window, false);
      } catch (err) {
        return failOpen(rule, window, err);
      }
    },
    refund: async (rule, subject, hit) => {
      // A hit the store never counted (it failed open) has nothing to give back.
      if (hit.count <= 0) return;
      try {
        await store.decrement(keyOf(rule, subject), hit.windowStart);
      } catch (err) {
        log.error({ err, rule: rule.name }, 'rate limiter refund failed');
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
