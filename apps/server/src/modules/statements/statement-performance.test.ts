import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language, PerformanceResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { formatAmount } from '../../render/decimal.js';
import { formatReturn } from '../../render/statement-performance.js';
import { statementPerformanceTexts } from '../../render/statement-performance-texts.js';
import { ApiAgent, api } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let client: ApiAgent;
let dir: string;
let consolidated: number;
let month: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'statement-performance-'));
  client = new ApiAgent(t.app);
  await signInAs(t, client, demoAccount('client').login);
  const plans = (await client.get('/b2c/plans')).json().data as { id: number }[];
  let partyId = 0;
  for (const p of plans) {
    partyId = (await client.get(`/b2c/plans/${p.id}`)).json().partyId ?? 0;
    if (partyId) break;
  }
  const list = (await client.get(`/statement/policy_list/${partyId}`)).json() as {
    accounts: { partyId: number; accountType: string; monthOptions: { value: string }[] }[];
  };
  const account = list.accounts.find((a) => a.accountType === 'CONSOLIDATE');
  consolidated = account?.partyId ?? 0;
  month = account?.monthOptions.at(-1)?.value ?? '';
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

function pdfText(body: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const monthEnd = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mm, 0)).toISOString().slice(0, 10);
};

async function apiFigures(currency: string, range: string): Promise<PerformanceResponse> {
  const response = await client.get(`/b2c/performance?partyId=${consolidated}&currency=${currency}&${range}`);
  expect(response.statusCode).toBe(200);
  return response.json() as PerformanceResponse;
}

/** Every figure the section prints for a range, as the API gave it and formatted as the statement prints it. */
function printed(answer: PerformanceResponse): string[] {
  const money = (v: string) => `${answer.currency} ${formatAmount(v)}`;
  const figures = [
    formatReturn(answer.twr),
    formatReturn(answer.mwr),
    money(answer.startValue),
    money(answer.endValue),
    money(answer.netFlows),
    money(answer.gain),
  ];
  if (answer.benchmark) figures.push(formatReturn(answer.benchmark.return));
  return figures;
}

describe('consolidated statement: performance section', () => {
  it('prints the figures GET /b2c/performance gives for the month and since inception (pdftotext)', async () => {
    expect(consolidated).toBeGreaterThan(0);
    for (const currency of ['USD', 'HKD']) {
      const period = await apiFigures(currency, `from=${month}-01&to=${monthEnd(month)}`);
      const inception = await apiFigures(currency, `preset=inception&to=${monthEnd(month)}`);
      expect(period.series.length).toBe(2);
      expect(inception.series.length).toBeGreaterThan(12);
      const pdf = await client.get(
        `/statement/consolidate_statement/${consolidated}.pdf?selected_currency=${currency}&month=${month}`,
      );
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload, `consolidated-${currency}`);
      expect(text).toContain('Performance');
      expect(text).toContain('Time-weighted return (TWR)');
      for (const figure of [...printed(period), ...printed(inception)]) expect(text).toContain(figure);
      // The statement's own total is the performance end value: one set of month-end figures.
      expect(text).toContain(formatAmount(period.endValue));
    }
  });

  it('prints the section in Japanese in the PDF, with the same figures', async () => {
    const texts = statementPerformanceTexts('ja');
    const period = await apiFigures('USD', `from=${month}-01&to=${monthEnd(month)}`);
    const pdf = await client.request({
      method: 'GET',
      url: api(
        `/statement/consolidate_statement/${consolidated}.pdf?selected_currency=USD&month=${month}`,
        'ja',
      ),
    });
    const text = pdfText(pdf.rawPayload, 'consolidated-ja');
    expect(text).toContain(texts.title);
    for (const figure of printed(period)) expect(text).toContain(figure);
  });

  it('prints the section in every language, with the chart in the HTML', async () => {
    for (const language of ['en', 'zh', 'ja', 'kr'] as Language[]) {
      const texts = statementPerformanceTexts(language);
      const html = (
        await client.request({
          method: 'GET',
          url: api(`/statement/consolidate_statement/${consolidated}.html?month=${month}`, language),
        })
      ).body;
      expect(html).toContain(texts.title);
      expect(html).toContain(texts.twr);
      expect(html).toMatch(/<svg[^>]*role="img"[\s\S]*<path d="M[\d.]+ [\d.]+L/);
    }
  });
});
