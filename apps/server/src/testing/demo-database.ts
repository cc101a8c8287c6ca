import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { openTestDatabase } from './test-app.js';

/*
 * For a test file that checks the seeded demo data in SQL, without an app: its own copy of the template database
 * (openTestDatabase), and the rows of a plain query. `close` closes the connection and drops the copy.
 */

/** The rows of one query, typed as the caller reads them. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A fresh copy of the demo database for one test file; call `close` in its afterAll. */
export async function openDemoDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  const opened = await openTestDatabase();
  return {
    db: opened.database.db,
    close: async () => {
      await opened.database.close();
      await opened.drop();
    },
  };
}
