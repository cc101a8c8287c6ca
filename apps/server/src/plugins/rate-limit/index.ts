import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createRateLimiter, type RateLimiter } from './limiter.js';
import { postgresCounterStore, redisCounterStore } from './stores.js';

export type { RateLimiter, RateLimitRule, RateLimitState } from './limiter.js';

const SWEEP_EVERY_MS = 10 * 60_000;

/** The limiter of this deployment: counters in Redis when REDIS_URL is set, otherwise in PostgreSQL. */
export function rateLimiterFor(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'sessionSecret'>,
  db: Db,
  now: () => Date,
  log: FastifyBaseLogger,
): RateLimiter {
  const store = config.redisUrl
    ? redisCounterStore(config.redisUrl, config.redisKeyPrefix)
    : postgresCounterStore(db);
  const limiter = createRateLimiter({ store, secret: config.sessionSecret, now, log });
  // Old windows are deleted in the background, in every process (the delete is idempotent).
  const timer = setInterval(() => {
    limiter.sweep().catch((err) => log.error({ err }, 'rate-limit sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return {
    ...limiter,
    close: async () => {
      clearInterval(timer);
      await limiter.close();
    },
  };
}
