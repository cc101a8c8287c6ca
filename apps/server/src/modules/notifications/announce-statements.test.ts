import { notificationListResponseSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { createInbox, createNotifier } from '../../notifications/index.js';
import { rowsOf } from '../../testing/demo-database.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { announceNewStatements } from './announce-statements.js';

let t: TestContext;
let client: ApiAgent;
let partner: ApiAgent;

const outbox = () =>
  rowsOf<{ kind: string; month: string }>(
    t.database.db,
    sql`select kind, to_char(month, 'YYYY-MM') as month from statement_notice_outbox order by id`,
  );

async function notices(agent: ApiAgent, type: string) {
  const list = notificationListResponseSchema.parse((await agent.get('/notifications')).json());
  return list.data.filter((n) => n.type === type).map((n) => ({ title: n.title, link: n.link }));
}

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  client = new ApiAgent(t.app);
  partner = new ApiAgent(t.app);
  await signInAs(t, client, demoAccount('client').login);
  await signInAs(t, partner, demoAccount('partner').login);
});

afterAll(() => t?.close());

describe('new statements are announced', () => {
  it('tells the client and the producer of statements loaded after the demo, once, by month', async () => {
    // The demo's own statements are history: nobody is told of them.
    expect(await outbox()).toEqual([]);

    // A month-end load: two plans' snapshots of one client for 2099-01, and a commission statement of partner1.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into statement_snapshots (account_id, month, as_of_date, valuation_currency, total_portfolio_value,
          cash_balance)
        select a.id, date '2099-01-01', date '2099-01-31', 'USD', 1000, 0
        from statement_accounts a join users u on u.client_id = a.client_id
        where lower(u.login) = lower(${demoAccount('client').login}) order by a.id limit 2`);
      await tx.execute(sql`
        insert into commission_statements (producer_id, month, region_code, service_company_id, period)
        select u.producer_id, date '2099-01-01', 'HK', (select min(id) from service_companies), 'M'
        from users u where lower(u.login) = lower(${demoAccount('partner').login})`);
    });
    // One row per person and month, however many accounts the load touched.
    expect(await outbox()).toEqual([
      { kind: 'statement', month: '2099-01' },
      { kind: 'commission_statement', month: '2099-01' },
    ]);

    const inbox = createInbox(t.database.db, () => t.clock.now);
    const notifier = createNotifier([], pino({ level: 'silent' }), inbox);
    const deps = { db: t.database.db, notifier, log: pino({ level: 'silent' }) };
    expect(await announceNewStatements(deps, t.clock.now)).toBe(2);
    expect(await outbox()).toEqual([]);
    // A second run finds nothing more to tell.
    expect(await announceNewStatements(deps, t.clock.now)).toBe(0);

    expect(await notices(client, 'statement_available')).toEqual([
      { title: expect.stringContaining('new statement available'), link: '/b2c' },
    ]);
    expect(await notices(partner, 'commission_statement_ready')).toEqual([
      { title: expect.stringContaining('commission statement ready'), link: '/b2b/commissions' },
    ]);
  });

  it('tells again what a run claimed but never finished (a process that died), and not what is freshly claimed', async () => {
    await t.database.db.execute(sql`
      insert into statement_notice_outbox (kind, party_id, month, claimed_at)
      select 'statement', u.client_id, date '2099-02-01', ${t.clock.now.toISOString()}::timestamptz - interval '11 minutes'
      from users u where lower(u.login) = lower(${demoAccount('client').login})
      union all
      select 'commission_statement', u.producer_id, date '2099-02-01', ${t.clock.now.toISOString()}::timestamptz
      from users u where lower(u.login) = lower(${demoAccount('partner').login})`);
    const inbox = createInbox(t.database.db, () => t.clock.now);
    const notifier = createNotifier([], pino({ level: 'silent' }), inbox);
    const deps = { db: t.database.db, notifier, log: pino({ level: 'silent' }) };
    expect(await announceNewStatements(deps, t.clock.now)).toBe(1);
    expect(await outbox()).toEqual([{ kind: 'commission_statement', month: '2099-02' }]);
    expect(await notices(client, 'statement_available')).toHaveLength(2);
  });

  it('tells a client with accounts on two sites once: the centre is the person’s', async () => {
    await t.database.db.execute(sql`
      insert into users (site_code, kind, login, client_id, status, last_login_at)
      select 'ipc', 'client', u.login, u.client_id, 'active', ${t.clock.now.toISOString()}::timestamptz
      from users u where lower(u.login) = lower(${demoAccount('client').login}) and u.site_code = 'afs'`);
    await t.database.db.execute(sql`
      insert into statement_notice_outbox (kind, party_id, month)
      select 'statement', u.client_id, date '2099-03-01'
      from users u where lower(u.login) = lower(${demoAccount('client').login}) and u.site_code = 'afs'`);
    const inbox = createInbox(t.database.db, () => t.clock.now);
    const notifier = createNotifier([], pino({ level: 'silent' }), inbox);
    expect(
      await announceNewStatements(
        { db: t.database.db, notifier, log: pino({ level: 'silent' }) },
        t.clock.now,
      ),
    ).toBe(1);
    const told = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notifications where type = 'statement_available'
        and params->>'item' = '2099/03'`,
    );
    expect(told).toEqual([{ n: 1 }]);
  });
});
