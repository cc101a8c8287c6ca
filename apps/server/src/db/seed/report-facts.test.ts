import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, rowsOf } from '../../testing/demo-database.js';
import type { Db } from '../client.js';
import { backfillReportFacts } from './report-facts.js';

let db: Db;
let close: () => Promise<void>;
const count = async (query: SQL) => Number((await rowsOf<{ n: unknown }>(db, query))[0]?.n);

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
});
afterAll(() => close());

describe('backfillReportFacts', () => {
  it('adds only what is missing: nothing on the seeded demo, then the facts of new plans and producers', async () => {
    expect(await backfillReportFacts(db)).toEqual({
      bvFactors: 0,
      abBvLines: 0,
      planItemCounts: 0,
      paymentCards: 0,
      trainings: 0,
    });
    // Every product has factors, every producer training, and no plan more than one active card.
    expect(
      await count(
        sql`select count(*) as n from products p where not exists (select 1 from bv_factors f where f.product_id = p.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from producers p where not exists (select 1 from producer_trainings t where t.producer_id = p.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from (select policy_id from payment_cards where is_active group by 1 having count(*) > 1) d`,
      ),
    ).toBe(0);

    await db.execute(sql`insert into producers (site_code, code, name, full_name, parent_id)
      select 'afs', 'A1999', 'New Joiner', 'New Joiner (A1999)', id from producers where code = 'A1001'`);
    // A plan paying by card with no card on file yet, and its producer.
    await db.execute(sql`update policies set payment_method = 'CREDIT_CARD', status_code = 'INF', payment_frequency = 'M',
      modal_premium = 100, pay_term = null, servicing_producer_id = (select id from producers where code = 'A1999')
      where id = (select id from policies p where not exists (select 1 from payment_cards c where c.policy_id = p.id) order by id limit 1)`);
    const added = await backfillReportFacts(db);
    expect(added.trainings).toBe(8);
    expect(added.paymentCards).toBeGreaterThanOrEqual(1);
    expect(added.bvFactors).toBe(0);
    expect(
      await count(sql`select count(*) as n from payment_cards c join policies p on p.id = c.policy_id
      join producers pr on pr.id = p.servicing_producer_id where pr.code = 'A1999' and c.is_active`),
    ).toBe(1);
  });
});
