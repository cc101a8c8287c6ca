import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';

/** One of an owner's slots, held across server processes until released or, if its process dies, until it expires. */
export interface Lease {
  /** Idempotent. A failure is logged, not thrown: the lease then expires on its own. */
  release(): Promise<void>;
}

/**
 * Counting semaphores shared by every server process: at most `cap` live leases per owner. Used for the render pool's
 * per-person cap (decision 026), which would otherwise be the cap times the number of processes.
 */
export interface LeaseStore {
  /** A lease for `owner`, or undefined when `cap` live leases are already held, on any process. */
  acquire(owner: string, cap: number): Promise<Lease | undefined>;
}

/**
 * A lease lives this long without renewal. The holder renews it every third of that (2.5 s) while the work runs (a
 * ZIP or an export may take minutes), so a process that crashes or freezes frees its leases within 7.5 s (decision
 * 038: a minute held a person's downloads off long after a `kill -9`), and a slow download never loses its own.
 */
export const LEASE_TTL_MS = 7_500;

/**
 * Leases as rows of `rate_limit_counters` (no table of their own, and the limiter's sweep already deletes expired
 * rows): key `lease:<name>:<HMAC of the owner>`, one row per lease with `count` 1, `window_start` the lease's unique
 * start (milliseconds, made unique per key under the lock) and `expires_at` its end. The rows are counted and the new
 * one inserted under a transaction-scoped advisory lock on the key, so two processes cannot both take the last slot;
 * the lock is a transaction's, so it survives PgBouncer in transaction mode and holds no connection afterwards.
 * Times come from the database's clock, the one clock every process shares.
 */
export function postgresLeaseStore(
  db: Db,
  options: { name: string; secret: string; log: FastifyBaseLogger; ttlMs?: number },
): LeaseStore {
  const ttlMs = options.ttlMs ?? LEASE_TTL_MS;
  const keyOf = (owner: string) =>
    `lease:${options.name}:${createHmac('sha256', options.secret).update(`lease\0${options.name}\0${owner}`).digest('base64url').slice(0, 32)}`;
  return {
    acquire: async (owner, cap) => {
      const key = keyOf(owner);
      const start = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        await tx.execute(
          sql`delete from rate_limit_counters where key = ${key} and expires_at <= clock_timestamp()`,
        );
        const result = (await tx.execute(sql`
          insert into rate_limit_counters (key, window_start, count, expires_at)
          select ${key},
                 greatest(date_trunc('milliseconds', clock_timestamp()), max(window_start) + interval '1 millisecond'),
                 1,
                 clock_timestamp() + ${ttlMs} * interval '1 millisecond'
            from rate_limit_counters
           where key = ${key}
          having count(*) < ${cap}
          returning window_start::text as start`)) as unknown as { rows: { start: string }[] };
        return result.rows[0]?.start;
      });
      if (start === undefined) return undefined;
      return heldLease(db, key, start, ttlMs, options.log);
    },
  };
}

/** A lease kept alive until released: renewed in the background, deleted on release. */
function heldLease(db: Db, key: string, start: string, ttlMs: number, log: FastifyBaseLogger): Lease {
  const renewal = setInterval(() => {
    db.execute(sql`
      update rate_limit_counters set expires_at = clock_timestamp() + ${ttlMs} * interval '1 millisecond'
       where key = ${key} and window_start = ${start}::timestamptz`).catch((err: unknown) =>
      log.warn({ err, key }, 'lease renewal failed; it expires on its own'),
    );
  }, ttlMs / 3);
  renewal.unref();
  let released: Promise<void> | undefined;
  return {
    release: () => {
      released ??= (async () => {
        clearInterval(renewal);
        try {
          await db.execute(
            sql`delete from rate_limit_counters where key = ${key} and window_start = ${start}::timestamptz`,
          );
        } catch (err) {
          log.warn({ err, key }, 'lease release failed; it expires on its own');
        }
      })();
      return released;
    },
  };
}
