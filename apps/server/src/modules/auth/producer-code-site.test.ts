import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producers, users } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { findProducerAccount } from './queries.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an Advisor Code signs in on its own site only', () => {
  it('finds a producer by the code of a producer of this site, any case', async () => {
    const partner = demoAccount('partner');
    const found = await findProducerAccount(
      t.database.db,
      'afs',
      (partner.advisorCode as string).toLowerCase(),
    );
    expect(found?.login).toBe(partner.login);
  });

  it('does not match the code of a producer of another site, even on an account of this site', async () => {
    const db = t.database.db;
    // An afs account tied to an ipc producer record: its Login ID still signs in on afs, the ipc code does not.
    const [ipcProducer] = await db
      .insert(producers)
      .values({
        siteCode: 'ipc',
        code: 'Q7001',
        name: 'Other Site',
        fullName: 'Other Site Producer',
        isActive: true,
      })
      .returning({ id: producers.id });
    await db.insert(users).values({
      siteCode: 'afs',
      kind: 'producer',
      login: 'crosssite1',
      producerId: ipcProducer?.id,
      status: 'active',
    });
    try {
      expect(await findProducerAccount(db, 'afs', 'Q7001')).toBeUndefined();
      expect(await findProducerAccount(db, 'afs', 'q7001')).toBeUndefined();
      expect((await findProducerAccount(db, 'afs', 'CrossSite1'))?.producerId).toBe(ipcProducer?.id);
    } finally {
      await db.delete(users).where(eq(users.login, 'crosssite1'));
      await db.delete(producers).where(eq(producers.code, 'Q7001'));
    }
  });

  it('looks the code up through producers_site_code_uq (site_code, upper(code))', async () => {
    const db = t.database.db;
    const client = (db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session
      .client;
    const seen: { text: string; values: unknown[] }[] = [];
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      // node-postgres gets a config object, PGlite the text and its values.
      const [first, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (typeof first === 'string') seen.push({ text: first, values: values ?? [] });
      else seen.push({ text: first.text, values: values ?? first.values ?? [] });
      return query.apply(this, args);
    };
    try {
      await findProducerAccount(db, 'afs', 'A1001');
    } finally {
      client.query = query;
    }
    const [statement] = seen;
    const literal = (v: unknown) => `'${String(v).replaceAll("'", "''")}'`;
    const text = (statement?.text ?? '').replace(/\$(\d+)/g, (_, n) =>
      literal(statement?.values[Number(n) - 1]),
    );
    // Tiny demo tables would be read whole anyway; with sequential scans off, the planner shows what it can probe.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using producers_site_code_uq on producers code_owner/);
    expect(plan).toMatch(/Index Cond: \(\(site_code = 'afs'::site_code\) AND \(upper\(code\) = /);
  });
});
