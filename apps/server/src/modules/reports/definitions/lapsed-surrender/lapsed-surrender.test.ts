import { lapsedSurrenderReport } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../../../testing/http.js';
import { producerIdOf, signedIn, teamViewAudits } from '../../../../testing/producer-fixtures.js';
import { signInAs } from '../../../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../../../testing/test-app.js';
import {
  allRows,
  exportReport,
  lapsedSurrenderIds,
  policyIdsOf,
  preview,
} from '../../testing/report-http.js';

/*
 * Report 1 (lapsed / surrender) through the report mechanism: the preview pages, the streamed export, each filter
 * and the team scope, checked against the policies read straight from the tables.
 */

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedIn>>;
let partnerId: number;

beforeAll(async () => {
  t = await createTestApp();
  partner = await signedIn(t, 'partner');
  partnerId = await producerIdOf(t.database.db, 'A1001');
});
afterAll(() => t.close());

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

describe('report 1 preview', () => {
  it("lists the team's lapsed and surrendered plans, newest status first", async () => {
    const items = await allRows(partner.agent, { reportType: 1 });
    const expected = await lapsedSurrenderIds(t.database.db, partnerId);
    expect(expected.size).toBeGreaterThan(5);
    expect(policyIdsOf(items)).toEqual(expected);
    const dates = items.map((i) => String(i.statusChangedOn));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['Lapsed', 'Surrendered']));
    for (const item of items) lapsedSurrenderReport.item.parse(item);
  });

  it('each filter narrows the rows to exactly those matching it', async () => {
    const db = t.database.db;
    const cases = [
      [
        { dateFrom: '2025/01/01', dateTo: '2025-12-31' },
        { from: '2025-01-01', to: '2025-12-31' },
      ],
      [{ dateFrom: '2025-07-01' }, { from: '2025-07-01' }],
      [{ status: 'LAP' }, { status: 'LAP' }],
      [{ status: 'SUR' }, { status: 'SUR' }],
      [{ productType: 'IL' }, { productType: 'IL' }],
      [
        { status: 'LAP', productType: 'IN', dateTo: '2026-06-30' },
        { status: 'LAP', productType: 'IN', to: '2026-06-30' },
      ],
    ] as const;
    const all = await lapsedSurrenderIds(db, partnerId);
    for (const [form, rule] of cases) {
      const expected = await lapsedSurrenderIds(db, partnerId, rule);
      expect(expected.size, JSON.stringify(form)).toBeGreaterThan(0);
      expect(expected.size, JSON.stringify(form)).toBeLessThan(all.size);
      const items = await allRows(partner.agent, { reportType: 1, ...form });
      expect(policyIdsOf(items), JSON.stringify(form)).toEqual(expected);
    }
  });

  it('reads the whole form the original front end sends, ignoring the fields report 1 has no use for', async () => {
    const form = {
      reportType: '1',
      dateType: 'APPL',
      dateFrom: '',
      dateTo: '',
      excludeStatus: ['CAN'],
      status: '',
      productType: '',
      month: '',
      followupType: '',
      type: '',
      expiryFromYear: '',
      expiryFromMonth: '',
      expiryToYear: '',
      expiryToMonth: '',
    };
    const response = await preview(partner.agent, form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().totalSize).toBe((await lapsedSurrenderIds(t.database.db, partnerId)).size);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('shows a sub-partner alone or with their team, audits it, and refuses a producer outside the subtree', async () => {
    const db = t.database.db;
    const sub = await producerIdOf(db, 'A1002');
    const before = await teamViewAudits(db, partner.userId);
    const withTeam = await allRows(partner.agent, { reportType: 1, selectedProducerId: sub });
    const alone = await allRows(partner.agent, {
      reportType: 1,
      selectedProducerId: sub,
      includedTeam: false,
    });
    expect(policyIdsOf(withTeam)).toEqual(await lapsedSurrenderIds(db, sub));
    expect(policyIdsOf(alone)).toEqual(await lapsedSurrenderIds(db, sub, { team: false }));
    expect(alone.length).toBeLessThan(withTeam.length);
    expect(await teamViewAudits(db, partner.userId)).toBeGreaterThan(before);

    const partner2 = await producerIdOf(db, 'A2001');
    expect((await preview(partner.agent, { reportType: 1, selectedProducerId: partner2 })).statusCode).toBe(
      404,
    );
    expect(
      (await exportReport(partner.agent, `reportType=1&selectedProducerId=${partner2}`)).statusCode,
    ).toBe(404);
  });

  it.each([
    ['ipcProducer', 'ipc.localhost', 'I1001'],
    ['absgProducer', 'absg.localhost', 'B1001'],
  ] as const)('has rows for the demo producer of %s', async (key, host, code) => {
    const { agent } = await signedIn(t, key, host);
    const response = await preview(agent, { reportType: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const expected = await lapsedSurrenderIds(t.database.db, await producerIdOf(t.database.db, code));
    expect(response.json().totalSize).toBe(expected.size);
    expect(expected.size).toBeGreaterThan(0);
  });
});

describe('report 1 export', () => {
  it('holds the rows of the preview with localized headers and typed cells, named by report and period', async () => {
    const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
    await signInAs(t, zh, demoAccount('partner').login);
    const form = { reportType: 1, dateFrom: '2024-01-01', dateTo: '2026-06-30' };
    const first = (await preview(zh, form)).json();
    const response = await exportReport(zh, 'reportType=1&dateFrom=2024-01-01&dateTo=2026/06/30');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain(
      'lapsed-surrender_2024-01-01_2026-06-30.xlsx',
    );
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.name).toBe(lapsedSurrenderReport.title.zh);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      lapsedSurrenderReport.columns.map((c) => c.label.zh),
    );
    expect(sheet.rowCount - 1).toBe(first.totalSize);
    expect(first.totalSize).toBeGreaterThan(0);

    const column = (key: string) => lapsedSurrenderReport.columns.findIndex((c) => c.key === key) + 1;
    const top = first.items[0] as Record<string, string>;
    const row = sheet.getRow(2);
    expect(row.getCell(column('policyNo')).value).toBe(top.policyNo);
    const date = row.getCell(column('statusChangedOn'));
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).toISOString().slice(0, 10)).toBe(top.statusChangedOn);
    const amountRow = first.items.findIndex((i: Record<string, unknown>) => i.modalPremium !== null);
    const amount = sheet.getRow(amountRow + 2).getCell(column('modalPremium'));
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(Number(first.items[amountRow].modalPremium));
  });

  it('reads excludeStatus comma-joined or repeated, names an open period by today, and refuses bad criteria', async () => {
    t.clock.now = new Date('2026-11-24T10:00:00+08:00');
    const joined = await exportReport(partner.agent, 'reportType=1&excludeStatus=CAN,LAP');
    const repeated = await exportReport(
      partner.agent,
      'reportType=1&excludeStatus[]=CAN&excludeStatus[]=LAP',
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect(repeated.statusCode).toBe(200);
    expect(String(joined.headers['content-disposition'])).toContain('lapsed-surrender_2026-11-24.xlsx');
    expect((await exportReport(partner.agent, 'reportType=1&excludeStatus=CAN,XXX')).statusCode).toBe(400);
    t.clock.now = new Date();
  });
});
