import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.js';
import { hasReadTimeout, READ_TIMEOUT_MARGIN_MS } from './pool.js';
import * as schema from './schema/index.js';

/**
 * Runs `work` in one transaction whose statements may each take up to `ms` (instead of the pool's
 * DB_STATEMENT_TIMEOUT_MS): for exports and reports, with config.exportStatementTimeoutMs. Every other query keeps
 * the short limit, so a slow export cannot make the portal's ordinary pages wait.
 *
 *     const rows = await withStatementTimeout(db, config.exportStatementTimeoutMs, (tx) => listAllPolicies(tx));
 *
 * On PostgreSQL the transaction gets a connection of its own with `set local statement_timeout` and a client-side
 * read limit `ms` + 0.5 s (so the server's cancel, which keeps the connection, normally comes first). The limit
 * ends with the transaction: the connection goes back to the pool with the short one.
 */
export async function withStatementTimeout<T>(db: Db, ms: number, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!Number.isInteger(ms) || ms <= 0)
    throw new Error(`statement timeout must be a positive integer, got ${ms}`);
  const setLimit = sql`select set_config('statement_timeout', ${String(ms)}, true)`;
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    // PGlite (one embedded connection) or a transaction handle: the setting still bounds the statements.
    return db.transaction(async (tx) => {
      await tx.execute(setLimit);
      return work(tx as unknown as Db);
    });
  }
  const client = await pool.connect();
  if (hasReadTimeout(client)) client.readTimeoutMs = ms + READ_TIMEOUT_MARGIN_MS;
  let failure: Error | undefined;
  try {
    const scoped = drizzlePg(client, { schema }) as unknown as Db;
    return await scoped.transaction(async (tx) => {
      await tx.execute(setLimit);
      return work(tx as unknown as Db);
    });
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    if (hasReadTimeout(client)) client.readTimeoutMs = undefined;
    // After a failure the connection may be mid-way through anything: the pool discards it.
    client.release(failure);
  }
}
