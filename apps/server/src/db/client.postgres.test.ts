import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from '../testing/engines.js';
import { openDatabase } from './client.js';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('client.postgres.test.ts needs DATABASE_URL');

// Needs a PostgreSQL server; the PGlite project has no server connections to lose.
describe.runIf(baseUrl && process.env.TEST_DB_ENGINE === 'postgres')(
  'openDatabase on a PostgreSQL server',
  () => {
    it('survives the server dropping an idle connection, and reconnects on the next query', async () => {
      const name = `${TEST_DB_PREFIX}conn_${process.pid}`;
      await adminQuery(baseUrl, `create database ${name}`);
      const lost: Error[] = [];
      const database = await openDatabase({
        url: databaseUrl(baseUrl, name),
        poolSize: 2,
        onConnectionLost: (err) => lost.push(err),
      });
      try {
        await adminQuery(
          baseUrl,
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
        );
        await expect.poll(() => lost.length).toBeGreaterThan(0);
        const { rows } = (await database.db.execute(sql`select 1 as one`)) as unknown as {
          rows: { one: number }[];
        };
        expect(rows[0]).toEqual({ one: 1 });
      } finally {
        await database.close();
        await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
      }
    });
  },
);
