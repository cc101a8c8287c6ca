import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_FOLDER } from '../client.js';
import { mapLimit } from './random.js';

/*
 * The keyword-search (trigram GIN) indexes of the tables the generator fills are dropped for the load and built
 * again after it: a GIN index takes every new row's trigrams one by one into its pending list and merges that list
 * into an ever larger tree, while CREATE INDEX sorts them once (open decision 9 of docs/performance/speed-plan.md).
 * Their definitions come from the migration SQL, the one source of the schema, never from a copy here; a run that died
 * between drop and create is repaired by the next one, which first creates whatever is missing. B-tree indexes stay:
 * the lists and reports need them, and they cost less to maintain.
 */

export interface IndexDefinition {
  name: string;
  table: string;
  /** The CREATE INDEX statement as the migrations wrote it. */
  statement: string;
}

const CREATE_GIN = /^CREATE INDEX (?:IF NOT EXISTS )?"(\w+)" ON "(\w+)" USING gin\b/i;
const DROP_INDEX = /^DROP INDEX (?:IF EXISTS )?"?(\w+)"?/i;

/** The GIN indexes of `tables` that the migrations leave in place, in migration order (the last definition wins). */
export function searchIndexDefinitions(
  tables: readonly string[],
  folder: string = MIGRATIONS_FOLDER,
): IndexDefinition[] {
  const found = new Map<string, IndexDefinition>();
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    for (const raw of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint')) {
      const statement = raw.trim().replace(/;$/, '');
      const created = CREATE_GIN.exec(statement);
      if (created && tables.includes(created[2] as string)) {
        found.delete(created[1] as string);
        found.set(created[1] as string, {
          name: created[1] as string,
          table: created[2] as string,
          statement,
        });
        continue;
      }
      const dropped = DROP_INDEX.exec(statement);
      if (dropped) found.delete(dropped[1] as string);
    }
  }
  return [...found.values()];
}

async function existing(db: Db, names: readonly string[]): Promise<Set<string>> {
  const result = (await db.execute(sql`select relname from pg_class
    where relkind = 'i' and relname = any(${`{${names.join(',')}}`}::text[])
      and relnamespace = 'public'::regnamespace`)) as unknown as { rows: { relname: string }[] };
  return new Set(result.rows.map((r) => r.relname));
}

/** Drops those of `indexes` that exist; returns their names. */
export async function dropIndexes(db: Db, indexes: readonly IndexDefinition[]): Promise<string[]> {
  const present = await existing(
    db,
    indexes.map((i) => i.name),
  );
  const dropped = indexes.filter((i) => present.has(i.name));
  for (const index of dropped) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  return dropped.map((i) => i.name);
}

/**
 * Creates those of `indexes` that are missing, `concurrency` at a time, each with a sort memory large enough to
 * build a million-row trigram index in one pass. Returns their names.
 */
export async function createMissingIndexes(
  db: Db,
  indexes: readonly IndexDefinition[],
  concurrency = 1,
): Promise<string[]> {
  const present = await existing(
    db,
    indexes.map((i) => i.name),
  );
  const missing = indexes.filter((i) => !present.has(i.name));
  await mapLimit(missing, concurrency, (index) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      await tx.execute(sql.raw(index.statement));
    }),
  );
  return missing.map((i) => i.name);
}
