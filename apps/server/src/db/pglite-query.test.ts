import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineQueries, registerNamedStatement } from './pglite-query.js';

/*
 * Statements give the answers PGlite's own `query` gives (types, nulls, arrays, JSON, parsers asked by the caller),
 * a registered text runs as a named statement, and an error in any step leaves the database usable.
 */

const LOOKUP = 'select id, amount, born, tags, note from named_rows where id = $1 and amount >= $2';
const DIVIDE = 'select 10 / $1::int as quotient';
const BROKEN = 'select missing_column from named_rows where id = $1';
const UNNAMED =
  'select $1::int[] as ids, $2::jsonb as doc, $3::timestamptz as at, $4::text as word, $5::bool as yes';

let client: PGlite;
let plain: PGlite;

beforeAll(async () => {
  registerNamedStatement('test_named_lookup', LOOKUP);
  registerNamedStatement('test_named_divide', DIVIDE);
  registerNamedStatement('test_named_broken', BROKEN);
  [client, plain] = await Promise.all([PGlite.create('memory://'), PGlite.create('memory://')]);
  pipelineQueries(client);
  for (const db of [client, plain])
    await db.exec(`
      create table named_rows (id int primary key, amount numeric(12, 2), born date, tags text[], note text);
      insert into named_rows values (1, 1234.5, '1980-02-29', '{a,b}', null), (2, 7, '2001-01-01', '{}', 'x');
    `);
});

afterAll(async () => {
  await Promise.all([client?.close(), plain?.close()]);
});

const prepared = async (db: PGlite) =>
  (await db.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (r) => r.name,
  );

describe('named statements on PGlite', () => {
  it('prepares a registered text once under its name and answers as the unnamed path does', async () => {
    const options = { rowMode: 'array' as const, parsers: { 1082: (value: string) => `date ${value}` } };
    for (const args of [
      [1, '100'],
      [2, 0],
      [3, 0],
      [1, '100'],
    ]) {
      const named = await client.query(LOOKUP, args, options);
      const unnamed = await plain.query(LOOKUP, args, options);
      expect(named.rows).toEqual(unnamed.rows);
      expect(named.fields).toEqual(unnamed.fields);
    }
    expect((await client.query(LOOKUP, [1, '100'], options)).rows).toEqual([
      [1, '1234.50', 'date 1980-02-29', ['a', 'b'], null],
    ]);
    expect(await prepared(client)).toEqual(['test_named_lookup']);
    expect(await prepared(plain)).toEqual([]);
  });

  it('answers unregistered statements unnamed, as PGlite does', async () => {
    const args = [
      [1, 2, 3],
      { a: [1, 'x'], b: null },
      new Date('2026-02-03T04:05:06Z'),
      'it’s "quoted"',
      false,
    ];
    const mine = await client.query(UNNAMED, args);
    expect(mine.rows).toEqual((await plain.query(UNNAMED, args)).rows);
    expect(mine.rows).toEqual([
      { ids: [1, 2, 3], doc: { a: [1, 'x'], b: null }, at: args[2], word: 'it’s "quoted"', yes: false },
    ]);
    const write = await client.query(
      'insert into named_rows (id, amount) values ($1, $2), ($3, $4)',
      [8, 1, 9, 2],
    );
    expect(write.affectedRows).toBe(2);
    await client.query('delete from named_rows where id >= $1', [8]);
  });

  it('throws PostgreSQL’s error and stays usable after it', async () => {
    await expect(client.query('select from where')).rejects.toMatchObject({ code: '42601' });
    await expect(client.query('select 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(client.query('insert into named_rows (id) values ($1)', [1])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(client.query(DIVIDE, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query<{ quotient: number }>(DIVIDE, [5])).rows).toEqual([{ quotient: 2 }]);
    await expect(client.query(BROKEN, [1])).rejects.toMatchObject({ code: '42703' });
    await expect(client.query(BROKEN, [1])).rejects.toMatchObject({ code: '42703' });
    expect(await prepared(client)).not.toContain('test_named_broken');
    expect((await client.query('select count(*)::int as n from named_rows')).rows).toEqual([{ n: 2 }]);
  });

  it('waits for a transaction under way, as an unnamed query does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query(`update named_rows set amount = 5000 where id = 1`);
      await held;
    });
    const reading = client.query<{ amount: string }>(LOOKUP, [1, 0]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await reading).rows[0]?.amount).toBe('5000.00');
  });
});
