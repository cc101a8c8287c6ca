import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from '../../testing/engines.js';
import { selectSnapshotHoldings, selectSnapshotPlans } from './queries.js';

const baseUrl = process.env.DATABASE_URL as string;

type Rows = { rows: Record<string, unknown>[] };
const name = `${TEST_DB_PREFIX}statement_plans_${process.pid}`;

/*
 * A statement's section reads are prepared so that PostgreSQL plans them once per connection, not on every call
 * (queries.ts, `anyOf`). Whether it keeps the generic plan is PostgreSQL's choice after five trial runs; this checks
 * that it does, on one connection, through pg_prepared_statements' own counters.
 */
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
  'statement section reads on a PostgreSQL server',
  () => {
    let database: Database;
    const execute = async (query: ReturnType<typeof sql>) =>
      (await database.db.execute(query)) as unknown as Rows;
    beforeAll(async () => {
      await adminQuery(baseUrl, `create database ${name} template ${inject('dbTemplate')}`);
      database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 1 });
    });
    afterAll(async () => {
      await database?.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    });

    it('estimate the same rows whatever the number of ids, so their generic plan costs what a custom one does', async () => {
      const { db } = database;
      await selectSnapshotPlans(db, [1]);
      const prepared = await execute(
        sql`select statement from pg_prepared_statements where name = 'statement_snapshot_plans'`,
      );
      await execute(sql.raw(`prepare estimate_probe as ${String(prepared.rows[0]?.statement)}`));
      await execute(sql`set plan_cache_mode = force_custom_plan`);
      try {
        const estimatedRows = async (ids: number[]) => {
          const plan = await execute(
            sql.raw(`explain (format json) execute estimate_probe('{${ids.join(',')}}')`),
          );
          const explained = plan.rows[0]?.['QUERY PLAN'] as { Plan: { 'Plan Rows': number } }[] | undefined;
          return explained?.[0]?.Plan['Plan Rows'];
        };
        const many = Array.from({ length: 40 }, (_, index) => index + 1);
        // With `= any($1)` a custom plan estimated 1 row here and 40 there, and the generic plan 10: never chosen.
        const one = await estimatedRows([1]);
        expect(one).toBeGreaterThan(0);
        expect(one).toBe(await estimatedRows(many));
      } finally {
        await execute(sql`deallocate estimate_probe`);
        await execute(sql`reset plan_cache_mode`);
      }
    });

    it('keep their generic plan after the trial runs instead of being planned on every call', async () => {
      // One statement's snapshots: fewer than ten, as on every real statement.
      const snapshots = await execute(sql`select id from statement_snapshots order by id limit 7`);
      const ids = snapshots.rows.map((row) => Number(row.id));
      expect(ids).toHaveLength(7);
      for (let run = 0; run < 8; run++) {
        expect(await selectSnapshotPlans(database.db, ids)).toHaveLength(7);
        await selectSnapshotHoldings(database.db, ids);
      }
      const counters = await execute(
        sql`select name, generic_plans, custom_plans from pg_prepared_statements
          where name in ('statement_snapshot_plans', 'statement_snapshot_holdings') order by name`,
      );
      expect(counters.rows.map((row) => [row.name, Number(row.generic_plans) > 0])).toEqual([
        ['statement_snapshot_holdings', true],
        ['statement_snapshot_plans', true],
      ]);
    });
  },
);
