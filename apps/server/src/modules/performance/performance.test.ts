import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PerformanceResponse, performanceResponseSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { convertAtRate, quotedCrossRate, sumAmounts } from '../../render/decimal.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/**
 * GET /b2c/performance and the producer's GET /b2b/clients/:id/performance on the demo data: the figures are
 * recomputed here from what the answer itself shows (series and flows), the statement months are checked against the
 * statements, and every edge case and refusal is asked for.
 */
let t: TestContext;
let client: ApiAgent;
let client2: ApiAgent;
let producer: ApiAgent;
let otherProducer: ApiAgent;
let clientId: number;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  client = new ApiAgent(t.app);
  client2 = new ApiAgent(t.app);
  producer = new ApiAgent(t.app);
  otherProducer = new ApiAgent(t.app);
  await signInAs(t, client, demoAccount('client').login);
  await signInAs(t, client2, demoAccount('client2').login);
  await signInAs(t, producer, demoAccount('partner').login);
  await signInAs(t, otherProducer, demoAccount('otherPartner').login);
  const [me] = await rows<{ id: number }>(
    sql`select id::int from clients where client_no = ${demoAccount('client').login}`,
  );
  clientId = me?.id ?? 0;
}, 120_000);
afterAll(() => t.close());

async function performance(agent: ApiAgent, query: string): Promise<PerformanceResponse> {
  const response = await agent.get(`/b2c/performance${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return performanceResponseSchema.parse(response.json());
}

/** Modified Dietz per month from the answer's own series and flows, chain-linked: written apart from the engine. */
function twrFromAnswer(a: PerformanceResponse): number {
  let growth = 1;
  for (let i = 1; i < a.series.length; i++) {
    const start = a.series[i - 1];
    const end = a.series[i];
    if (!start || !end) continue;
    const t0 = Date.parse(start.date);
    const t1 = Date.parse(end.date);
    const own = a.flows.filter((f) => f.date > start.date && f.date <= end.date);
    const net = own.reduce((s, f) => s + Number(f.amount), 0);
    const weighted = own.reduce((s, f) => s + (Number(f.amount) * (t1 - Date.parse(f.date))) / (t1 - t0), 0);
    const capital = Number(start.value) + weighted;
    const gain = Number(end.value) - Number(start.value) - net;
    growth *= 1 + (capital > 0 ? gain / capital : 0);
  }
  const days = (Date.parse(a.to) - Date.parse(a.series[0]?.date ?? a.from)) / 86_400_000;
  return a.annualised ? growth ** (365 / days) - 1 : growth - 1;
}

/** A year after a date by the calendar, written apart from the engine: a month end goes to that month's end. */
function yearAfter(date: string): string {
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  const monthEnd = new Date(Date.UTC(y, m, 0)).getUTCDate() === d;
  const day = monthEnd
    ? new Date(Date.UTC(y + 1, m, 0)).getUTCDate()
    : Math.min(d, new Date(Date.UTC(y + 1, m, 0)).getUTCDate());
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const plansWithHistory = () =>
  rows<{ plan_no: string; currency: string }>(sql`select p.plan_no, p.currency from policies p
    where p.owner_client_id = ${clientId} and exists (select 1 from plan_valuations v where v.policy_id = p.id)
    order by p.plan_no`);

describe('GET /b2c/performance', () => {
  it('answers the whole portfolio since inception in USD, every figure recomputable from the answer', async () => {
    const a = await performance(client, '');
    expect(a.currency).toBe('USD');
    expect(a.plans.length).toBeGreaterThan(1);
    expect(a.twr).toMatch(/^-?\d+\.\d{4}$/);
    expect(a.mwr).toMatch(/^-?\d+\.\d{4}$/);
    expect(a.annualised).toBe(true);
    expect(Number(twrFromAnswer(a).toFixed(4))).toBeCloseTo(Number(a.twr), 4);
    expect(sumAmounts(a.flows.map((f) => f.amount))).toBe(a.netFlows);
    expect(sumAmounts(a.series.map((p) => p.netFlows))).toBe(a.netFlows);
    expect(a.series.at(-1)?.value).toBe(a.endValue);
    expect(a.series[0]?.value).toBe(a.startValue);
    expect(Number(a.gain)).toBeCloseTo(Number(a.endValue) - Number(a.startValue) - Number(a.netFlows), 2);
    expect(JSON.stringify(a)).not.toMatch(/NaN|Infinity/);
    expect(a.benchmark?.name).toBeTruthy();
    expect(a.benchmark?.series).toHaveLength(a.series.length);
    expect(a.difference?.reason).toBeTruthy();
  });

  it('recomputes each plan’s TWR from its monthly series for every preset', async () => {
    for (const plan of await plansWithHistory()) {
      for (const preset of ['ytd', '1y', '3y', '5y', 'inception']) {
        const a = await performance(client, `?planNo=${plan.plan_no}&preset=${preset}`);
        expect(a.currency).toBe(plan.currency);
        if (a.twr === null) {
          expect(a.notes.length).toBeGreaterThan(0);
          continue;
        }
        expect(twrFromAnswer(a), `${plan.plan_no} ${preset}`).toBeCloseTo(Number(a.twr), 4);
        expect(a.annualised).toBe(a.to > yearAfter(a.series[0]?.date ?? ''));
        if (preset === 'ytd' || preset === '1y') expect(a.annualised).toBe(false);
      }
    }
  });

  it('shows each statement month of a plan with exactly the statement’s total', async () => {
    const statements = await rows<{ plan_no: string; as_of: string; total: string }>(sql`
      select p.plan_no, to_char(s.as_of_date, 'YYYY-MM-DD') as as_of, s.total_portfolio_value::text as total
      from statement_snapshots s join statement_accounts a on a.id = s.account_id and a.account_type = 'POLICY'
      join policies p on p.id = a.policy_id where p.owner_client_id = ${clientId}`);
    expect(statements.length).toBeGreaterThan(10);
    const byPlan = new Map<string, PerformanceResponse>();
    for (const s of statements) {
      const a = byPlan.get(s.plan_no) ?? (await performance(client, `?planNo=${s.plan_no}`));
      byPlan.set(s.plan_no, a);
      expect(a.series.find((p) => p.date === s.as_of)?.value, `${s.plan_no} ${s.as_of}`).toBe(s.total);
    }
  });

  it('converts to a reporting currency at the statements’ quoted month-end rates', async () => {
    const a = await performance(client, '?currency=EUR');
    const end = a.to;
    const parts = await rows<{ value: string; currency: string; from_usd: string; eur_usd: string }>(sql`
      select v.value::text, v.currency, coalesce(f.rate::text, '1') as from_usd, e.rate::text as eur_usd
      from plan_valuations v join policies p on p.id = v.policy_id
      left join fx_rates f on f.currency = v.currency and f.quote_currency = 'USD' and f.rate_date = v.month_end
      join fx_rates e on e.currency = 'EUR' and e.quote_currency = 'USD' and e.rate_date = v.month_end
      where p.owner_client_id = ${clientId} and v.month_end = ${end}`);
    const expected = sumAmounts(
      parts.map((p) =>
        p.currency === 'EUR' ? p.value : convertAtRate(p.value, quotedCrossRate(p.from_usd, p.eur_usd)),
      ),
    );
    expect(a.endValue).toBe(expected);
  });

  it('calls a calendar year cumulative even when it holds a 29 February, and annualises longer ranges', async () => {
    const leap = await performance(client, '?from=2024-01-01&to=2024-12-31');
    expect(leap.from).toBe('2024-01-01');
    expect(leap.annualised).toBe(false);
    expect(twrFromAnswer(leap)).toBeCloseTo(Number(leap.twr), 4);
    const longer = await performance(client, '?from=2024-01-01&to=2025-01-31');
    expect(longer.annualised).toBe(true);
    expect(twrFromAnswer(longer)).toBeCloseTo(Number(longer.twr), 4);
  });

  it('starts a range older than the history at inception, and says so', async () => {
    const a = await performance(client, '?from=1990-01-01');
    expect(a.notes).toContain('startsAfterFrom');
    expect(a.from).toBe(a.available?.from);
    expect(a.startValue).toBe('0.00');
  });

  it('answers a range without valuations with a note and no figures, never NaN', async () => {
    const a = await performance(client, '?from=1990-01-01&to=1990-12-31');
    expect(a.notes).toContain('noValuations');
    expect(a.twr).toBeNull();
    expect(a.mwr).toBeNull();
    expect(JSON.stringify(a)).not.toMatch(/NaN|Infinity/);
    const [life] = await rows<{
      plan_no: string;
    }>(sql`select plan_no from policies p where owner_client_id = ${clientId}
      and not exists (select 1 from plan_valuations v where v.policy_id = p.id) limit 1`);
    const none = await performance(client, `?planNo=${life?.plan_no}`);
    expect(none.notes).toEqual(['noValuations']);
    expect(none.series).toEqual([]);
  });

  it('measures one statement account like its plans', async () => {
    const [account] = await rows<{
      id: number;
      plan_no: string;
    }>(sql`select a.id::int, p.plan_no from statement_accounts a
      join policies p on p.id = a.policy_id where a.client_id = ${clientId} and a.account_type = 'POLICY' limit 1`);
    const byAccount = await performance(client, `?partyId=${account?.id}`);
    const byPlan = await performance(client, `?planNo=${account?.plan_no}`);
    expect(byAccount.twr).toBe(byPlan.twr);
    expect(byAccount.plans).toEqual([account?.plan_no]);
  });

  it("names the client's consolidated accounts for the picker, each answering for its own plans", async () => {
    const mine = await rows<{ id: number; account_no: string }>(sql`select a.id::int, a.account_no
      from statement_accounts a where a.client_id = ${clientId} and a.account_type = 'CONSOLIDATE'
      order by a.account_no`);
    expect(mine.length).toBeGreaterThan(0);
    const portfolio = await performance(client, '?preset=inception');
    expect(portfolio.accounts).toEqual(mine.map((a) => ({ partyId: a.id, accountNo: a.account_no })));
    for (const account of portfolio.accounts) {
      const covered = await rows<{ plan_no: string }>(sql`select p.plan_no from statement_account_policies sap
        join policies p on p.id = sap.policy_id where sap.account_id = ${account.partyId}
          and exists (select 1 from plan_valuations v where v.policy_id = p.id) order by p.plan_no`);
      const answer = await performance(client, `?partyId=${account.partyId}&preset=inception`);
      expect(answer.plans).toEqual(covered.map((c) => c.plan_no));
      expect(answer.accounts).toContainEqual(account);
    }
    // Another client is offered none of them, and asking for one answers 404 like a missing account.
    const other = await performance(client2, '?preset=inception');
    for (const account of portfolio.accounts) {
      expect(other.accounts).not.toContainEqual(account);
      expect((await client2.get(`/b2c/performance?partyId=${account.partyId}`)).statusCode).toBe(404);
    }
  });
});

describe('edge cases through the API (a plan given a history of its own)', () => {
  let planNo = '';
  beforeAll(async () => {
    // A general-insurance plan of the client gets a short history: it starts mid-range with a payment on the first
    // day of a month, adds money on a month's last day, and is surrendered mid-month.
    const [plan] = await rows<{
      id: number;
      plan_no: string;
      currency: string;
    }>(sql`select id::int, plan_no, currency
      from policies p where owner_client_id = ${clientId} and category = 'GI' limit 1`);
    planNo = plan?.plan_no ?? '';
    const c = plan?.currency ?? 'USD';
    await t.database.db.execute(sql`insert into plan_valuations (policy_id, month_end, currency, value, cash) values
      (${plan?.id}, '2024-01-31', ${c}, 1010, 0), (${plan?.id}, '2024-02-29', ${c}, 1520, 0),
      (${plan?.id}, '2024-03-31', ${c}, 0, 0)`);
    await t.database.db.execute(sql`insert into plan_cash_flows (policy_id, flow_date, kind, amount) values
      (${plan?.id}, '2024-01-01', 'premium', 1000), (${plan?.id}, '2024-02-29', 'premium', 500),
      (${plan?.id}, '2024-03-15', 'surrender', -1530), (${plan?.id}, '2024-02-15', 'charge', -1)`);
  });

  it('a flow on the first day is at work all month; one on the last day weighs nothing; a surrender ends it', async () => {
    const a = await performance(client, `?planNo=${planNo}&from=2023-07-01&to=2024-06-30`);
    expect(a.from).toBe('2024-01-01');
    expect(a.notes).toEqual(expect.arrayContaining(['startsAfterFrom', 'endsBeforeTo', 'surrendered']));
    expect(a.flows).toEqual([
      { date: '2024-01-01', amount: '1000.00' },
      { date: '2024-02-29', amount: '500.00' },
      { date: '2024-03-15', amount: '-1530.00' },
    ]);
    expect(a.netFlows).toBe('-30.00');
    expect(a.endValue).toBe('0.00');
    // January: 10 on 1000 at work 30 of 31 days. February: 10 on 1010, the 500 of the last day weighing 0. March:
    // 10 gained on 1520 less the surrender weighted 16/31.
    const jan = 10 / (1000 * (30 / 31));
    const feb = 10 / 1010;
    const mar = (0 - 1520 + 1530) / (1520 - 1530 * (16 / 31));
    expect(Number(a.twr)).toBeCloseTo((1 + jan) * (1 + feb) * (1 + mar) - 1, 4);
    expect(a.annualised).toBe(false);
    expect(a.mwr).not.toBeNull();
  });
});

describe('zero and negative start values through the API (a plan given a history of its own)', () => {
  let planNo = '';
  beforeAll(async () => {
    // A plan without a history of its own starts at zero with its only payment on the range's last day, then is
    // worth less than nothing (a loan against it larger than its value) for two month ends.
    const [plan] = await rows<{ id: number; plan_no: string; currency: string }>(sql`select id::int, plan_no,
        currency from policies p where owner_client_id = ${clientId}
        and not exists (select 1 from plan_valuations v where v.policy_id = p.id)
        and not exists (select 1 from plan_cash_flows f where f.policy_id = p.id)
      order by id desc limit 1`);
    planNo = plan?.plan_no ?? '';
    const c = plan?.currency ?? 'USD';
    await t.database.db.execute(sql`insert into plan_valuations (policy_id, month_end, currency, value, cash) values
      (${plan?.id}, '2023-12-31', ${c}, 0, 0), (${plan?.id}, '2024-01-31', ${c}, 500, 0),
      (${plan?.id}, '2024-02-29', ${c}, -200, 0), (${plan?.id}, '2024-03-31', ${c}, -150, 0)`);
    await t.database.db.execute(sql`insert into plan_cash_flows (policy_id, flow_date, kind, amount) values
      (${plan?.id}, '2024-01-31', 'premium', 500)`);
  });

  it('a zero start value with the only payment on the last day: a 0 % TWR, no MWR, and why', async () => {
    const a = await performance(client, `?planNo=${planNo}&from=2024-01-01&to=2024-01-31`);
    expect(a.startValue).toBe('0.00');
    expect(a.flows).toEqual([{ date: '2024-01-31', amount: '500.00' }]);
    expect(a.twr).toBe('0.0000');
    expect(a.mwr).toBeNull();
    expect(a.notes).toContain('noRate');
    expect(JSON.stringify(a)).not.toMatch(/NaN|Infinity/);
  });

  it('a negative start value: no time-weighted figure, a note saying why, never NaN', async () => {
    const a = await performance(client, `?planNo=${planNo}&from=2024-03-01&to=2024-03-31`);
    expect(a.startValue).toBe('-200.00');
    expect(a.endValue).toBe('-150.00');
    expect(a.twr).toBeNull();
    expect(a.notes).toContain('capitalNotPositive');
    expect(JSON.stringify(a)).not.toMatch(/NaN|Infinity/);
  });
});

describe('OpenAPI', () => {
  it('documents both routes with their query and answer schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/angel/face/api-docs/openapi.json' })).json();
    const client = doc.paths['/angel/face/{lang}/api/b2c/performance'].get;
    expect(client.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['from', 'to', 'planNo', 'currency']),
    );
    expect(Object.keys(client.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'from',
        'to',
        'currency',
        'twr',
        'mwr',
        'annualised',
        'series',
        'flows',
        'benchmark',
      ]),
    );
    expect(doc.paths['/angel/face/{lang}/api/b2b/clients/{id}/performance'].get).toBeDefined();
  });
});

describe('access and hostile input', () => {
  it('refuses anonymous callers (401) and producers (403)', async () => {
    expect((await new ApiAgent(t.app).get('/b2c/performance')).statusCode).toBe(401);
    expect((await producer.get('/b2c/performance')).statusCode).toBe(403);
  });

  it('answers 404 for another client’s plan or account, exactly as for one that does not exist', async () => {
    const [other] = await rows<{
      plan_no: string;
      account: number;
    }>(sql`select p.plan_no, a.id::int as account
      from policies p join statement_accounts a on a.policy_id = p.id
      where p.owner_client_id <> ${clientId} and coalesce(p.joint_owner_client_id, 0) <> ${clientId}
        and p.site_code = 'afs' limit 1`);
    for (const query of [`?planNo=${other?.plan_no}`, '?planNo=NOSUCHPLAN', `?partyId=${other?.account}`]) {
      const response = await client.get(`/b2c/performance${query}`);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    expect((await client2.get('/b2c/performance')).statusCode).toBe(200);
  });

  it('refuses bad dates, ranges, plan numbers and currencies with localized field errors; ignores unknown fields', async () => {
    const cases: [string, string][] = [
      ['?from=2026-02-30', 'from'],
      ['?from=20260101', 'from'],
      ['?from=2026-05-01&to=2026-01-31', 'to'],
      ["?planNo=' or 1=1--", 'planNo'],
      [`?planNo=${'A'.repeat(200)}`, 'planNo'],
      ['?currency=XXX', 'currency'],
      ['?preset=10y', 'preset'],
      ['?partyId=0', 'partyId'],
      ['?partyId=1e3', 'partyId'],
    ];
    for (const [query, field] of cases) {
      const response = await client.get(`/b2c/performance${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
    // Unknown fields are ignored, as by every query of the API: the answer is the one without them.
    const plain = await client.get('/b2c/performance');
    const extra = await client.get('/b2c/performance?admin=1');
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toEqual(plain.json());
    const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
    zh.cookie = client.cookie;
    const response = await zh.get('/b2c/performance?from=2026-02-30');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.from[0]).toBe('不是有效的日期');
  });
});

describe('GET /b2b/clients/:id/performance', () => {
  it('answers the producer’s team the same figures the client sees, and refuses another team (404)', async () => {
    const mine = await performance(client, '');
    const response = await producer.get(`/b2b/clients/${clientId}/performance`);
    expect(response.statusCode, response.body).toBe(200);
    const seen = performanceResponseSchema.parse(response.json());
    expect(seen.plans.every((p) => mine.plans.includes(p))).toBe(true);
    if (seen.plans.length === mine.plans.length) expect(seen.twr).toBe(mine.twr);
    expect((await otherProducer.get(`/b2b/clients/${clientId}/performance`)).statusCode).toBe(404);
    expect((await client.get(`/b2b/clients/${clientId}/performance`)).statusCode).toBe(403);
    expect((await producer.get('/b2b/clients/01/performance')).statusCode).toBe(400);
  });
});

describe("the producer's client detail", () => {
  it('prints the plan’s performance since inception in the PDF from the same engine as the client’s screen', async () => {
    const [plan] = await rows<{ id: number; plan_no: string }>(sql`select p.id::int, p.plan_no from policies p
      where p.owner_client_id = ${clientId} and exists (select 1 from plan_valuations v where v.policy_id = p.id)
        and p.servicing_producer_id in (select descendant_id from producer_tree t join producers r
          on r.id = t.ancestor_id where r.code = 'A1001')
      order by p.id limit 1`);
    expect(plan).toBeDefined();
    const mine = await performance(client, `?planNo=${plan?.plan_no}`);
    const pdf = await producer.get(`/b2b/client_detail/${plan?.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'performance-detail-')), 'client-detail.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Performance since inception');
    expect(text).toContain(`${(Number(mine.twr) * 100).toFixed(2)}%`);
    expect(text).toContain(`${(Number(mine.mwr) * 100).toFixed(2)}%`);
    // The modal draws the same returns from GET /b2b/clients/:id/performance under the fragment: printed once.
    const html = await producer.get(`/b2b/client_detail/${plan?.id}.html`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(plan?.plan_no);
    expect(html.body).not.toContain('Performance since inception');
    expect(html.body).not.toContain('Time-weighted');
  });
});
