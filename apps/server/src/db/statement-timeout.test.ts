import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-app.js';
import type { Database } from './client.js';
import { withStatementTimeout } from './statement-timeout.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const currentLimit = async (db: Database['db']) => {
  const { rows } = (await db.execute(
    sql`select current_setting('statement_timeout') as limit`,
  )) as unknown as {
    rows: { limit: string }[];
  };
  return rows[0]?.limit;
};

describe('withStatementTimeout', () => {
  it('sets the limit for its own transaction only, and returns what the work returns', async () => {
    const outside = await currentLimit(database.db);
    const inside = await withStatementTimeout(database.db, 45_000, (tx) => currentLimit(tx));
    expect(inside).toBe('45s');
    expect(await currentLimit(database.db)).toBe(outside);
  });

  it('rolls the work back when it fails', async () => {
    const failure = await withStatementTimeout(database.db, 5000, async (tx) => {
      await tx.execute(sql`create table statement_timeout_probe (id int)`);
      throw new Error('export failed');
    }).catch((err: Error) => err.message);
    expect(failure).toBe('export failed');
    const { rows } = (await database.db.execute(
      sql`select to_regclass('statement_timeout_probe') is null as gone`,
    )) as unknown as { rows: { gone: boolean }[] };
    expect(rows[0]?.gone).toBe(true);
  });

  it('refuses a limit that is not a positive whole number of milliseconds', async () => {
    await expect(withStatementTimeout(database.db, 0, async () => 1)).rejects.toThrow(/positive integer/);
    await expect(withStatementTimeout(database.db, 1.5, async () => 1)).rejects.toThrow(/positive integer/);
  });
});
