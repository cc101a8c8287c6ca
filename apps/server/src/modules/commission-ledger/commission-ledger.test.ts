import {
  type ClawbackExposure,
  clawbackExposureSchema,
  commissionLedgerPageSchema,
  hongKongToday,
  LEDGER_STAGES,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producers } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
const agents = new Map<string, ApiAgent>();
const ids = new Map<string, number>();
const agent = (key: string) => agents.get(key) as ApiAgent;
const id = (code: string) => ids.get(code) ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['partner', 'subpartner', 'consultant', 'otherPartner', 'client'] as const) {
    const a = new ApiAgent(t.app);
    await signInAs(t, a, demoAccount(key).login);
    agents.set(key, a);
  }
  for (const row of await t.database.db.select({ id: producers.id, code: producers.code }).from(producers))
    ids.set(row.code, row.id);
});
afterAll(() => t.close());

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ledger = async (who: string, query = '') => {
  const response = await agent(who).get(`/b2b/commission-ledger${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return commissionLedgerPageSchema.parse(response.json());
};

/** USD at the stored rate of the day (latest on or before it, else the first after), rounded per line. */
const usd = (
  amount: SQL,
  currency: SQL,
  day: SQL,
) => sql`round(${amount} * case when ${currency} = 'USD' then 1 else
  coalesce((select f.rate from fx_rates f where f.currency = ${currency} and f.quote_currency = 'USD' and f.rate_date <= ${day}
            order by f.rate_date desc limit 1),
           (select f.rate from fx_rates f where f.currency = ${currency} and f.quote_currency = 'USD' order by f.rate_date limit 1)) end, 2)`;

/**
 * The ledger's totals per stage recomputed from the source records alone (no ledger table): pay-out records,
 * pay-out settlements, pay-in settlements × the pay-out's share, pending applications × the schedule rate; the
 * chargebacks are the paid commission of lapsed plans × the rule's percentage.
 */
async function sourceTotals(producerIds: number[]) {
  const inScope = (column: SQL) =>
    sql`${column} in (${sql.join(
      producerIds.map((p) => sql`${p}`),
      sql`, `,
    )})`;
  const [totals] = await rows<Record<(typeof LEDGER_STAGES)[number], string | null>>(sql`
    select
      (select sum(${usd(sql`round(a.modal_premium * (case a.payment_frequency when 'M' then 12 when 'Q' then 4 when 'H' then 2 else 1 end) * s.first_year_rate, 2)`, sql`a.currency`, sql`coalesce(a.commence_date, a.received_date)`)})
       from applications a join commission_schedules s on s.product_id = a.product_id
       where ${inScope(sql`a.producer_id`)} and a.stage between 1 and 6 and a.modal_premium is not null)::text as projected,
      (select sum(${usd(sql`r.pay_out_amount`, sql`rv.received_currency`, sql`r.due_date`)})
       from revenue_payout_records r join revenue_payouts po on po.id = r.payout_id join revenues rv on rv.id = po.revenue_id
       where ${inScope(sql`po.producer_id`)})::text as expected,
      (select sum(${usd(sql`round(s.settled_amount * po.pay_amount / rv.total_payout_amount, 2)`, sql`rv.received_currency`, sql`s.actual_receive_on`)})
       from revenue_payin_settlements s join revenue_payin_items i on i.id = s.payin_item_id
       join revenues rv on rv.id = i.revenue_id join revenue_payouts po on po.revenue_id = rv.id
       where ${inScope(sql`po.producer_id`)} and rv.total_payout_amount > 0)::text as received,
      (select sum(${usd(sql`s.settled_amount`, sql`rv.received_currency`, sql`s.bank_in_on`)})
       from revenue_payout_settlements s join revenue_payouts po on po.id = s.payout_id join revenues rv on rv.id = po.revenue_id
       where ${inScope(sql`po.producer_id`)})::text as paid`);
  return totals;
}

const subtree = async (code: string) =>
  (
    await rows<{ id: number | string }>(
      sql`select descendant_id as id from producer_tree where ancestor_id = ${id(code)}`,
    )
  ).map((row) => Number(row.id));

const fixed = (value: string | null | undefined) => Number(value ?? 0).toFixed(2);

describe('GET /b2b/commission-ledger', () => {
  it('totals over every line of the team equal the sums of their source records, in USD', async () => {
    const page = await ledger('partner', '?sizePerPage=10');
    const source = await sourceTotals(await subtree('A1001'));
    expect(page.currency).toBe('USD');
    expect(fixed(page.totals.projected)).toBe(fixed(source?.projected));
    expect(fixed(page.totals.expected)).toBe(fixed(source?.expected));
    expect(fixed(page.totals.received)).toBe(fixed(source?.received));
    expect(fixed(page.totals.paid)).toBe(fixed(source?.paid));
    // Every stage has lines in the demo, a chargeback among them.
    for (const stage of LEDGER_STAGES) expect(Number(page.totals[stage]), stage).not.toBe(0);
    expect(Number(page.totals.chargeback)).toBeLessThan(0);
    expect(page.data).toHaveLength(10);
    expect(page.totalSize).toBeGreaterThan(100);
  });

  it('a page is newest first; the totals do not depend on the page; totals by month add up', async () => {
    const first = await ledger('partner', '?sizePerPage=100');
    const second = await ledger('partner', '?sizePerPage=100&page=2');
    expect(second.totals).toEqual(first.totals);
    const dates = [...first.data, ...second.data].map((line) => line.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const byMonth = first.byMonth.reduce(
      (sum, group) => sum + Math.round(Number(group.totals.paid) * 100),
      0,
    );
    expect(byMonth).toBe(Math.round(Number(first.totals.paid) * 100));
    const byProducer = first.byProducer.reduce(
      (sum, group) => sum + Math.round(Number(group.totals.expected) * 100),
      0,
    );
    expect(byProducer).toBe(Math.round(Number(first.totals.expected) * 100));
  });

  it('filters by stage and dates; the lines of a stage add up to its total', async () => {
    const paid = await ledger('partner', '?stage=paid&sizePerPage=100&from=2020-01-01&to=2100-12-31');
    expect(new Set(paid.data.map((line) => line.stage))).toEqual(new Set(['paid']));
    expect(paid.totals.expected).toBe('0.00');
    if (paid.totalSize <= 100) {
      const sum = paid.data.reduce((s, line) => s + Math.round(Number(line.reportingAmount) * 100), 0);
      expect(sum).toBe(Math.round(Number(paid.totals.paid) * 100));
    }
    const chargebacks = await ledger('partner', '?stage=chargeback');
    expect(chargebacks.data.every((line) => Number(line.amount) < 0 && line.reason?.startsWith('LAP'))).toBe(
      true,
    );
  });

  it('scope: own lines only, a downline, and refusals', async () => {
    const own = await ledger('partner', '?includedTeam=false');
    expect(own.byProducer.map((group) => group.key)).toEqual(['A1001']);
    const downline = await ledger('partner', `?selectedProducerId=${id('A1002')}`);
    expect(downline.byProducer.every((group) => group.key !== 'A1001')).toBe(true);
    const sub = await ledger('subpartner');
    expect(sub.byProducer.map((group) => group.key)).not.toContain('A1001');
    // An upline or another team reads like a producer that does not exist.
    expect(
      (await agent('subpartner').get(`/b2b/commission-ledger?selectedProducerId=${id('A1001')}`)).statusCode,
    ).toBe(404);
    expect(
      (await agent('otherPartner').get(`/b2b/commission-ledger?selectedProducerId=${id('A1002')}`))
        .statusCode,
    ).toBe(404);
    // Without the commission permission, a client, nobody.
    expect((await agent('consultant').get('/b2b/commission-ledger')).statusCode).toBe(403);
    expect((await agent('client').get('/b2b/commission-ledger')).statusCode).toBe(403);
    expect((await new ApiAgent(t.app).get('/b2b/commission-ledger')).statusCode).toBe(401);
  });

  it('refuses bad criteria with field errors', async () => {
    for (const [query, field] of [
      ['?sizePerPage=101', 'sizePerPage'],
      ['?stage=owed', 'stage'],
      ['?from=2026-13-01', 'from'],
      ['?from=2026-06-01&to=2026-05-01', 'to'],
      ['?page=01', 'page'],
    ] as const) {
      const response = await agent('partner').get(`/b2b/commission-ledger${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
  });
});

describe('GET /b2b/clawback-exposure', () => {
  it('equals the paid commission of each in-force, in-window plan × the rule of its month, recomputed from the rule table', async () => {
    const response = await agent('partner').get('/b2b/clawback-exposure');
    expect(response.statusCode, response.body).toBe(200);
    const exposure: ClawbackExposure = clawbackExposureSchema.parse(response.json());
    const today = hongKongToday(t.clock.now);
    const rules = await rows<{
      month_from: number;
      month_to: number;
      percent: string;
      product_id: number | null;
    }>(sql`select month_from, month_to, percent::text, product_id from commission_clawback_rules`);
    const paid = await rows<{
      plan_no: string;
      code: string;
      commence: string;
      product_id: number | string;
      paid: string;
    }>(sql`
      select pol.plan_no, p.code, to_char(pol.commence_date, 'YYYY-MM-DD') as commence, pol.product_id,
             sum(l.reporting_amount)::text as paid
      from commission_ledger_lines l join policies pol on pol.id = l.policy_id join producers p on p.id = l.producer_id
      join policy_statuses st on st.code = pol.status_code
      where l.stage = 'paid' and not st.is_terminated
        and l.producer_id in (select descendant_id from producer_tree where ancestor_id = ${id('A1001')})
      group by pol.plan_no, p.code, pol.commence_date, pol.product_id`);
    const expected = new Map<string, string>();
    for (const row of paid) {
      const [y, m, d] = row.commence.split('-').map(Number) as [number, number, number];
      const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
      const months = (ty - y) * 12 + (tm - m) - (td < d ? 1 : 0);
      if (months < 0) continue;
      const own = rules.filter((r) => Number(r.product_id) === Number(row.product_id));
      const applicable = own.length > 0 ? own : rules.filter((r) => r.product_id === null);
      const rule = applicable.find((r) => months + 1 >= r.month_from && months + 1 <= r.month_to);
      if (!rule || Number(row.paid) <= 0) continue;
      const cents = Math.round((Math.round(Number(row.paid) * 100) * Number(rule.percent)) / 100);
      expected.set(`${row.plan_no}/${row.code}`, (cents / 100).toFixed(2));
    }
    expect(exposure.totalSize).toBe(expected.size);
    expect(expected.size).toBeGreaterThan(0);
    for (const line of exposure.data)
      expect(line.amountAtRisk, line.policyNo).toBe(expected.get(`${line.policyNo}/${line.producerCode}`));
    const total = [...expected.values()].reduce((s, v) => s + Math.round(Number(v) * 100), 0);
    expect(Math.round(Number(exposure.total) * 100)).toBe(total);
    expect(exposure.data.every((line) => line.windowEndsOn > today)).toBe(true);
  });

  it('a lapse inside the window writes one chargeback per producer paid, at the rule of the lapse month', async () => {
    const [plan] = await rows<{ id: number | string; plan_no: string }>(sql`
      select pol.id, pol.plan_no from commission_ledger_lines l join policies pol on pol.id = l.policy_id
      where l.stage = 'paid' and pol.status_code in ('INF', 'OPN', 'ACT') and pol.commence_date > ${hongKongToday(t.clock.now)}::date - 300
      limit 1`);
    expect(plan).toBeDefined();
    const policyId = Number(plan?.id);
    await t.database.db.execute(
      sql`update policies set status_code = 'LAP', status_changed_on = ${hongKongToday(t.clock.now)}::date where id = ${policyId}`,
    );
    const lines = await rows<{ amount: string; reason: string; paid: string }>(sql`
      select c.amount::text, c.reason,
        (select sum(p.amount) from commission_ledger_lines p
         where p.policy_id = c.policy_id and p.producer_id = c.producer_id and p.stage = 'paid')::text as paid
      from commission_ledger_lines c where c.stage = 'chargeback' and c.source_id = ${policyId}`);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.reason).toBe('LAP 100%');
      expect(line.amount).toBe((-Number(line.paid)).toFixed(2));
    }
    // The same lapse reported again writes nothing more.
    await t.database.db.execute(sql`select commission_ledger_charge_back(${policyId}, 'LAP', current_date)`);
    const again = await rows<{ n: number }>(
      sql`select count(*)::int as n from commission_ledger_lines where stage = 'chargeback' and source_id = ${policyId}`,
    );
    expect(Number(again[0]?.n)).toBe(lines.length);
  });
});
