import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  revenueClients,
  revenuePayinItems,
  revenuePayinRates,
  revenuePayinSettlements,
  revenuePayoutRecords,
  revenuePayoutSettlements,
  revenuePayouts,
  revenues,
} from '../../db/schema/index.js';
import type { ApiAgent } from '../../testing/http.js';
import { agentFor, auditRowsOf, revenueWithMostRecords, setRevenue } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let staff: ApiAgent;

const path = (id: number) => `/internal/revenues/${id}`;

/** How many rows the revenue and everything it owns have, table by table. */
async function ownedRows(revenueId: number) {
  const db = t.database.db;
  const count = async (query: Promise<unknown[]>) => (await query).length;
  const items = await db.select().from(revenuePayinItems).where(eq(revenuePayinItems.revenueId, revenueId));
  const payouts = await db.select().from(revenuePayouts).where(eq(revenuePayouts.revenueId, revenueId));
  const itemIds = [0, ...items.map((i) => i.id)];
  const payoutIds = [0, ...payouts.map((p) => p.id)];
  return {
    revenue: await count(db.select().from(revenues).where(eq(revenues.id, revenueId))),
    clients: await count(db.select().from(revenueClients).where(eq(revenueClients.revenueId, revenueId))),
    payinRates: await count(
      db.select().from(revenuePayinRates).where(eq(revenuePayinRates.revenueId, revenueId)),
    ),
    payinItems: items.length,
    payinSettlements: await count(
      db.select().from(revenuePayinSettlements).where(inArray(revenuePayinSettlements.payinItemId, itemIds)),
    ),
    payouts: payouts.length,
    payoutRecords: await count(
      db.select().from(revenuePayoutRecords).where(inArray(revenuePayoutRecords.payoutId, payoutIds)),
    ),
    payoutSettlements: await count(
      db.select().from(revenuePayoutSettlements).where(inArray(revenuePayoutSettlements.payoutId, payoutIds)),
    ),
  };
}

/** A revenue with pay-in items and pay-out records (so the cascade has something to remove), other than `not`. */
async function revenueWithChildren(not: number[] = []): Promise<number> {
  const rows = await t.database.db
    .select({ id: revenues.id })
    .from(revenues)
    .where(
      sql`exists (select 1 from ${revenuePayinItems} where ${revenuePayinItems.revenueId} = ${revenues.id})
        and exists (select 1 from ${revenuePayouts} where ${revenuePayouts.revenueId} = ${revenues.id})`,
    )
    .orderBy(revenues.id);
  const found = rows.find((row) => !not.includes(row.id));
  if (!found) throw new Error('no demo revenue with pay-in items and pay-outs left');
  return found.id;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
});
afterAll(() => t.close());

describe('revenue delete', () => {
  it('removes a deletable revenue and everything it owns (204), keeping a full snapshot in the audit', async () => {
    const id = (await revenueWithMostRecords(t)).id;
    await setRevenue(t, id, { deletable: true });
    const before = await ownedRows(id);
    expect(before.payinItems).toBeGreaterThan(0);
    expect(before.payoutRecords).toBeGreaterThan(0);
    const [{ refNo } = { refNo: '' }] = await t.database.db
      .select({ refNo: revenues.refNo })
      .from(revenues)
      .where(eq(revenues.id, id));

    const response = await staff.send('DELETE', path(id));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect(Object.values(await ownedRows(id)).every((n) => n === 0)).toBe(true);
    expect((await staff.get(path(id))).statusCode).toBe(404);
    expect((await staff.get(`/internal/revenues/payout_record/${id}`)).statusCode).toBe(404);
    const search = await staff.send('POST', '/internal/revenues/search', { keywords: refNo });
    expect(search.json().items.map((item: { revenueId: number }) => item.revenueId)).not.toContain(id);

    const [audit] = await auditRowsOf(t, 'staff.revenue_delete', id);
    expect(audit?.outcome).toBe('success');
    const details = audit?.details as { before: Record<string, unknown[]> & { revenue: { id: number } } };
    const snapshot = details.before;
    expect(snapshot.revenue).toMatchObject({ id, refNo, deletable: true });
    for (const key of [
      'clients',
      'payinRates',
      'payinItems',
      'payinSettlements',
      'payouts',
      'payoutRecords',
      'payoutSettlements',
    ] as const) {
      expect(snapshot[key], key).toHaveLength(before[key]);
    }
  });

  it('answers 404 to a second delete of the same revenue', async () => {
    const id = await revenueWithChildren();
    await setRevenue(t, id, { deletable: true });
    expect((await staff.send('DELETE', path(id))).statusCode).toBe(204);
    const again = await staff.send('DELETE', path(id));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Revenue not found.' });
  });

  it('refuses a revenue that is not deletable (409): it stays whole, and the refusal is audited', async () => {
    const id = await revenueWithChildren();
    await setRevenue(t, id, { deletable: false });
    const before = await ownedRows(id);
    const response = await staff.send('DELETE', path(id));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This revenue cannot be deleted.' });
    expect(await ownedRows(id)).toEqual(before);
    expect((await staff.get(path(id))).statusCode).toBe(200);
    const [audit] = await auditRowsOf(t, 'staff.revenue_delete', id);
    expect(audit).toMatchObject({ outcome: 'denied', details: { reason: 'notDeletable', revenueId: id } });
  });

  it('writes nothing when the delete fails part-way: revenue, children and audit all stay as they were', async () => {
    const id = await revenueWithChildren();
    await setRevenue(t, id, { deletable: true });
    const before = await ownedRows(id);
    const auditsBefore = await auditRowsOf(t, 'staff.revenue_delete', id);
    // A fault in the middle of the cascade: removing a pay-out record raises.
    await t.database.db.execute(
      sql.raw(`create function fail_record_delete() returns trigger language plpgsql as
        $$ begin raise exception 'injected failure'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger fail_record_delete before delete on revenue_payout_records
        for each row execute function fail_record_delete()`),
    );
    try {
      const response = await staff.send('DELETE', path(id));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: expect.any(String) });
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_record_delete on revenue_payout_records'));
      await t.database.db.execute(sql.raw('drop function fail_record_delete()'));
    }
    expect(await ownedRows(id)).toEqual(before);
    expect(await auditRowsOf(t, 'staff.revenue_delete', id)).toEqual(auditsBefore);
    expect((await staff.send('DELETE', path(id))).statusCode).toBe(204);
  });
});
