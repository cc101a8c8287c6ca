import { clientList, newBusinessList, serviceRecordList } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent, api } from '../../testing/http.js';
import {
  allItems,
  LIST_ENDPOINTS,
  producerIdOf,
  signedIn,
  teamViewAudits,
} from '../../testing/producer-fixtures.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * The three list exports (GET /b2b/nb_export, sr_export, client_export): the same rows as paging through the list,
 * in the same order, with headers in the request's language and typed cells; the same access rules as the search.
 */

const EXPORTS = [
  { endpoint: LIST_ENDPOINTS[0], path: '/b2b/nb_export', contract: newBusinessList, idColumn: 'policyNo' },
  { endpoint: LIST_ENDPOINTS[1], path: '/b2b/sr_export', contract: serviceRecordList, idColumn: 'uniqueId' },
  { endpoint: LIST_ENDPOINTS[2], path: '/b2b/client_export', contract: clientList, idColumn: 'policyNo' },
] as const;

let t: TestContext;
let zhAgent: ApiAgent;
let partner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  partner = await signedIn(t, 'partner');
  zhAgent = new ApiAgent(t.app, 'afs.localhost', 'zh');
  await signInAs(t, zhAgent, demoAccount('partner').login);
});
afterAll(() => t.close());

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

async function download(agent: ApiAgent, path: string, query = '') {
  return agent.request({ method: 'GET', url: `${api(path, agent.lang)}${query ? `?${query}` : ''}` });
}

describe.each(EXPORTS)('GET $path', ({ endpoint, path, contract, idColumn }) => {
  it('holds exactly the rows of the list, in its order, with headers in the language and typed cells', async () => {
    const criteria = { includedTeam: true };
    const items = await allItems(zhAgent, endpoint, criteria);
    const response = await download(zhAgent, path, 'includedTeam=true');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain(contract.fileName.zh);

    const sheet = await sheetOf(response.rawPayload);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(contract.columns.map((c) => c.label.zh));
    expect(sheet.rowCount - 1).toBe(items.length);

    const keyIndex = contract.columns.findIndex((c) => c.key === idColumn) + 1;
    const exported = [];
    for (let r = 2; r <= sheet.rowCount; r++) exported.push(sheet.getRow(r).getCell(keyIndex).value ?? null);
    expect(exported).toEqual(items.map((item) => item[idColumn] ?? null));

    // Date and amount columns are typed cells, not text.
    // Each typed column's first filled cell (an empty cell proves nothing), and at least one such cell in all.
    let typedChecked = 0;
    contract.columns.forEach((column, i) => {
      if (column.kind !== 'date' && column.kind !== 'amount') return;
      for (let r = 2; r <= sheet.rowCount; r++) {
        const cell = sheet.getRow(r).getCell(i + 1);
        if (cell.value === null || cell.value === undefined) continue;
        if (column.kind === 'date') expect(cell.type, column.key).toBe(ExcelJS.ValueType.Date);
        else {
          expect(cell.type, column.key).toBe(ExcelJS.ValueType.Number);
          expect(cell.numFmt).toBe('#,##0.00');
        }
        typedChecked++;
        return;
      }
    });
    if (contract.columns.some((c) => c.kind === 'date' || c.kind === 'amount')) {
      expect(typedChecked).toBeGreaterThan(0);
    }
  });

  it('answers a sibling branch as a missing producer, and bad criteria with 400', async () => {
    const partner2 = await producerIdOf(t.database.db, 'A2001');
    expect((await download(partner.agent, path, `selectedProducerId=${partner2}`)).statusCode).toBe(404);
    expect((await download(partner.agent, path, 'sortField=password')).statusCode).toBe(400);
    expect((await download(partner.agent, path, 'selectedProducerId=01')).statusCode).toBe(400);
  });
});

describe('export criteria and access', () => {
  it('reads bracketed and repeated array keys alike, and refuses a bad element instead of dropping it', async () => {
    const brackets = await download(
      partner.agent,
      '/b2b/client_export',
      'excludePolicyStatus[]=LAP&excludePolicyStatus[]=SUR',
    );
    const repeated = await download(
      partner.agent,
      '/b2b/client_export',
      'excludePolicyStatus=LAP&excludePolicyStatus=SUR',
    );
    expect(brackets.statusCode).toBe(200);
    expect(brackets.rawPayload.length).toBeGreaterThan(0);
    const [a, b] = [await sheetOf(brackets.rawPayload), await sheetOf(repeated.rawPayload)];
    expect(a.rowCount).toBe(b.rowCount);
    const all = await sheetOf((await download(partner.agent, '/b2b/client_export')).rawPayload);
    expect(a.rowCount).toBeLessThan(all.rowCount);
    expect(
      (await download(partner.agent, '/b2b/client_export', 'excludePolicyStatus=LAP,XXX')).statusCode,
    ).toBe(400);
  });

  it("audits an export of a sub-partner's data", async () => {
    const sub = await producerIdOf(t.database.db, 'A1002');
    const before = await teamViewAudits(t.database.db, partner.userId);
    expect((await download(partner.agent, '/b2b/nb_export', `selectedProducerId=${sub}`)).statusCode).toBe(
      200,
    );
    expect(await teamViewAudits(t.database.db, partner.userId)).toBe(before + 1);
  });

  it("writes the service records' record type and status in words of the language, never the codes", async () => {
    const response = await download(zhAgent, '/b2b/sr_export', 'includedTeam=true&statusOptions=All');
    expect(response.statusCode, response.body).toBe(200);
    const sheet = await sheetOf(response.rawPayload);
    const column = (key: string) => serviceRecordList.columns.findIndex((c) => c.key === key) + 1;
    const categories = new Set<unknown>();
    const statuses = new Set<unknown>();
    for (let r = 2; r <= sheet.rowCount; r++) {
      categories.add(sheet.getRow(r).getCell(column('category')).value);
      statuses.add(sheet.getRow(r).getCell(column('status')).value);
    }
    expect(categories.size).toBeGreaterThan(2);
    for (const code of ['IL', 'IN', 'IR', 'FD', 'GI', 'PB', 'TU'])
      expect(categories.has(code), code).toBe(false);
    expect(categories.has('一般保險') || categories.has('保險計劃')).toBe(true);
    expect([...statuses].sort()).toEqual(['已完成', '處理中'].sort());
  });

  it('refuses clients and anonymous callers, and has no Service Records export on absg', async () => {
    const client = new ApiAgent(t.app, 'afs.localhost');
    expect((await download(client, '/b2b/nb_export')).statusCode).toBe(401);
    await signInAs(t, client, demoAccount('client').login);
    expect((await download(client, '/b2b/nb_export')).statusCode).toBe(403);
    const absg = await signedIn(t, 'absgProducer', 'absg.localhost');
    expect((await download(absg.agent, '/b2b/sr_export')).statusCode).toBe(404);
    expect((await download(absg.agent, '/b2b/nb_export')).statusCode).toBe(200);
  });
});
