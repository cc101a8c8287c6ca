import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client.js';
import { adminQuery, databaseUrl, engineUnderTest, TEST_DB_PREFIX } from './engines.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The clock the app reads; tests move it to check expiries. */
  clock: { now: Date };
  close(): Promise<void>;
}

/** A fresh copy of the seeded template database for one test file. */
export async function openTestDatabase(
  pool: Pick<DatabaseOptions, 'poolSize' | 'heavyPoolSize' | 'timeouts'> = {},
): Promise<{ database: Database; drop(): Promise<void>; url?: string }> {
  const template = inject('dbTemplate');
  if (engineUnderTest() === 'pglite') {
    const database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([readFileSync(template)]),
    });
    return { database, drop: async () => {} };
  }
  const baseUrl = process.env.DATABASE_URL as string;
  const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name} template ${template}`);
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ url, poolSize: 4, ...pool });
  return { database, url, drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * `productionPool`: on PostgreSQL the database is opened as the server opens it (DB_POOL_MAX and the DB_* limits
 * of `env`), not with the tests' small, unhurried pool.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { productionPool = false }: { productionPool?: boolean } = {},
): Promise<TestContext> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const { database, drop } = await openTestDatabase(
    productionPool
      ? { poolSize: config.dbPoolMax, heavyPoolSize: config.dbHeavyPoolMax, timeouts: config.dbTimeouts }
      : {},
  );
  const clock = { now: new Date() };
  const app = await buildApp({ config, database, now: () => clock.now, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
