import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { statementMonthWindow, statementPolicyListSchema } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent, api } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let client: ApiAgent;
let client2: ApiAgent;
let dir: string;
let consolidated: number;
let policyAccounts: { partyId: number; accountNo: string; monthOptions: { value: string }[] }[];
let otherParty: number;

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'statements-test-'));
  client = new ApiAgent(t.app);
  client2 = new ApiAgent(t.app);
  await signInAs(t, client, demoAccount('client').login);
  await signInAs(t, client2, demoAccount('client2').login);
  const plans = (await client.get('/b2c/plans')).json().data as { id: number }[];
  let partyId = 0;
  for (const p of plans) {
    partyId = (await client.get(`/b2c/plans/${p.id}`)).json().partyId ?? 0;
    if (partyId) break;
  }
  const list = statementPolicyListSchema.parse(
    (await client.get(`/statement/policy_list/${partyId}`)).json(),
  );
  consolidated = list.accounts.find((a) => a.accountType === 'CONSOLIDATE')?.partyId ?? 0;
  policyAccounts = list.accounts.filter((a) => a.accountType !== 'CONSOLIDATE');
  const list2 = (await client2.get('/b2c/plans')).json().data as { id: number }[];
  for (const p of list2) {
    otherParty = (await client2.get(`/b2c/plans/${p.id}`)).json().partyId ?? 0;
    if (otherParty) break;
  }
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const firstAccount = () => policyAccounts[0] as (typeof policyAccounts)[number];

function pdfText(body: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function monthsAgo(n: number): string {
  const now = t.clock.now;
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
  return d.toISOString().slice(0, 7);
}

describe('GET /statement/policy_list/:partyId', () => {
  it('lists every account of the client with the six downloadable months', async () => {
    expect(consolidated).toBeGreaterThan(0);
    expect(policyAccounts.length).toBeGreaterThanOrEqual(5);
    const window = statementMonthWindow(t.clock.now);
    expect(firstAccount().monthOptions.map((m) => m.value)).toEqual(window);
  });

  it('keys the same accounts by party id, as the original front end reads them, beside the ordered list', async () => {
    const body = (await client.get(`/statement/policy_list/${consolidated}`)).json();
    const keyed = Object.keys(body).filter((key) => /^\d+$/.test(key));
    expect(keyed.sort()).toEqual(body.accounts.map((a: { partyId: number }) => String(a.partyId)).sort());
    for (const account of body.accounts) expect(body[String(account.partyId)]).toEqual(account);
    expect(body[String(consolidated)].accountType).toBe('CONSOLIDATE');
    expect(body.statementLanguage).toBe('en');
  });

  it("answers 404 for another client's party and 400 for a bad id", async () => {
    expect(otherParty).toBeGreaterThan(0);
    expect((await client.get(`/statement/policy_list/${otherParty}`)).statusCode).toBe(404);
    expect((await client2.get(`/statement/policy_list/${firstAccount().partyId}`)).statusCode).toBe(404);
    const bad = await client.get('/statement/policy_list/x1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.partyId).toBeDefined();
  });
});

describe('statement HTML', () => {
  it('carries owner, funds with 4-decimal units, 2-decimal amounts and disclaimers in English', async () => {
    const response = await client.get(`/statement/${firstAccount().partyId}.html`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('Monthly Statement');
    expect(html).toContain('Tai Man Chan');
    expect(html).toContain('Policy owner');
    expect(html).toContain('Unit balance');
    expect(html).toMatch(/<td class="n">\d{1,3}(,\d{3})*\.\d{4}<\/td>/);
    expect(html).toMatch(/<td class="n">\d{1,3}(,\d{3})*\.\d{2}<\/td>/);
    expect(html).toMatch(/\d{4}\/\d{2}\/\d{2}/);
    expect(html).toContain('Total portfolio value');
    expect(html).toContain('not guaranteed');
    const [fund] = await rowsOf<{ code: string }>(
      sql`select h.code from statement_snapshot_holdings h join statement_snapshots s on s.id = h.snapshot_id
          where s.account_id = ${firstAccount().partyId} and h.holding_type = 'fund' limit 1`,
    );
    expect(html).toContain(fund?.code);
  });

  it("prints each plan's portfolio by asset class from that month's holdings by value, not the premium split", async () => {
    let differs = 0;
    for (const account of policyAccounts) {
      const month = account.monthOptions[0]?.value;
      if (!month) continue;
      const html = (await client.get(`/statement/${account.partyId}.html?month=${month}`)).body;
      const section = html.split('<h3>Portfolio by asset class</h3>')[1]?.split('</table>')[0] ?? '';
      const printed = Object.fromEntries(
        [
          ...section.matchAll(/<tr data-slice="([^"]+)"><td>[^<]*<\/td><td class="n">([\d.]+)%<\/td><\/tr>/g),
        ].map((m) => [m[1], Number(m[2])]),
      );
      const byValue = await rowsOf<{ slice: string; share: string }>(
        sql`select coalesce(f.asset_class, 'CASH') as slice,
                   100 * sum(h.valuation_value) / sum(sum(h.valuation_value)) over () as share
            from statement_snapshot_holdings h
            join statement_snapshots s on s.id = h.snapshot_id
            left join funds f on f.id = h.fund_id
            where s.account_id = ${account.partyId} and s.month = ${`${month}-01`}::date
            group by 1 having sum(h.valuation_value) > 0`,
      );
      expect(byValue.length, account.accountNo).toBeGreaterThan(0);
      expect(Object.keys(printed).sort(), account.accountNo).toEqual(byValue.map((r) => r.slice).sort());
      for (const { slice, share } of byValue)
        expect(
          Math.abs((printed[slice] ?? -1) - Number(share)),
          `${account.accountNo} ${slice}`,
        ).toBeLessThan(0.011);
      const split = await rowsOf<{ code: string; percentage: string }>(
        sql`select a.asset_class as code, sum(a.percentage) as percentage from policy_allocations a
            join statement_accounts sa on sa.policy_id = a.policy_id
            where sa.id = ${account.partyId} and a.kind = 'allocation' group by 1`,
      );
      if (split.some(({ code, percentage }) => Math.abs((printed[code] ?? 0) - Number(percentage)) > 0.011))
        differs++;
    }
    // The demo plans' funds have moved since the premiums were split: by value, they no longer follow the split.
    expect(differs).toBeGreaterThan(0);
  });

  it('speaks Chinese under /zh and picks the month asked', async () => {
    const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
    zh.cookie = client.cookie;
    const month = monthsAgo(3);
    const html = (await zh.get(`/statement/${firstAccount().partyId}.html?month=${month}`)).body;
    expect(html).toContain('月結單');
    expect(html).toContain('基金代號');
    expect(html).toContain('保單持有人');
    expect(html).toContain(month.replace('-', '/'));
  });

  it('refuses months outside the last six, clearly, and malformed months', async () => {
    for (const month of [monthsAgo(7), monthsAgo(9), monthsAgo(0), monthsAgo(-2)]) {
      const response = await client.get(`/statement/${firstAccount().partyId}.html?month=${month}`);
      expect(response.statusCode, month).toBe(400);
      expect(response.json().errors.month[0]).toContain('last six months');
    }
    for (const month of ['2026-13', '2026-5', 'may', '2026-05-01']) {
      const response = await client.get(`/statement/${firstAccount().partyId}.html?month=${month}`);
      expect(response.statusCode, month).toBe(400);
      expect(response.json().errors.month).toEqual(['Must be a month as YYYY-MM']);
    }
  });

  it("answers 404 for another client's statements", async () => {
    expect((await client2.get(`/statement/${firstAccount().partyId}.html`)).statusCode).toBe(404);
    expect((await client2.get(`/statement/${firstAccount().partyId}.pdf`)).statusCode).toBe(404);
    expect((await client2.get(`/statement/consolidate_statement/${consolidated}.html`)).statusCode).toBe(404);
    expect((await client.get('/statement/abc.html')).statusCode).toBe(400);
  });
});

describe('statement PDF', () => {
  it('renders Chinese, Japanese and Korean text (read back with pdftotext)', async () => {
    const expected = {
      zh: ['月結單', '單位結餘'],
      ja: ['月次明細書', '保有口数', '機械翻訳'],
      kr: ['월별 명세서', '보유 좌수'],
      en: ['Monthly Statement', 'Unit balance'],
    };
    for (const [lang, words] of Object.entries(expected)) {
      const agent = new ApiAgent(t.app, 'afs.localhost', lang);
      agent.cookie = client.cookie;
      const response = await agent.get(`/statement/${firstAccount().partyId}.pdf?request=b2c`);
      expect(response.statusCode, lang).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`statement-${firstAccount().accountNo}`);
      const text = pdfText(response.rawPayload, `single-${lang}`);
      for (const word of words) expect(text, lang).toContain(word);
      expect(text).toContain('Tai Man Chan');
      // The letterhead comes from the afs site's row: name, address and contact e-mail.
      expect(text).toContain('Angel Financial Services');
      expect(text).toContain('Wan Chai, Hong Kong');
      expect(text).toContain('enquiry@afs.example.com');
    }
  });

  it('downloads a chosen month through download_monthly_statement', async () => {
    const month = monthsAgo(2);
    const response = await client.get(
      `/statement/download_monthly_statement?month=${month}&party_id=${firstAccount().partyId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(pdfText(response.rawPayload, 'monthly')).toContain(month.replace('-', '/'));
    const old = await client.get(
      `/statement/download_monthly_statement?month=${monthsAgo(8)}&party_id=${firstAccount().partyId}`,
    );
    expect(old.statusCode).toBe(400);
    const missing = await client.get('/statement/download_monthly_statement');
    expect(Object.keys(missing.json().errors).sort()).toEqual(['month', 'party_id']);
  });

  it('answers a clear 503 on PDFs only when the CJK font is missing', async () => {
    const noFont = await createTestApp({ PDF_FONT_PATH: '/nonexistent/font.ttc' });
    try {
      const agent = new ApiAgent(noFont.app);
      await signInAs(noFont, agent, demoAccount('client').login);
      const pdf = await agent.get(`/statement/${firstAccount().partyId}.pdf`);
      expect(pdf.statusCode).toBe(503);
      expect(pdf.json().error).toContain('PDF statements are temporarily unavailable');
      expect((await agent.get(`/statement/${firstAccount().partyId}.html`)).statusCode).toBe(200);
      const zip = await agent.get(`/statement/download_zip?party_ids=${firstAccount().partyId}`);
      expect(zip.statusCode).toBe(503);
    } finally {
      await noFont.close();
    }
    // A second app (its own database copy and render thread): slow to start when the suite shares 2 cores.
  }, 120_000);
});

describe('consolidated statement', () => {
  it('converts every plan at the month rates (as quoted) into the selected currency; totals are the sums', async () => {
    const month = monthsAgo(1);
    const response = await client.get(
      `/statement/consolidate_statement/${consolidated}.html?selected_currency=EUR&month=${month}`,
    );
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('Consolidated Statement');
    const printed = /data-total="portfolio">([\d,.-]+)</.exec(html)?.[1]?.replaceAll(',', '');
    // Independently: the plans' month-end totals, converted through the USD quotes of the valuation date.
    const rows = await rowsOf<{ total: string; ccy: string; rate_from: string; rate_to: string }>(sql`
      select s.total_portfolio_value as total, s.valuation_currency as ccy,
             coalesce(f.rate, 1) as rate_from, coalesce(e.rate, 1) as rate_to
      from statement_account_policies sap
      join statement_accounts pa on pa.policy_id = sap.policy_id and pa.account_type = 'POLICY'
      join statement_snapshots s on s.account_id = pa.id and s.month = ${`${month}-01`}::date
      left join fx_rates f on f.currency = s.valuation_currency and f.rate_date = s.as_of_date and f.quote_currency = 'USD'
      left join fx_rates e on e.currency = 'EUR' and e.rate_date = s.as_of_date and e.quote_currency = 'USD'
      where sap.account_id = ${consolidated}`);
    expect(rows.length).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.ccy)).size).toBeGreaterThan(2);
    const expected = rows.reduce(
      (sum, r) => sum + Math.round((Number(r.total) * Number(r.rate_from) * 100) / Number(r.rate_to)) / 100,
      0,
    );
    // Each plan is converted at its quoted rate (6 significant digits, decision 011): within 5 millionths of the
    // exact conversion; the exact reconciliation of every printed figure is statement-reconciliation.test.ts.
    expect(Math.abs(Number(printed) - expected)).toBeLessThanOrEqual(expected * 5e-6 + rows.length * 0.01);
  });

  it('defaults to USD and refuses unknown currencies', async () => {
    const html = (await client.get(`/statement/consolidate_statement/${consolidated}.html`)).body;
    expect(html).toContain('(USD)');
    const bad = await client.get(
      `/statement/consolidate_statement/${consolidated}.html?selected_currency=XYZ`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.selected_currency).toBeDefined();
  });

  it('renders the consolidated PDF in the selected currency', async () => {
    const response = await client.get(
      `/statement/consolidate_statement/${consolidated}.pdf?selected_currency=HKD`,
    );
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload, 'consolidated');
    expect(text).toContain('Consolidated Statement');
    expect(text).toContain('(HKD)');
  });
});

describe('PDF and ZIP bundles', () => {
  it('zips one PDF per requested account, named after it', async () => {
    const ids = policyAccounts.map((a) => a.partyId);
    const response = await client.get(`/statement/download_zip?party_ids=${ids.join(',')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const latest = statementMonthWindow(t.clock.now)[0];
    // Named by the month of its statements (each account's latest), like the PDF bundle beside it.
    expect(response.headers['content-disposition']).toContain(`statements-${latest}.zip`);
    expect(response.headers['content-disposition']).not.toContain('latest');
    const file = join(dir, 'bundle.zip');
    writeFileSync(file, response.rawPayload);
    const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listing.sort()).toEqual(
      policyAccounts.map((a) => `statement-${a.accountNo}-${latest}.pdf`).sort(),
    );
    execFileSync('unzip', ['-tq', file]);
  });

  it('puts several statements into one PDF', async () => {
    const ids = policyAccounts.slice(0, 3).map((a) => a.partyId);
    const response = await client.get(
      `/statement/download_pdf?party_ids=${ids.join(',')}&month=${monthsAgo(4)}`,
    );
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload, 'bundle');
    for (const a of policyAccounts.slice(0, 3)) expect(text).toContain(a.accountNo);
    expect(response.headers['content-disposition']).toContain(`statements-${monthsAgo(4)}.pdf`);
    // Titled for the three statements it holds, not for the first one.
    const file = join(dir, 'bundle-info.pdf');
    writeFileSync(file, response.rawPayload);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(new RegExp(`Title:\\s+3 statements ${monthsAgo(4)}`));
  });

  it('refuses foreign, malformed, too many and out-of-range party lists', async () => {
    const mine = firstAccount().partyId;
    expect((await client.get(`/statement/download_zip?party_ids=${mine},${otherParty}`)).statusCode).toBe(
      404,
    );
    expect((await client.get(`/statement/download_pdf?party_ids=${mine},${otherParty}`)).statusCode).toBe(
      404,
    );
    for (const bad of ['', 'a,b', '1,,2', '1;2', `${mine},`]) {
      const response = await client.get(`/statement/download_zip?party_ids=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors.party_ids).toBeDefined();
    }
    const many = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
    const tooMany = await client.get(`/statement/download_zip?party_ids=${many}`);
    expect(tooMany.json().errors.party_ids).toEqual(['At most 20 accounts can be downloaded at once']);
    const old = await client.get(`/statement/download_zip?party_ids=${mine}&month=${monthsAgo(7)}`);
    expect(old.statusCode).toBe(400);
  });
});

describe('who may ask', () => {
  const paths = () => [
    `/statement/policy_list/${firstAccount().partyId}`,
    `/statement/${firstAccount().partyId}.html`,
    `/statement/${firstAccount().partyId}.pdf`,
    `/statement/consolidate_statement/${consolidated}.html`,
    `/statement/download_zip?party_ids=${firstAccount().partyId}`,
    `/statement/provider_statement/${firstAccount().partyId}`,
  ];

  // Producers may read statements within their team (producer-details/statements.test.ts covers them):
  // a producer outside the client's team gets 404 like a missing account; staff are still refused.
  it('answers 401 anonymous, 403 staff, 404 producers of another team, 404 on ipc and absg', async () => {
    const anonymous = new ApiAgent(t.app);
    for (const path of paths()) expect((await anonymous.get(path)).statusCode, path).toBe(401);
    const staff = new ApiAgent(t.app);
    await signInAs(t, staff, demoAccount('staff').login);
    for (const path of paths()) expect((await staff.get(path)).statusCode, path).toBe(403);
    const producer = new ApiAgent(t.app);
    await signInAs(t, producer, demoAccount('otherPartner').login);
    for (const path of paths()) expect((await producer.get(path)).statusCode, path).toBe(404);
    for (const host of ['ipc.localhost', 'absg.localhost']) {
      const agent = new ApiAgent(t.app, host);
      for (const path of paths()) expect((await agent.get(path)).statusCode, path).toBe(404);
    }
    // The path helper is the one the SPA uses.
    expect(api('/statement/1.pdf', 'zh')).toBe('/angel/face/zh/api/statement/1.pdf');
  });
});
