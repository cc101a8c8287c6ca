import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../db/client.js';
import { adminQuery, databaseUrl, engineUnderTest, TEST_DB_PREFIX } from './engines.js';

/*
 * For the tests of a migration that converts data: an empty database (PGlite, or a fresh PostgreSQL database when
 * DATABASE_URL is set) migrated up to just before that migration, filled with old-style rows, then migrated to the end.
 */

export interface BlankDatabase {
  migrate(folder: string): Promise<void>;
  query<T>(statement: string): Promise<T[]>;
  /** Several statements in one go (no parameters). */
  exec(statements: string): Promise<void>;
  close(): Promise<void>;
}

export async function openBlankDatabase(): Promise<BlankDatabase> {
  if (engineUnderTest() === 'pglite') {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    return {
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      query: async <T>(statement: string) => (await client.query<T>(statement)).rows,
      exec: async (statements) => {
        await client.exec(statements);
      },
      close: () => client.close(),
    };
  }
  const baseUrl = process.env.DATABASE_URL as string;
  const name = `${TEST_DB_PREFIX}mig_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(baseUrl, name), max: 2 });
  // pool.end() resolves once its clients are asked to close, not once they have: the forced drop below can still
  // end a closing connection, and an 'error' event without a listener would fail the whole test run.
  pool.on('error', () => {});
  return {
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    query: async <T>(statement: string) => (await pool.query(statement)).rows as T[],
    exec: async (statements) => {
      await pool.query(statements);
    },
    close: async () => {
      await pool.end();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A copy of the migrations folder whose journal stops before the migration tagged `tagPrefix…` (e.g. "0005_"), as a
 * database deployed before that change had them. `remove()` deletes the copy.
 */
export function migrationsBefore(tagPrefix: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), `migrations-before-${tagPrefix}`));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(tagPrefix));
  if (upTo <= 0) throw new Error(`no migration ${tagPrefix}… after the first`);
  journal.entries = journal.entries.slice(0, upTo);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
