import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from './client.js';
import { openFreshDatabase } from './fresh-database.js';
import { producers, producerTree, sites } from './schema/index.js';

let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
let db: Db;
const ids = new Map<string, number>();

async function addProducer(code: string, parent?: string, site: 'afs' | 'ipc' = 'afs') {
  const [row] = await db
    .insert(producers)
    .values({ siteCode: site, code, name: code, fullName: code, parentId: parent ? ids.get(parent) : null })
    .returning({ id: producers.id });
  if (!row) throw new Error('insert failed');
  ids.set(code, row.id);
}

async function subtree(code: string): Promise<string[]> {
  const rows = await db
    .select({ code: producers.code })
    .from(producerTree)
    .innerJoin(producers, eq(producers.id, producerTree.descendantId))
    .where(eq(producerTree.ancestorId, ids.get(code) ?? 0))
    .orderBy(asc(producers.code));
  return rows.map((r) => r.code);
}

async function depth(ancestor: string, descendant: string) {
  const rows = await db.execute(
    sql`select depth from producer_tree where ancestor_id = ${ids.get(ancestor)} and descendant_id = ${ids.get(descendant)}`,
  );
  return (rows as unknown as { rows: { depth: number }[] }).rows[0]?.depth;
}

describe('producer_tree closure table', () => {
  beforeAll(async () => {
    fresh = await openFreshDatabase();
    db = (fresh.database as Database).db;
    await db.insert(sites).values([
      { code: 'afs', name: 'AFS', shortName: 'AFS' },
      { code: 'ipc', name: 'IPC', shortName: 'IPC' },
    ]);
    // P ─ S1 ─ C1 ─ J1
    //   │     └ C2
    //   └ S2 ─ C3
    for (const [code, parent] of [
      ['P', undefined],
      ['S1', 'P'],
      ['S2', 'P'],
      ['C1', 'S1'],
      ['C2', 'S1'],
      ['C3', 'S2'],
      ['J1', 'C1'],
    ] as const) {
      await addProducer(code, parent);
    }
  });
  afterAll(() => fresh.drop());

  it('gives each producer its whole subtree, four levels deep', async () => {
    expect(await subtree('P')).toEqual(['C1', 'C2', 'C3', 'J1', 'P', 'S1', 'S2']);
    expect(await subtree('S1')).toEqual(['C1', 'C2', 'J1', 'S1']);
    expect(await subtree('J1')).toEqual(['J1']);
    expect(await depth('P', 'J1')).toBe(3);
  });

  it('moves a whole subtree when a producer changes parent', async () => {
    await db
      .update(producers)
      .set({ parentId: ids.get('S2') })
      .where(eq(producers.id, ids.get('C1') ?? 0));
    expect(await subtree('S1')).toEqual(['C2', 'S1']);
    expect(await subtree('S2')).toEqual(['C1', 'C3', 'J1', 'S2']);
    expect(await subtree('P')).toEqual(['C1', 'C2', 'C3', 'J1', 'P', 'S1', 'S2']);
    expect(await depth('S2', 'J1')).toBe(2);
    expect(await depth('S1', 'J1')).toBeUndefined();
  });

  it('detaches a subtree when a producer becomes a root', async () => {
    await db
      .update(producers)
      .set({ parentId: null })
      .where(eq(producers.id, ids.get('C1') ?? 0));
    expect(await subtree('C1')).toEqual(['C1', 'J1']);
    expect(await subtree('P')).toEqual(['C2', 'C3', 'P', 'S1', 'S2']);
    await db
      .update(producers)
      .set({ parentId: ids.get('S1') })
      .where(eq(producers.id, ids.get('C1') ?? 0));
    expect(await subtree('S1')).toEqual(['C1', 'C2', 'J1', 'S1']);
  });

  it('refuses cycles and parents from another site', async () => {
    await expect(
      db
        .update(producers)
        .set({ parentId: ids.get('J1') })
        .where(eq(producers.id, ids.get('S1') ?? 0)),
    ).rejects.toThrow();
    await addProducer('X1', undefined, 'ipc');
    await expect(addProducer('X2', 'P', 'ipc')).rejects.toThrow();
    expect(await subtree('S1')).toEqual(['C1', 'C2', 'J1', 'S1']);
  });
});
