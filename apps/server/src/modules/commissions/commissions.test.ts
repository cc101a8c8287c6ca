import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CommissionStatementMonth,
  commissionDownloadQuery,
  commissionStatementListSchema,
  statementMonthWindow,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, producers } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { sumAmounts } from '../../render/decimal.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
const agents = new Map<string, ApiAgent>();
const userIds = new Map<string, number>();
const ids = new Map<string, number>();
const id = (code: string) => ids.get(code) ?? 0;
const agent = (key: string) => agents.get(key) as ApiAgent;

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['partner', 'subpartner', 'consultant', 'otherPartner', 'client'] as const) {
    const a = new ApiAgent(t.app);
    userIds.set(key, await signInAs(t, a, demoAccount(key).login));
    agents.set(key, a);
  }
  const ipc = new ApiAgent(t.app, 'ipc.localhost');
  await signInAs(t, ipc, demoAccount('ipcProducer').login);
  agents.set('ipcProducer', ipc);
  const absg = new ApiAgent(t.app, 'absg.localhost');
  await signInAs(t, absg, demoAccount('absgProducer').login);
  agents.set('absgProducer', absg);
  for (const row of await t.database.db.select({ id: producers.id, code: producers.code }).from(producers))
    ids.set(row.code, row.id);
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const list = async (who: string, producerId: number) => {
  const response = await agent(who).get(`/b2b/commissions/list_statement/${producerId}`);
  expect(response.statusCode, response.body).toBe(200);
  return commissionStatementListSchema.parse(response.json());
};

const downloadPath = (
  producerId: number,
  month: string,
  region: string,
  pdf: CommissionStatementMonth['pdfList'][number],
) =>
  `/b2b/commissions/download_statement?${new URLSearchParams(
    Object.entries(commissionDownloadQuery(producerId, month, region, pdf)).map(([k, v]) => [k, String(v)]),
  )}`;

/** The pay-out records a statement must print, straight from the revenue tables: amount per currency. */
async function expectedTotals(producerId: number, companyCode: string, from: string, to: string) {
  const found = await rows<{ currency: string; amount: string }>(sql`
    select r.received_currency as currency, rec.pay_out_amount::text as amount
    from revenue_payout_records rec
    join revenue_payouts po on po.id = rec.payout_id
    join revenues r on r.id = po.revenue_id
    join service_companies sc on sc.id = r.service_company_id
    where po.producer_id = ${producerId} and sc.code = ${companyCode}
      and rec.due_date between ${from}::date and ${to}::date`);
  const byCurrency = new Map<string, string[]>();
  for (const r of found) byCurrency.set(r.currency, [...(byCurrency.get(r.currency) ?? []), r.amount]);
  return {
    count: found.length,
    totals: new Map([...byCurrency].map(([c, amounts]) => [c, sumAmounts(amounts)])),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'commission-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function pdfText(bytes: Buffer): string {
  const file = join(dir, `s${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
/** "Total HKD    12,345.67" lines of a statement → currency → plain decimal. */
function printedTotals(text: string): Map<string, string> {
  const totals = new Map<string, string>();
  for (const match of text.matchAll(/Total ([A-Z]{3})\s+(-?[\d,]+\.\d{2})/g))
    totals.set(match[1] as string, (match[2] as string).replaceAll(',', ''));
  return totals;
}
const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

describe('GET /b2b/commissions/list_statement/{producerId}', () => {
  it("lists the owner's issued statements of the six-month window, newest month first", async () => {
    const entries = await list('partner', id('A1001'));
    const window = statementMonthWindow(new Date());
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => window.includes(e.month))).toBe(true);
    const months = entries.map((e) => e.month);
    expect(months).toEqual([...months].sort().reverse());
    const issued = await rows<{ n: number }>(sql`select count(*)::int as n from commission_statements
      where producer_id = ${id('A1001')} and month >= ${`${window[5]}-01`}::date`);
    expect(entries.flatMap((e) => e.pdfList)).toHaveLength(issued[0]?.n ?? -1);
    const pdfs = entries.flatMap((e) => e.pdfList);
    expect(pdfs.some((p) => p.companyCode === 'AWM' && p.period === 'Q')).toBe(true);
    expect(pdfs.find((p) => p.companyCode === 'AFSL')).toMatchObject({
      producerCode: 'A1001',
      companyName: 'Angel Financial Services Limited',
      fileType: 'pdf',
    });
    expect(entries[0]?.regionCode).toBe('HK');
    expect(pdfs[0]?.fileName).toMatch(/^A1001_[A-Z]+_\d{4}-\d{2}(_Q)?\.pdf$/);
  });

  it('lets a partner list a downline and writes the audit row', async () => {
    const entries = await list('partner', id('A1005'));
    expect(entries.flatMap((e) => e.pdfList).every((p) => p.producerCode === 'A1005')).toBe(true);
    expect(entries.length).toBeGreaterThan(0);
    const audits = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'producer.team_view'), eq(auditLog.userId, userIds.get('partner') ?? 0)),
      );
    expect(audits.map((a) => a.details)).toContainEqual(
      expect.objectContaining({ viewedProducerId: id('A1005'), what: 'commission_statements' }),
    );
  });

  it('answers 404 with an errors object outside the subtree, 403 without the permission', async () => {
    for (const [who, target] of [
      ['subpartner', id('A1001')],
      ['otherPartner', id('A1001')],
      ['partner', id('A2001')],
      ['partner', 999_999],
    ] as const) {
      const response = await agent(who).get(`/b2b/commissions/list_statement/${target}`);
      expect(response.statusCode, `${who} → ${target}`).toBe(404);
      expect(response.json()).toEqual({ errors: { base: ['This producer is not in your team.'] } });
    }
    const own = await agent('consultant').get(`/b2b/commissions/list_statement/${id('A1004')}`);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors.base[0]).toMatch(/not available/);
  });

  it('refuses clients and anonymous callers, and answers in the request language', async () => {
    const client = await agent('client').get(`/b2b/commissions/list_statement/${id('A1001')}`);
    expect(client.statusCode).toBe(403);
    expect(client.json()).toHaveProperty('errors.base');
    const anonymous = await new ApiAgent(t.app).get(`/b2b/commissions/list_statement/${id('A1001')}`);
    expect(anonymous.statusCode).toBe(401);
    const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
    await signInAs(t, zh, demoAccount('consultant').login);
    const refused = await zh.get(`/b2b/commissions/list_statement/${id('A1004')}`);
    expect(refused.json().errors.base).toEqual(['您的帳戶無法查看佣金結算單。']);
  });

  it('lists ipc and absg producers in their region', async () => {
    const ipc = await list('ipcProducer', id('I1001'));
    expect(ipc[0]?.pdfList[0]).toMatchObject({ companyCode: 'IPCL' });
    const absg = await list('absgProducer', id('B1001'));
    expect(absg[0]?.regionCode).toBe('SG');
  });
});

describe('GET /b2b/commissions/download_statement', () => {
  it('prints the pay-out records of the month and company, totals per currency equal to SQL sums', async () => {
    const entries = await list('partner', id('A1001'));
    const entry = entries[0] as CommissionStatementMonth;
    const pdf = entry.pdfList.find((p) => p.companyCode === 'AFSL');
    if (!pdf) throw new Error('no AFSL statement');
    const response = await agent('partner').get(
      downloadPath(id('A1001'), entry.month, entry.regionCode, pdf),
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain(pdf.fileName);
    const text = pdfText(response.rawPayload);
    const expected = await expectedTotals(id('A1001'), 'AFSL', `${entry.month}-01`, lastDay(entry.month));
    expect(expected.count).toBeGreaterThan(0);
    expect(printedTotals(text)).toEqual(expected.totals);
    expect(text).toContain('Commission Statement');
    expect(text).toContain('Alex Lau (A1001)');
    expect(text).toContain(`${entry.month.replace('-', '/')}/25`);
    // The firm's letterhead heads the statement, as on the client statements: name, address, telephone.
    const firstPage = text.split('\f')[0] ?? '';
    const head = firstPage.slice(0, firstPage.indexOf('Commission Statement'));
    for (const line of ['Angel Financial Services', 'Harbour Centre Tower 1', 'Tel +852 2000 8800']) {
      expect(head).toContain(line);
    }
  });

  it('takes the company by the name the statement list gives (companyName) as well as by its code', async () => {
    const entries = await list('partner', id('A1001'));
    const entry = entries[0] as CommissionStatementMonth;
    const pdf = entry.pdfList.find((p) => p.companyCode === 'AFSL');
    if (!pdf) throw new Error('no AFSL statement');
    expect(pdf.companyName).toBe('Angel Financial Services Limited');
    const byName = await agent('partner').get(
      downloadPath(id('A1001'), entry.month, entry.regionCode, { ...pdf, companyCode: pdf.companyName }),
    );
    expect(byName.statusCode, byName.body.slice(0, 300)).toBe(200);
    expect(String(byName.headers['content-disposition'])).toContain(pdf.fileName);
    const unknown = await agent('partner').get(
      downloadPath(id('A1001'), entry.month, entry.regionCode, {
        ...pdf,
        companyCode: 'No Such Company Limited',
      }),
    );
    expect(unknown.statusCode).toBe(404);
    const hostile = await agent('partner').get(
      downloadPath(id('A1001'), entry.month, entry.regionCode, { ...pdf, companyCode: 'AFSL%\u0000;--' }),
    );
    expect(hostile.statusCode).toBe(400);
  });

  it('covers the three months of a quarterly statement, for a downline too', async () => {
    const entries = await list('partner', id('A1001'));
    const entry = entries.find((e) => e.pdfList.some((p) => p.period === 'Q'));
    const pdf = entry?.pdfList.find((p) => p.period === 'Q');
    if (!entry || !pdf) throw new Error('no quarterly statement in the window');
    const response = await agent('partner').get(
      downloadPath(id('A1001'), entry.month, entry.regionCode, pdf),
    );
    expect(response.statusCode).toBe(200);
    const [y, m] = entry.month.split('-').map(Number) as [number, number];
    const from = new Date(Date.UTC(y, m - 3, 1)).toISOString().slice(0, 10);
    const expected = await expectedTotals(id('A1001'), 'AWM', from, lastDay(entry.month));
    expect(expected.count).toBeGreaterThanOrEqual(3);
    expect(printedTotals(pdfText(response.rawPayload))).toEqual(expected.totals);

    const downline = (await list('partner', id('A1005')))[0] as CommissionStatementMonth;
    const own = downline.pdfList[0];
    if (!own) throw new Error('no downline statement');
    const viewed = await agent('partner').get(
      downloadPath(id('A1005'), downline.month, downline.regionCode, own),
    );
    expect(viewed.statusCode).toBe(200);
    const downlineExpected = await expectedTotals(
      id('A1005'),
      own.companyCode,
      `${downline.month}-01`,
      lastDay(downline.month),
    );
    expect(printedTotals(pdfText(viewed.rawPayload))).toEqual(downlineExpected.totals);
  });

  it('prints in the request language with a CJK font', async () => {
    const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
    await signInAs(t, zh, demoAccount('partner').login);
    const entry = (await list('partner', id('A1001')))[0] as CommissionStatementMonth;
    const pdf = entry.pdfList[0];
    if (!pdf) throw new Error('no statement');
    const response = await zh.get(downloadPath(id('A1001'), entry.month, entry.regionCode, pdf));
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('佣金結算單');
    expect(text).toMatch(/[A-Z]{3} 合計/);
  });

  it('answers 400 field errors for bad parameters and months outside the window', async () => {
    const base = {
      month: '2026-01',
      code: 'A1001',
      company: 'AFSL',
      region: 'HK',
      producerId: String(id('A1001')),
    };
    const bad = await agent('partner').get(
      `/b2b/commissions/download_statement?${new URLSearchParams({ ...base, month: '2026-13', region: 'XX', producerId: 'abc', fileType: 'doc' })}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['fileType', 'month', 'producerId', 'region']);
    const missing = await agent('partner').get('/b2b/commissions/download_statement?month=2026-01');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(['code', 'company', 'producerId']),
    );
    const old = statementMonthWindow(new Date(Date.UTC(new Date().getUTCFullYear() - 1, 0, 15)))[0] as string;
    const outside = await agent('partner').get(
      `/b2b/commissions/download_statement?${new URLSearchParams({ ...base, month: old })}`,
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.month).toEqual([
      'Only the statements of the last six months can be downloaded.',
    ]);
  });

  it('answers 404 for a statement not issued, a wrong code, or a producer outside the team; 403 without permission', async () => {
    const entry = (await list('partner', id('A1001')))[0] as CommissionStatementMonth;
    const pdf = entry.pdfList[0];
    if (!pdf) throw new Error('no statement');
    const cases: [string, string][] = [
      ['partner', downloadPath(id('A1001'), entry.month, entry.regionCode, { ...pdf, companyCode: 'IPCL' })],
      ['partner', downloadPath(id('A1001'), entry.month, 'SG', pdf)],
      [
        'partner',
        downloadPath(id('A1001'), entry.month, entry.regionCode, { ...pdf, producerCode: 'A1002' }),
      ],
      ['otherPartner', downloadPath(id('A1001'), entry.month, entry.regionCode, pdf)],
      ['subpartner', downloadPath(id('A1001'), entry.month, entry.regionCode, pdf)],
    ];
    for (const [who, path] of cases) {
      const response = await agent(who).get(path);
      expect(response.statusCode, `${who} ${path}`).toBe(404);
      expect(response.json().errors.base).toHaveLength(1);
    }
    const consultant = await agent('consultant').get(
      downloadPath(id('A1001'), entry.month, entry.regionCode, pdf),
    );
    expect(consultant.statusCode).toBe(403);
  });
});
