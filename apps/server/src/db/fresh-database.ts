import { randomBytes } from 'node:crypto';
import { adminQuery, databaseUrl, engineUnderTest, TEST_DB_PREFIX } from '../testing/engines.js';
import { type Database, openDatabase } from './client.js';

/**
 * An empty, migrated database on the engine under test, for tests that need a blank slate (migrations, seeding,
 * the generator) rather than the shared seeded template.
 */
export async function openFreshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (engineUnderTest() === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_ENGINE=postgres needs DATABASE_URL');
  const name = `${TEST_DB_PREFIX}fresh_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 2 });
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
