import {
  clientProfileSchema,
  markMessageReadResponseSchema,
  messageListResponseSchema,
  planDetailSchema,
  planListResponseSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let client: ApiAgent;
let client2: ApiAgent;
let plans: { id: number; productCategory: string; planNo: string; policyStatusCode: string }[];
let otherPlanId: number;

beforeAll(async () => {
  t = await createTestApp();
  client = new ApiAgent(t.app);
  client2 = new ApiAgent(t.app);
  await signInAs(t, client, demoAccount('client').login);
  await signInAs(t, client2, demoAccount('client2').login);
  plans = planListResponseSchema.parse((await client.get('/b2c/plans')).json()).data;
  const other = planListResponseSchema.parse((await client2.get('/b2c/plans')).json()).data;
  otherPlanId = other[0]?.id ?? 0;
});
afterAll(() => t.close());

const planOf = (category: string, status?: string) => {
  const plan = plans.find(
    (p) => p.productCategory === category && (!status || p.policyStatusCode === status),
  );
  if (!plan) throw new Error(`demo client has no ${category} ${status ?? ''} plan`);
  return plan;
};

describe('GET /b2c/plans', () => {
  it("lists the client's twelve plans, category first, without another client's", async () => {
    expect(plans).toHaveLength(12);
    expect(new Set(plans.map((p) => p.productCategory))).toEqual(
      new Set(['IL', 'IN', 'IR', 'FD', 'MPF', 'GI', 'PB', 'TU']),
    );
    const categories = plans.map((p) => p.productCategory);
    expect(categories).toEqual([...categories].sort());
    expect(plans.some((p) => p.id === otherPlanId)).toBe(false);
  });
});

describe('GET /b2c/plans/:id', () => {
  it('answers every field of an investment-linked plan, with holdings, allocation and performance', async () => {
    const il = planOf('IL', 'INF');
    const response = await client.get(`/b2c/plans/${il.id}`);
    expect(response.statusCode).toBe(200);
    const plan = planDetailSchema.parse(response.json());
    expect(plan.planNo).toBe(il.planNo);
    expect(plan.policyOwner).toBe('Tai Man Chan');
    expect(plan.holdings.some((h) => h.holdingType === 'fund')).toBe(true);
    expect(plan.holdings.some((h) => h.holdingType === 'cash')).toBe(true);
    for (const h of plan.holdings) {
      expect(h.currencyPrefix).toBe(plan.valuationCurrency);
      if (h.holdingType === 'fund') expect(h.unitHeld).toMatch(/^\d+\.\d{4}$/);
    }
    expect(plan.allocation.length).toBeGreaterThan(0);
    expect(plan.portfolio.reduce((s, p) => s + Number(p.percentage), 0)).toBeCloseTo(100, 6);
    // The portfolio is what the holdings are worth, not the premium allocation again: cash is a slice of it, and
    // each slice is its holdings' value over the total portfolio value.
    const shares = (entries: { percentage: string }[]) => entries.map((entry) => entry.percentage).join(' ');
    expect(shares(plan.portfolio)).not.toBe(shares(plan.allocation));
    const total = Number(plan.totalPortfolioValue);
    const cash = plan.holdings
      .filter((h) => h.holdingType === 'cash')
      .reduce((sum, h) => sum + Number(h.valuationValue), 0);
    const cashSlice = plan.portfolio.find((slice) => slice.code === 'CASH');
    expect(Number(cashSlice?.percentage)).toBeCloseTo((cash / total) * 100, 3);
    expect(plan.lifePolicyValues?.surrenderValue).toMatch(/^\d+\.\d{2}$/);
    expect(plan.policyItems[0]?.policyType).toBe('BASIC');
    expect(plan.stmtMonthOptions).toHaveLength(6);
    expect(plan.stmtMonthOptions[0]?.value).toMatch(/^\d{4}-\d{2}$/);
    expect(plan.assetsPerformance?.history.length).toBeGreaterThan(5);
    expect(plan.partyId).toBeGreaterThan(0);
    expect(plan.lifeDisclaimer).toContain('<strong>not guaranteed</strong>');
    expect(plan.isShowAssetsSelection).toBe(true);
    expect(plan.assetsSelectionFilePath).toBe(`/b2c/files/assets_selection/${il.id}`);
    expect(plan.providerStatementPath).toBe(`/b2c/files/provider_statement/${il.id}`);
    expect(plan.isTerminated).toBe(false);
  });

  it('flags terminated plans and keeps the total portfolio value alert', async () => {
    const lapsed = planDetailSchema.parse((await client.get(`/b2c/plans/${planOf('IN', 'LAP').id}`)).json());
    expect(lapsed.isTerminated).toBe(true);
    expect(lapsed.disabledPolicyValueSection).toBe(true);
    const gbp = plans.filter((p) => p.productCategory === 'IL');
    const details = await Promise.all(
      gbp.map(async (p) => planDetailSchema.parse((await client.get(`/b2c/plans/${p.id}`)).json())),
    );
    expect(details.some((d) => d.totalPortfolioValueAlert)).toBe(true);
  });

  it('shows ABF and ETF holdings where the plan has them', async () => {
    const pb = planDetailSchema.parse((await client.get(`/b2c/plans/${planOf('PB').id}`)).json());
    expect(pb.isAdditionalFundExist).toBe(true);
    expect(pb.additionalHoldings.abfFund[0]?.code).toBe('ABF-HK');
    expect(pb.additionalHoldings.etfFund[0]?.code).toBe('2800.HK');
  });

  it("answers 404 for another client's plan and for ids that do not exist", async () => {
    expect((await client.get(`/b2c/plans/${otherPlanId}`)).statusCode).toBe(404);
    expect((await client2.get(`/b2c/plans/${plans[0]?.id}`)).statusCode).toBe(404);
    expect((await client.get('/b2c/plans/999999999')).statusCode).toBe(404);
  });

  it('answers 400 with a field error for ids that are not ids', async () => {
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
      const response = await client.get(`/b2c/plans/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors.id).toBeDefined();
    }
  });
});

describe('plan files', () => {
  it('streams the provider statement and the assets selection of own plans, with a file name', async () => {
    const il = planOf('IL', 'INF');
    const statement = await client.get(`/b2c/files/provider_statement/${il.id}`);
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    expect(statement.headers['content-disposition']).toContain(`provider-statement-${il.planNo}.pdf`);
    expect(statement.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const selection = await client.get(`/b2c/files/assets_selection/${il.id}`);
    expect(selection.statusCode).toBe(200);
  });

  it("answers 404 for another client's files, plans without one and unknown funds", async () => {
    const il = planOf('IL', 'INF');
    expect((await client2.get(`/b2c/files/provider_statement/${il.id}`)).statusCode).toBe(404);
    expect((await client2.get(`/b2c/files/assets_selection/${il.id}`)).statusCode).toBe(404);
    expect((await client.get(`/b2c/files/provider_statement/${planOf('GI').id}`)).statusCode).toBe(404);
    expect((await client.get('/b2c/files/factsheet/NOPE')).statusCode).toBe(404);
    expect((await client.get('/b2c/files/factsheet/..%2Fetc')).statusCode).toBe(400);
  });

  it('serves factsheets of held funds only', async () => {
    const sheetsOf = async (agent: ApiAgent) => {
      const sheets = new Map<string, string>();
      for (const p of planListResponseSchema.parse((await agent.get('/b2c/plans')).json()).data) {
        const detail = planDetailSchema.parse((await agent.get(`/b2c/plans/${p.id}`)).json());
        for (const h of detail.holdings) if (h.factsheetPath) sheets.set(h.code, h.factsheetPath);
      }
      return sheets;
    };
    const own = await sheetsOf(client);
    const others = await sheetsOf(client2);
    // The demo data gives the first client funds with factsheets that the second client does not hold.
    const onlyOwn = [...own].filter(([code]) => !others.has(code));
    expect(own.size).toBeGreaterThan(0);
    expect(onlyOwn.length).toBeGreaterThan(0);
    for (const [code, path] of own) {
      const response = await client.get(path);
      expect(response.statusCode, code).toBe(200);
      expect(response.headers['content-type'], code).toBe('application/pdf');
    }
    for (const [code, path] of onlyOwn) expect((await client2.get(path)).statusCode, code).toBe(404);
  });
});

describe('GET /b2c/profile', () => {
  it("answers the signed-in client's own profile", async () => {
    const profile = clientProfileSchema.parse((await client.get('/b2c/profile')).json());
    expect(profile.name).toBe('Tai Man Chan');
    expect(profile.email.length).toBeGreaterThan(0);
    const other = clientProfileSchema.parse((await client2.get('/b2c/profile')).json());
    expect(other.name).not.toBe(profile.name);
  });
});

describe('message box', () => {
  it('lists messages newest first and marking one read lowers the /me count', async () => {
    const { data } = messageListResponseSchema.parse((await client.get('/b2c/messages')).json());
    expect(data).toHaveLength(8);
    expect(data.map((m) => m.createDate)).toEqual([...data.map((m) => m.createDate)].sort().reverse());
    const unread = data.find((m) => !m.read);
    if (!unread) throw new Error('no unread message');
    const before = (await client.get('/me')).json().currentClient.messageCount;
    expect(before).toBe(3);
    const marked = await client.send('POST', `/b2c/messages/${unread.id}/read`);
    expect(marked.statusCode).toBe(200);
    const body = markMessageReadResponseSchema.parse(marked.json());
    expect(body.message.read).toBe(true);
    expect(body.messageCount).toBe(before - 1);
    expect((await client.get('/me')).json().currentClient.messageCount).toBe(before - 1);
    // Idempotent: opening it again changes nothing.
    expect(
      markMessageReadResponseSchema.parse(
        (await client.send('POST', `/b2c/messages/${unread.id}/read`)).json(),
      ).messageCount,
    ).toBe(before - 1);
  });

  it("cannot read or mark another client's messages", async () => {
    const { data } = messageListResponseSchema.parse((await client.get('/b2c/messages')).json());
    const mine = data[0]?.id ?? 0;
    const others = messageListResponseSchema.parse((await client2.get('/b2c/messages')).json()).data;
    expect(others.some((m) => m.id === mine)).toBe(false);
    expect((await client2.send('POST', `/b2c/messages/${mine}/read`)).statusCode).toBe(404);
    expect((await client.send('POST', '/b2c/messages/abc/read')).statusCode).toBe(400);
  });

  it('needs the CSRF token to mark a message read', async () => {
    const { data } = messageListResponseSchema.parse((await client.get('/b2c/messages')).json());
    const response = await client.send('POST', `/b2c/messages/${data[0]?.id}/read`, undefined, {
      withCsrf: false,
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('who may ask', () => {
  const paths = () => [
    '/b2c/plans',
    `/b2c/plans/${plans[0]?.id}`,
    '/b2c/profile',
    '/b2c/messages',
    `/b2c/files/provider_statement/${plans[0]?.id}`,
  ];

  it('answers 401 to anonymous visitors, even with bad ids', async () => {
    const anonymous = new ApiAgent(t.app);
    for (const path of [...paths(), '/b2c/plans/abc'])
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
  });

  it('answers 403 to producers', async () => {
    const producer = new ApiAgent(t.app);
    await signInAs(t, producer, demoAccount('partner').login);
    for (const path of paths()) expect((await producer.get(path)).statusCode, path).toBe(403);
  });

  it('answers 404 on ipc and absg hosts, which have no client area', async () => {
    for (const host of ['ipc.localhost', 'absg.localhost']) {
      const agent = new ApiAgent(t.app, host);
      for (const path of paths()) expect((await agent.get(path)).statusCode, `${host}${path}`).toBe(404);
    }
  });
});
