import pg from 'pg';

export type Engine = 'pglite' | 'postgres';

export function engineUnderTest(setting = process.env.TEST_DB_ENGINE): Engine {
  return setting === 'postgres' ? 'postgres' : 'pglite';
}

/** The URL of another database on the same PostgreSQL server as `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool txn). */
export async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Database names made by tests start with this, so a crashed run's leftovers are easy to find and drop. */
export const TEST_DB_PREFIX = 'portal_test_';
