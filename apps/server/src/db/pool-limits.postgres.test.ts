import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from '../testing/engines.js';
import { isConnectionFailure, isDatabaseUnavailable, PoolBusyError } from './availability.js';
import { type Database, openDatabase } from './client.js';
import type { PoolTimeouts } from './pool.js';
import { withStatementTimeout } from './statement-timeout.js';

const baseUrl = process.env.DATABASE_URL as string;
const name = `${TEST_DB_PREFIX}limits_${process.pid}`;

/** Opens a pool on this file's database with the given limits; the rest generous. */
function openWith(timeouts: Partial<PoolTimeouts>): Promise<Database> {
  return openDatabase({
    url: databaseUrl(baseUrl, name),
    poolSize: 2,
    timeouts: {
      connectMs: 10_000,
      queryMs: 60_000,
      statementMs: 50_000,
      idleInTransactionMs: 60_000,
      failFastMs: 100,
      ...timeouts,
    },
  });
}

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (err: unknown) => err,
  );
const answers = (database: Database) =>
  failureOf(database.db.execute(sql`select 1`)).then((err) => err === null);

// pg_sleep only: nothing here faults the shared server.
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('pool limits on a PostgreSQL server', () => {
  beforeAll(() => adminQuery(baseUrl, `create database ${name}`));
  afterAll(() => adminQuery(baseUrl, `drop database if exists ${name} with (force)`));

  it('destroys a connection whose query outlived the client-side read limit, in a transaction too', async () => {
    const database = await openWith({ queryMs: 300 });
    try {
      const plain = await failureOf(database.db.execute(sql`select pg_sleep(5)`));
      expect(isConnectionFailure(plain)).toBe(true);
      expect(String((plain as Error).cause)).toContain('Query read timeout');
      expect(database.poolStats?.().total).toBe(0);

      // Drizzle releases a transaction's connection without an error: it must go all the same, or the next caller
      // would run inside this unfinished transaction (its ROLLBACK was never sent).
      await expect.poll(() => answers(database), { timeout: 10_000, interval: 200 }).toBe(true);
      const inTransaction = await failureOf(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(5)`);
        }),
      );
      expect(String(inTransaction)).toContain('rollback');
      expect(isDatabaseUnavailable(inTransaction)).toBe(true);
      expect(database.poolStats?.().total).toBe(0);

      // After the fail-fast pause the pool serves again, on a fresh connection outside any transaction.
      await expect.poll(() => answers(database), { timeout: 10_000, interval: 200 }).toBe(true);
      const { rows } = (await database.db.execute(
        sql`select now() = statement_timestamp() as own_transaction`,
      )) as unknown as { rows: { own_transaction: boolean }[] };
      expect(rows[0]?.own_transaction).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('takes a checkout that waited for a busy pool as busy: the gate stays open and the pool serves', async () => {
    const database = await openWith({ connectMs: 200 });
    try {
      // Both connections of the pool busy for a second (drizzle sends a query when it is awaited: failureOf does);
      // the third checkout waits 200 ms and gives up.
      const holders = [1, 2].map(() => failureOf(database.db.execute(sql`select pg_sleep(1)`)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const waited = await failureOf(database.db.execute(sql`select 1`));
      expect(waited).toBeInstanceOf(Error);
      expect((waited as Error).cause).toBeInstanceOf(PoolBusyError);
      expect(isConnectionFailure(waited)).toBe(false);
      expect(isDatabaseUnavailable(waited)).toBe(false);
      expect(database.gate?.isOpen).toBe(false);
      expect(await Promise.all(holders)).toEqual([null, null]);
      expect(await answers(database)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('cancels a slow statement on the server and keeps the pool usable', async () => {
    const database = await openWith({ statementMs: 200, queryMs: 5000 });
    try {
      const error = await failureOf(database.db.execute(sql`select pg_sleep(1)`));
      expect((error as { cause?: { code?: string } }).cause?.code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isConnectionFailure(error)).toBe(false);
      expect(await answers(database)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('gives one transaction a longer statement limit with withStatementTimeout, and only that one', async () => {
    const database = await openWith({ statementMs: 200, queryMs: 400 });
    try {
      const result = await withStatementTimeout(database.db, 5000, async (tx) => {
        await tx.execute(sql`select pg_sleep(1)`);
        return 'finished';
      });
      expect(result).toBe('finished');
      const after = await failureOf(database.db.execute(sql`select pg_sleep(1)`));
      expect(isDatabaseUnavailable(after)).toBe(true);
      expect(database.poolStats?.().total).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
    }
  });
});
