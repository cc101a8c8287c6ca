import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.js';
import { openDemoDatabase, rowsOf } from '../../../testing/demo-database.js';

/*
 * Facts the report previews read, kept by triggers (migration 0043). The stored AB BV lines (ab_bv_lines, which report 14 totals) stay equal to the lines computed from the tables
 * (the view ab_bv_line_values, report 13's definition in SQL) whatever is written: a plan's premium, frequency or
 * status, its basic item, a BV factor, the application itself. The stored item counts of report 11's plans stay equal
 * to their coverage lines and fund holdings as items and holdings are added, moved and removed.
 */

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
});
afterAll(() => close());

/** Rows in one and not the other, both ways. */
async function differences(): Promise<number> {
  const [row] = await rowsOf<{ n: unknown }>(
    db,
    sql`select (select count(*) from (select * from ab_bv_lines except select * from ab_bv_line_values) as extra)
      + (select count(*) from (select * from ab_bv_line_values except select * from ab_bv_lines) as missing) as n`,
  );
  return Number(row?.n);
}

async function one<T>(query: SQL): Promise<T> {
  const [row] = await rowsOf<T>(db, query);
  if (!row) throw new Error('no row');
  return row;
}

describe('ab_bv_lines', () => {
  it('holds every line of the seeded demo', async () => {
    const lines = await one<{ n: unknown }>(sql`select count(*) as n from ab_bv_lines`);
    expect(Number(lines.n)).toBeGreaterThan(0);
    expect(await differences()).toBe(0);
  });

  it('follows writes to plans, basic items, BV factors and applications', async () => {
    const line = await one<{
      application_id: unknown;
      policy_id: unknown;
      product_id: unknown;
      item_id: unknown;
    }>(
      sql`select l.application_id, a.policy_id, p.product_id, i.id as item_id
        from ab_bv_lines l join applications a on a.id = l.application_id join policies p on p.id = a.policy_id
        join policy_items i on i.policy_id = p.id and i.policy_type = 'BASIC'
        order by l.application_id limit 1`,
    );
    const other = await one<{ id: unknown }>(
      sql`select producer_id as id from applications where producer_id <> (
        select producer_id from applications where id = ${line.application_id}) limit 1`,
    );
    const writes: SQL[] = [
      sql`update policies set modal_premium = modal_premium + 10.37, status_code = 'LAP' where id = ${line.policy_id}`,
      sql`update policies set payment_frequency = 'Q' where id = ${line.policy_id}`,
      sql`update policy_items set modal_premium = 123.45 where id = ${line.item_id}`,
      sql`insert into bv_factors (product_id, effective_from, factor) values (${line.product_id}, '2030-01-01', 0.5)`,
      sql`update bv_factors set factor = factor + 0.1 where product_id = ${line.product_id}`,
      sql`update applications set producer_id = ${other.id}, received_date = received_date - 400
        where id = ${line.application_id}`,
      sql`delete from policy_items where id = ${line.item_id}`,
      sql`delete from bv_factors where product_id = ${line.product_id}`,
      sql`update policies set payment_frequency = null where id = ${line.policy_id}`,
    ];
    for (const write of writes) {
      await db.execute(write);
      expect(await differences()).toBe(0);
    }
    const gone = await one<{ n: unknown }>(
      sql`select count(*) as n from ab_bv_lines where application_id = ${line.application_id}`,
    );
    expect(Number(gone.n)).toBe(0);
  });
});

/** Plans whose stored item count or servicing producer differs from the plan's rows and row now. */
async function countDifferences(): Promise<number> {
  const [row] = await rowsOf<{ n: unknown }>(
    db,
    sql`with actual as (select p.id as policy_id, p.servicing_producer_id, counted.items from (
        select rows.policy_id, count(*)::int as items from (
          select policy_id from policy_items
          union all select policy_id from holdings where holding_type = 'fund' and policy_id is not null) as rows
        group by rows.policy_id) as counted join policies p on p.id = counted.policy_id)
      select count(*) as n from actual full join plan_item_counts k on k.policy_id = actual.policy_id
      where actual.items is distinct from k.items
        or actual.servicing_producer_id is distinct from k.servicing_producer_id`,
  );
  return Number(row?.n);
}

describe('plan_item_counts', () => {
  it('follows coverage lines and fund holdings added, moved and removed, and the servicing producer', async () => {
    expect(await countDifferences()).toBe(0);
    const fund = await one<{ id: unknown; policy_id: unknown }>(
      sql`select id, policy_id from holdings where holding_type = 'fund' and policy_id is not null order by id limit 1`,
    );
    const other = await one<{ id: unknown }>(
      sql`select id from policies where id <> ${fund.policy_id} order by id desc limit 1`,
    );
    const writes: SQL[] = [
      sql`insert into policy_items (policy_id, policy_type, product_name)
        select ${other.id}, 'RIDER', 'Extra rider' from policies where id = ${other.id}`,
      sql`update holdings set policy_id = ${other.id} where id = ${fund.id}`,
      sql`update policies set servicing_producer_id = (select servicing_producer_id from policies
        where id = ${fund.policy_id}) where id = ${other.id}`,
      sql`update holdings set holding_type = 'cash', fund_id = null where id = ${fund.id}`,
      sql`delete from policy_items where policy_id = ${other.id}`,
      sql`delete from holdings where policy_id = ${other.id}`,
    ];
    for (const write of writes) {
      await db.execute(write);
      expect(await countDifferences()).toBe(0);
    }
  });
});
