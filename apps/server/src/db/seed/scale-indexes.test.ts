import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.js';
import type { Database } from '../client.js';
import { createMissingIndexes, dropIndexes, searchIndexDefinitions } from './scale-indexes.js';

const TABLES = ['clients', 'policies', 'applications', 'service_records'];

describe('searchIndexDefinitions', () => {
  it("reads the big tables' trigram indexes from the migrations, and nothing else", () => {
    const names = searchIndexDefinitions(TABLES).map((d) => d.name);
    expect(names.sort()).toEqual([
      'applications_insured_name_trgm_idx',
      'applications_policy_no_trgm_idx',
      'applications_search_text_trgm_idx',
      'clients_client_no_trgm_idx',
      'clients_full_name_trgm_idx',
      'policies_insured_name_trgm_idx',
      'policies_plan_no_trgm_idx',
      'policies_search_text_trgm_idx',
      'service_records_search_text_trgm_idx',
      'service_records_unique_id_trgm_idx',
    ]);
  });

  it('keeps the last definition of a name and forgets an index a later migration drops', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      writeFileSync(
        join(dir, '0001_a.sql'),
        'CREATE INDEX "t_a_trgm_idx" ON "t" USING gin ("a" gin_trgm_ops);--> statement-breakpoint\n' +
          'CREATE INDEX "t_b_trgm_idx" ON "t" USING gin ("b" gin_trgm_ops);--> statement-breakpoint\n' +
          'CREATE INDEX "t_c_idx" ON "t" USING btree ("c");--> statement-breakpoint\n' +
          'CREATE INDEX "u_a_trgm_idx" ON "u" USING gin ("a" gin_trgm_ops);',
      );
      writeFileSync(
        join(dir, '0002_b.sql'),
        'DROP INDEX "t_b_trgm_idx";--> statement-breakpoint\n' +
          'CREATE INDEX "t_a_trgm_idx" ON "t" USING gin (lower("a") gin_trgm_ops);',
      );
      expect(searchIndexDefinitions(['t'], dir)).toEqual([
        {
          name: 't_a_trgm_idx',
          table: 't',
          statement: 'CREATE INDEX "t_a_trgm_idx" ON "t" USING gin (lower("a") gin_trgm_ops)',
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('dropping and rebuilding them', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const definitions = async () =>
    (
      (await database.db.execute(sql`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def
        from pg_index where indrelid::regclass::text in ('clients', 'policies', 'applications', 'service_records')
        order by 1`)) as unknown as { rows: { name: string; def: string }[] }
    ).rows;

  it('drops only those indexes and builds them back exactly as the migrations made them', async () => {
    const before = await definitions();
    const indexes = searchIndexDefinitions(TABLES);
    expect((await dropIndexes(database.db, indexes)).sort()).toEqual(indexes.map((i) => i.name).sort());
    const without = await definitions();
    expect(before.length - without.length).toBe(indexes.length);
    expect(await dropIndexes(database.db, indexes)).toEqual([]);
    expect((await createMissingIndexes(database.db, indexes, 2)).sort()).toEqual(
      indexes.map((i) => i.name).sort(),
    );
    expect(await definitions()).toEqual(before);
    expect(await createMissingIndexes(database.db, indexes)).toEqual([]);
  });
});
