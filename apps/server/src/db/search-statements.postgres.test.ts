import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { namedSearches, SEARCH_POOL_OPTIONS, searchRows } from './search-statements.js';

const baseUrl = process.env.DATABASE_URL as string;

/*
 * List and report searches run as named statements on a pool of their own that forces custom plans
 * (search-statements.ts). These check it on one connection through PostgreSQL's own view of its prepared statements.
 */
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
  'searches as named statements on PostgreSQL',
  () => {
    const pools: pg.Pool[] = [];
    const onePool = (options?: string) => {
      const pool = new pg.Pool({ connectionString: baseUrl, max: 1, ...(options ? { options } : {}) });
      pools.push(pool);
      return pool;
    };
    afterAll(() => Promise.all(pools.map((pool) => pool.end())));

    const backendPid = async (search: ReturnType<typeof namedSearches>, k: number) =>
      (await search<{ pid: number }>(sql.raw(`select pg_backend_pid() as pid, ${k} as k`)))[0]?.pid;

    it('prepare a text once per connection and plan it for its values on every run', async () => {
      const search = namedSearches(onePool(SEARCH_POOL_OPTIONS));
      // A lookup by key, whose generic plan costs no more than a custom one: PostgreSQL's own choice would switch.
      const relation = (oid: number) => sql`select relname from pg_class where oid = ${oid}`;
      const oids = [1259, 1249, 1255, 1247, 2615, 1259, 1249, 1255];
      for (const oid of oids) expect(await search(relation(oid))).toHaveLength(1);
      const prepared = await search<{ name: string; generic: number; custom: number }>(sql`
      select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where statement like ${'%from pg_class where oid%'} and statement not like ${'%pg_prepared_statements%'}`);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]?.name).toMatch(/^search_[\w-]{27}$/);
      // Eight runs, each planned for its own values: PostgreSQL never switched to a generic plan.
      expect(prepared[0]).toMatchObject({ generic: 0, custom: 8 });
    });

    it('read every value as drizzle’s db.execute does', async () => {
      const pool = onePool(SEARCH_POOL_OPTIONS);
      const query = () => sql`select timestamptz '2026-11-25 09:30:00+08' as at,
      timestamp '2026-11-25 09:30:00' as local, date '2026-11-25' as day, interval '1 day 2 hours' as span,
      array[date '2026-11-25'] as days, 12345678901::bigint as big, 1.50::numeric as amount,
      array[1.5, 2]::numeric[] as amounts, 7::int as small, null::text as nothing`;
      const viaDrizzle = (await drizzle(pool).execute(query())) as unknown as { rows: unknown[] };
      expect(await namedSearches(pool)(query())).toEqual(viaDrizzle.rows);
      expect(viaDrizzle.rows[0]).toMatchObject({
        day: '2026-11-25',
        big: '12345678901',
        amount: '1.50',
        small: 7,
      });
    });

    it('close a connection once it holds its share of statements, so the server frees them', async () => {
      const search = namedSearches(onePool(SEARCH_POOL_OPTIONS), { maxPerConnection: 3 });
      const first = await backendPid(search, 1);
      expect(await backendPid(search, 2)).toBe(first);
      expect(await backendPid(search, 1)).toBe(first); // the same text again: still two statements
      expect(await backendPid(search, 3)).toBe(first); // the third is answered, then its connection closes
      const next = await backendPid(search, 1);
      expect(next).toEqual(expect.any(Number));
      expect(next).not.toBe(first);
    });

    it('do not hand out again the connection of a statement that failed', async () => {
      const search = namedSearches(onePool(SEARCH_POOL_OPTIONS));
      const before = await backendPid(search, 1);
      await expect(search(sql`select 1 / ${0}::int`)).rejects.toThrow(/division by zero/);
      const after = await backendPid(search, 1);
      expect(after).toEqual(expect.any(Number));
      expect(after).not.toBe(before);
    });

    it('are what a database opened on PostgreSQL runs searches with, beside the main pool', async () => {
      const database = await openDatabase({ url: baseUrl, poolSize: 2 });
      try {
        const mode = sql`select current_setting('plan_cache_mode') as mode`;
        expect(await searchRows(database.db, mode)).toEqual([{ mode: 'force_custom_plan' }]);
        const main = (await database.db.execute(mode)) as unknown as { rows: unknown[] };
        expect(main.rows).toEqual([{ mode: 'auto' }]);
      } finally {
        await database.close();
      }
    });
  },
);
