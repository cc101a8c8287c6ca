import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { backfillStatusChangedOn } from './backfill-status-changed-on.js';
import { DEMO_ANCHOR_DATE } from './demo-context.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Plans whose status date breaks the rule: missing for a dated status, before commencement or after the anchor. */
const misdated = () =>
  rows<{ n: number }>(sql`select count(*)::int as n from policies
    where status_code in ('LAP', 'SUR', 'MAT', 'CAN', 'COF', 'TOT', 'TER', 'COD') and commence_date is not null
      and (status_changed_on is null or status_changed_on < commence_date
        or status_changed_on > ${DEMO_ANCHOR_DATE}::date)`);

describe('status dates', () => {
  it('are set on every demo plan that reached a later status, between commencement and the anchor', async () => {
    const [dated] = await rows<{ n: number }>(
      sql`select count(*)::int as n from policies where status_changed_on is not null`,
    );
    expect(Number(dated?.n)).toBeGreaterThan(20);
    expect(Number((await misdated())[0]?.n)).toBe(0);
    const [first] = await rows<{ n: number }>(sql`select count(*)::int as n from policies
      where status_changed_on is not null and status_code in ('INF', 'OPN', 'ACT', 'RCV', 'AIP', 'CFM')`);
    expect(Number(first?.n)).toBe(0);
  });

  it('are backfilled by the same rule on a database that has none', async () => {
    await t.database.db.execute(sql`update policies set status_changed_on = null`);
    expect(Number((await misdated())[0]?.n)).toBeGreaterThan(0);
    const dated = await backfillStatusChangedOn(t.database.db);
    expect(dated).toBeGreaterThan(20);
    expect(Number((await misdated())[0]?.n)).toBe(0);
    // Run again, it finds nothing left to date.
    expect(await backfillStatusChangedOn(t.database.db)).toBe(0);
  });
});
