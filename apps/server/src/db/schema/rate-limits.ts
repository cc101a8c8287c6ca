import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the rate limiter when no Redis is configured. One row per key and window; a hit is one
 * atomic upsert, so every server process behind the load balancer counts against the same number. Rows past
 * `expires_at` are swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart], name: 'rate_limit_counters_pk' }),
    index('rate_limit_counters_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The account lock of login names that have no account (docs/auth.md, "Account lock"): the same failure count and
 * lock as `users`, so the lock answer does not tell which names exist. The key is an HMAC of site, area and the name
 * as typed (lower case): no login names at rest. Rows whose failures are older than a day are swept.
 */
export const loginNameLocks = pgTable(
  'login_name_locks',
  {
    key: text('key').primaryKey(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailedLoginAt: timestamp('last_failed_login_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_name_locks_last_failed_idx').on(t.lastFailedLoginAt)],
);
