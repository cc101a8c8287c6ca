import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, rowsOf } from '../../testing/demo-database.js';
import { snapshotsOffTheirLines } from '../../testing/snapshot-totals.js';
import type { Db } from '../client.js';

/**
 * The demo data is what every buyer sees first: its figures must agree with each other the way a client checks them
 * with a calculator (decision 011). Checked in SQL, independently of the code that made them.
 */
let db: Db;
let close: () => Promise<void>;

const rows = <T>(query: SQL) => rowsOf<T>(db, query);

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
}, 120_000);
afterAll(() => close());

describe('demo figures', () => {
  it('prints every position as units × price = value and value × rate = valuation, to the cent', async () => {
    for (const table of [sql`holdings`, sql`statement_snapshot_holdings`]) {
      const [counts] = await rows<{ lines: string; off_value: string; off_valuation: string }>(sql`
        select count(*) as lines,
               count(*) filter (where holding_type = 'fund' and round(unit_held * price, 2) <> value) as off_value,
               count(*) filter (where round(value * exchange_rate, 2) <> valuation_value) as off_valuation
        from ${table}`);
      expect(Number(counts?.lines)).toBeGreaterThan(50);
      expect({ offValue: Number(counts?.off_value), offValuation: Number(counts?.off_valuation) }).toEqual({
        offValue: 0,
        offValuation: 0,
      });
    }
    const [extra] = await rows<{ lines: string; off: string; lots: string }>(sql`
      select count(*) as lines, count(*) filter (where round(unit_held * price, 2) <> value) as off,
             count(distinct unit_held) as lots
      from additional_holdings`);
    expect(Number(extra?.lines)).toBeGreaterThan(1);
    expect(Number(extra?.off)).toBe(0);
    // Each account holds its own lot, not one copy shared by every plan.
    expect(Number(extra?.lots)).toBeGreaterThan(1);
  });

  it('stores snapshot totals that are the sums of their lines', async () => {
    expect(await snapshotsOffTheirLines(db)).toEqual([]);
  });

  it('fits total premium paid to commencement date × modal premium × frequency', async () => {
    // Premiums due by the latest valuation date: one at commencement, then one per period.
    const plans = await rows<{
      plan_no: string;
      paid: string;
      modal: string;
      due: string;
      count: string;
    }>(sql`
      with latest as (select max(as_of_date) as d from statement_snapshots)
      select p.plan_no, p.total_premium_paid as paid, p.modal_premium as modal,
             floor(greatest(0, (extract(year from age(l.d, p.commence_date)) * 12
                   + extract(month from age(l.d, p.commence_date))))
                   / case p.payment_frequency when 'M' then 1 when 'Q' then 3 when 'H' then 6 else 12 end) + 1 as due,
             p.total_premium_paid / p.modal_premium as count
      from policies p, latest l
      where p.modal_premium > 0 and p.payment_frequency in ('M', 'Q', 'H', 'A')`);
    expect(plans.length).toBeGreaterThan(50);
    const misfits = plans.filter(
      (p) => !Number.isInteger(Number(p.count)) || Number(p.count) < 1 || Number(p.count) > Number(p.due),
    );
    expect(misfits.map((p) => `${p.plan_no}: ${p.count} premiums, ${p.due} due`)).toEqual([]);
  });

  it("adds the plan's items (basic plan and riders) up to the plan's modal premium", async () => {
    const off = await rows<{ plan_no: string; plan: string; items: string }>(sql`
      select p.plan_no, p.modal_premium as plan, sum(i.modal_premium) as items
      from policies p join policy_items i on i.policy_id = p.id
      where p.modal_premium is not null
      group by p.id having sum(i.modal_premium) <> p.modal_premium`);
    expect(off.map((p) => `${p.plan_no}: ${p.items} in items, ${p.plan} on the plan`)).toEqual([]);
  });

  it('keeps gains within what a real plan shows', async () => {
    const plans = await rows<{ plan_no: string; gain: string }>(sql`
      select p.plan_no,
             (sum(h.valuation_value) + coalesce(p.total_withdrawal_amount, 0) - p.total_premium_paid)
               / p.total_premium_paid as gain
      from policies p join holdings h on h.policy_id = p.id
      group by p.id`);
    expect(plans.length).toBeGreaterThan(20);
    const implausible = plans.filter((p) => Number(p.gain) < -0.5 || Number(p.gain) > 1);
    expect(implausible.map((p) => `${p.plan_no}: ${(Number(p.gain) * 100).toFixed(0)}%`)).toEqual([]);
    const [values] = await rows<{ n: string }>(sql`
      select count(*) as n from policy_values v join policies p on p.id = v.policy_id
      where v.surrender_value > p.total_premium_paid * 1.5`);
    expect(Number(values?.n)).toBe(0);
  });
});
