import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';

/**
 * Multi-row INSERT in slices: one round trip per slice, and parameters stay far below PostgreSQL's 65 535 limit.
 */
export async function insertInSlices<T extends PgTable>(
  tx: Db,
  table: T,
  rows: T['$inferInsert'][],
  sliceSize = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += sliceSize) {
    await tx.insert(table).values(rows.slice(i, i + sliceSize));
  }
}

/** Like insertInSlices, returning the generated ids in row order. */
export async function insertReturningIds<T extends PgTable & { id: PgColumn }>(
  tx: Db,
  table: T,
  rows: T['$inferInsert'][],
  sliceSize = 1000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += sliceSize) {
    const out = await tx
      .insert(table)
      .values(rows.slice(i, i + sliceSize))
      .returning({ id: table.id });
    for (const r of out) ids.push(Number(r.id));
  }
  return ids;
}
