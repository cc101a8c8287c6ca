import {
  addCalendarDays,
  REQUIREMENT_STATUS_LABELS,
  REQUIREMENT_TYPE_LABELS,
  requirementList,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { rowsOf } from '../../testing/demo-database.js';
import { ApiAgent, api } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { agentFor } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * The requirements list (POST /b2b/requirements, GET /b2b/requirement_export): the scope's items across cases, each
 * view holding what the home's figure for it counts, in the workbook in words.
 */

let t: TestContext;
let partner1: ApiAgent;

type Item = {
  requirementId: number;
  status: string;
  provider: string;
  dueDate: string | null;
  daysOverdue: number;
};

async function search(agent: ApiAgent, criteria: Record<string, unknown>) {
  await agent.me();
  const response = await agent.send('POST', '/b2b/requirements', { page: 1, sizePerPage: 30, ...criteria });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Item[]; totalSize: number; totalIsLowerBound: boolean };
}

beforeAll(async () => {
  t = await createTestApp();
  partner1 = await agentFor(t, 'partner', 'afs.localhost');
});
afterAll(() => t.close());

describe('the requirements list', () => {
  it("holds in each view what the home's figure for it counts", async () => {
    const home = (await partner1.get('/b2b/home')).json() as Record<string, unknown> & { today: string };
    const overdue = await search(partner1, { view: 'open', dueTo: addCalendarDays(home.today, -1) });
    const clientOwes = await search(partner1, { view: 'clientOwes' });
    const received = await search(partner1, { view: 'received' });
    expect(overdue.totalSize).toBe(home.overdueRequirements);
    expect(clientOwes.totalSize).toBe(home.outstandingFromClients);
    expect(received.totalSize).toBe(home.receivedRequirements);
    expect(clientOwes.totalSize).toBeGreaterThan(0);
    for (const item of clientOwes.items) {
      expect(item.provider).toBe('client');
      expect(['outstanding', 'rejected']).toContain(item.status);
    }
    for (const item of received.items) expect(item.status).toBe('received');
  });

  it('holds only open items by default, the earliest due first, and every status with view "all"', async () => {
    const open = await search(partner1, {});
    expect(open.totalSize).toBeGreaterThan(0);
    expect(open.items.every((i) => !['accepted', 'waived'].includes(i.status))).toBe(true);
    const dues = open.items.map((i) => i.dueDate ?? '9999-12-31');
    expect(dues).toEqual([...dues].sort());
    const all = await search(partner1, { view: 'all' });
    expect(all.totalSize).toBeGreaterThan(open.totalSize);
  });

  it('searches the application by keywords, and refuses a sort by the client', async () => {
    const all = await search(partner1, { view: 'all' });
    const name = (all.items[0] as unknown as { clientName: string }).clientName;
    const found = await search(partner1, { view: 'all', keywords: name.split(' ')[0] });
    expect(found.totalSize).toBeGreaterThan(0);
    expect(found.totalSize).toBeLessThan(all.totalSize);
    expect(found.items.some((i) => (i as unknown as { clientName: string }).clientName === name)).toBe(true);
    const byType = await search(partner1, { view: 'open', sortField: 'type', sortOrder: 'asc' });
    const types = byType.items.map((i) => (i as unknown as { type: string }).type);
    expect(types).toEqual([...types].sort());
    await partner1.me();
    const byClient = await partner1.send('POST', '/b2b/requirements', { sortField: 'clientName' });
    expect(byClient.statusCode).toBe(400);
  });

  it("keeps to the caller's team: another team's producer is a 404, a client a 403, bad criteria a 400", async () => {
    const [other] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from producers where code = 'A2001'`,
    );
    await partner1.me();
    const foreign = await partner1.send('POST', '/b2b/requirements', { selectedProducerId: other?.id });
    expect(foreign.statusCode).toBe(404);
    const client = await agentFor(t, 'client', 'afs.localhost');
    expect((await client.send('POST', '/b2b/requirements', {})).statusCode).toBe(403);
    const bad = await partner1.send('POST', '/b2b/requirements', {
      view: 'everything',
      dueFrom: '2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    const reversed = await partner1.send('POST', '/b2b/requirements', {
      dueFrom: '2026-07-12',
      dueTo: '2026-07-01',
    });
    expect(reversed.statusCode).toBe(400);
    // Every item of the team's list is an item of one of the team's applications.
    const [outside] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from application_requirements r
        where r.id = any(${`{${(await search(partner1, { view: 'all' })).items.map((i) => i.requirementId).join(',')}}`}::bigint[])
          and r.producer_id not in (select descendant_id from producer_tree
            where ancestor_id = (select id from producers where code = 'A1001'))`,
    );
    expect(outside?.n).toBe(0);
  });

  it('exports the same rows with the item and its status in words of the language', async () => {
    const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
    await signInAs(t, zh, demoAccount('partner').login);
    const listed = await search(zh, { view: 'clientOwes', sizePerPage: 30 });
    const response = await zh.request({
      method: 'GET',
      url: `${api('/b2b/requirement_export', 'zh')}?view=clientOwes`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      requirementList.columns.map((c) => c.label.zh),
    );
    expect(sheet.rowCount - 1).toBe(listed.totalSize);
    const typeColumn = requirementList.columns.findIndex((c) => c.key === 'type') + 1;
    const statusColumn = requirementList.columns.findIndex((c) => c.key === 'status') + 1;
    const zhTypes = Object.values(REQUIREMENT_TYPE_LABELS).map((l) => l.zh);
    const zhStatuses = Object.values(REQUIREMENT_STATUS_LABELS).map((l) => l.zh);
    expect(zhTypes).toContain(sheet.getRow(2).getCell(typeColumn).value);
    expect(zhStatuses).toContain(sheet.getRow(2).getCell(statusColumn).value);
  });
});
