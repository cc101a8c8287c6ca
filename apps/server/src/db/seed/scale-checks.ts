import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { mapLimit } from './random.js';

/*
 * Checks after a bulk load that skipped the per-row foreign-key triggers (loadSettings in unnest.ts): every foreign
 * key of the loaded tables, as the catalog defines it (never a copy of the migrations), is checked with one
 * anti-join over the whole table, the way ALTER TABLE … VALIDATE CONSTRAINT does, at a fraction of the cost of a
 * trigger per row.
 */

interface ForeignKey {
  name: string;
  child: string;
  parent: string;
  childColumns: string[];
  parentColumns: string[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whether this session may skip triggers (`session_replication_role` is a superuser setting). */
export async function maySkipTriggers(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ su: boolean | string }>(
    await db.execute(sql`select current_setting('is_superuser') = 'on' as su`),
  );
  return row?.su === true || row?.su === 't';
}

async function foreignKeysOf(db: Db, tables: readonly string[]): Promise<ForeignKey[]> {
  const rows = rowsOf<{
    name: string;
    child: string;
    parent: string;
    child_columns: string | string[];
    parent_columns: string | string[];
  }>(
    await db.execute(sql`select c.conname as name, c.conrelid::regclass::text as child,
        c.confrelid::regclass::text as parent,
        array_to_json(array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o))::text as child_columns,
        array_to_json(array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
          join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o))::text as parent_columns
      from pg_constraint c
      where c.contype = 'f' and c.conrelid::regclass::text = any(${`{${tables.join(',')}}`}::text[])
      order by 2, 1`),
  );
  const list = (v: string | string[]) => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);
  return rows.map((r) => ({
    name: r.name,
    child: r.child,
    parent: r.parent,
    childColumns: list(r.child_columns),
    parentColumns: list(r.parent_columns),
  }));
}

/** Rows of the child whose (non-null, MATCH SIMPLE) key has no parent row. */
function orphansStatement(fk: ForeignKey): SQL {
  const id = (name: string) => sql.identifier(name);
  const notNull = sql.join(
    fk.childColumns.map((c) => sql`c.${id(c)} is not null`),
    sql` and `,
  );
  const matches = sql.join(
    fk.childColumns.map((c, i) => sql`p.${id(fk.parentColumns[i] as string)} = c.${id(c)}`),
    sql` and `,
  );
  return sql`select count(*)::int as n from ${id(fk.child)} c
    where ${notNull} and not exists (select 1 from ${id(fk.parent)} p where ${matches})`;
}

/**
 * Checks every foreign key of `tables`; throws naming the constraints that have rows without a parent. Returns the
 * number of constraints checked.
 */
export async function verifyForeignKeys(db: Db, tables: readonly string[], concurrency = 1): Promise<number> {
  const keys = await foreignKeysOf(db, tables);
  const orphans = await mapLimit(keys, concurrency, async (fk) => {
    const [row] = rowsOf<{ n: number | string }>(await db.execute(orphansStatement(fk)));
    return { fk, n: Number(row?.n ?? 0) };
  });
  const broken = orphans.filter((o) => o.n > 0);
  if (broken.length > 0) {
    throw new Error(
      `rows without their parent after the bulk load: ${broken.map((o) => `${o.fk.name} (${o.n})`).join(', ')}`,
    );
  }
  return keys.length;
}
