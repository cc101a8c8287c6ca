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
