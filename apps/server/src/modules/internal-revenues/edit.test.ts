import { REVENUE_TEXT_MAX } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revenues } from '../../db/schema/index.js';
import type { ApiAgent } from '../../testing/http.js';
import {
  agentFor,
  auditRowsOf,
  patch,
  revenueIds,
  STAFF_HOST,
  setRevenue,
  staffIdOf,
  versionOf,
} from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let staff: ApiAgent;
/** Type C, premium date 2020-03-15, editable. */
let typeC: number;
/** Type R, editable. */
let typeR: number;
/** Not editable. */
let locked: number;

const path = (id: number) => `/internal/revenues/${id}`;
const rowOf = async (id: number) => {
  const [row] = await t.database.db.select().from(revenues).where(eq(revenues.id, id));
  if (!row) throw new Error(`no revenue ${id}`);
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
  const ids = await revenueIds(t);
  [typeC, typeR, locked] = ids as [number, number, number];
  await setRevenue(t, typeC, {
    commissionType: 'C',
    premiumDate: '2020-03-15',
    lapseSurrenderOn: null,
    editable: true,
    description: 'Before',
    internalRemark: null,
    salesCampaign: null,
    bankInOn: '2020-04-01',
    isOrphanCase: false,
  });
  await setRevenue(t, typeR, { commissionType: 'R', editable: true });
  await setRevenue(t, locked, { editable: false });
});
afterAll(() => t.close());

describe('revenue edit', () => {
  it('changes the sent fields, answers the new detail with a new version, and audits before and after', async () => {
    const version = await versionOf(t, typeC);
    const response = await patch(staff, path(typeC), {
      version,
      description: '  New description  ',
      internalRemark: 'Checked with the provider',
      salesCampaign: 'Spring 2024',
      bankInOn: '2024/05/06',
      lapseSurrenderOn: '2021-01-01',
      isOrphanCase: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.revenue).toMatchObject({
      revenueId: typeC,
      bankInOn: '2024-05-06',
      lapseSurrenderOn: '2021-01-01',
      salesCampaign: 'Spring 2024',
      isOrphanCase: true,
    });
    expect(detail.summary.description).toBe('New description');
    expect(detail.summary.internalRemark).toBe('Checked with the provider');
    expect(detail.revenue.version > version).toBe(true);
    expect(detail.revenue.version).toBe(await versionOf(t, typeC));
    expect(detail.payin).toBeDefined();

    const [audit] = await auditRowsOf(t, 'staff.revenue_update', typeC);
    expect(audit?.outcome).toBe('success');
    expect(audit?.siteCode).toBe('afs');
    expect(audit?.details).toMatchObject({
      staffId: await staffIdOf(t, 'staff1'),
      revenueId: typeC,
      before: {
        description: 'Before',
        internalRemark: null,
        salesCampaign: null,
        bankInOn: '2020-04-01',
        lapseSurrenderOn: null,
        isOrphanCase: false,
      },
      after: {
        description: 'New description',
        internalRemark: 'Checked with the provider',
        salesCampaign: 'Spring 2024',
        bankInOn: '2024-05-06',
        lapseSurrenderOn: '2021-01-01',
        isOrphanCase: true,
      },
    });
  });

  it('audits only the fields that changed, and clears text with "" and dates with null', async () => {
    const version = await versionOf(t, typeC);
    const response = await patch(staff, path(typeC), {
      version,
      internalRemark: '',
      salesCampaign: 'Spring 2024',
      lapseSurrenderOn: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().summary.internalRemark).toBeNull();
    expect(response.json().revenue.lapseSurrenderOn).toBeNull();
    const audits = await auditRowsOf(t, 'staff.revenue_update', typeC);
    expect(audits.at(-1)?.details).toMatchObject({
      before: { internalRemark: 'Checked with the provider', lapseSurrenderOn: '2021-01-01' },
      after: { internalRemark: null, lapseSurrenderOn: null },
    });
    const latest = audits.at(-1)?.details as { after: object };
    expect(Object.keys(latest.after).sort()).toEqual(['internalRemark', 'lapseSurrenderOn']);
  });

  it('refuses an edit made on a stale copy (409), changing nothing, and audits the refusal', async () => {
    const stale = await versionOf(t, typeR);
    const first = await patch(staff, path(typeR), { version: stale, internalRemark: 'first' });
    expect(first.statusCode).toBe(200);
    const before = await rowOf(typeR);
    const second = await patch(staff, path(typeR), { version: stale, internalRemark: 'second' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'This revenue was changed by someone else. Please reload it and make your changes again.',
    });
    expect(await rowOf(typeR)).toEqual(before);
    const audits = await auditRowsOf(t, 'staff.revenue_update', typeR);
    expect(audits.at(-1)).toMatchObject({ outcome: 'denied', details: { reason: 'staleVersion' } });
  });

  it('gives two edits at the same clock reading different versions', async () => {
    const a = await patch(staff, path(typeR), { version: await versionOf(t, typeR), salesCampaign: 'A' });
    const b = await patch(staff, path(typeR), { version: a.json().revenue.version, salesCampaign: 'B' });
    expect(b.statusCode).toBe(200);
    expect(b.json().revenue.version).not.toBe(a.json().revenue.version);
  });

  it('refuses a revenue that is not editable (409), changing nothing, and audits the refusal', async () => {
    const before = await rowOf(locked);
    const response = await patch(staff, path(locked), {
      version: await versionOf(t, locked),
      description: 'should not land',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This revenue cannot be edited.' });
    expect(await rowOf(locked)).toEqual(before);
    const [audit] = await auditRowsOf(t, 'staff.revenue_update', locked);
    expect(audit).toMatchObject({ outcome: 'denied', details: { reason: 'notEditable', revenueId: locked } });
    const zh = await agentFor(t, 'staff', STAFF_HOST, 'zh');
    const inChinese = await patch(zh, path(locked), {
      version: await versionOf(t, locked),
      description: 'x',
    });
    expect(inChinese.json()).toEqual({ error: '此收入記錄不可修改。' });
  });

  it('answers 404 for an unknown revenue', async () => {
    const ids = await revenueIds(t);
    const unknown = (ids.at(-1) ?? 0) + 1000;
    const response = await patch(staff, path(unknown), { version: '2024-01-01T00:00:00.000Z' });
    expect(response.statusCode).toBe(404);
  });
});

describe('revenue edit: field errors (400, nothing written)', () => {
  const cases: [string, (version: string) => Record<string, unknown>, string, string?][] = [
    ['unknown field', (version) => ({ version, amount: '1.00' }), 'amount', 'Is not an accepted field'],
    ['no version', () => ({ description: 'x' }), 'version'],
    ['version that is no instant', () => ({ version: 'yesterday', description: 'x' }), 'version'],
    [
      'too-long description',
      (version) => ({ version, description: 'x'.repeat(REVENUE_TEXT_MAX + 1) }),
      'description',
      'Is too long (maximum is 2000 characters)',
    ],
    ['too-long sales campaign', (version) => ({ version, salesCampaign: 'x'.repeat(101) }), 'salesCampaign'],
    [
      'NUL in a remark',
      (version) => ({ version, internalRemark: 'a\u0000b' }),
      'internalRemark',
      'Contains characters that are not allowed',
    ],
    [
      'impossible date',
      (version) => ({ version, bankInOn: '2024/02/30' }),
      'bankInOn',
      'Is not a valid date',
    ],
    ['orphan flag as text', (version) => ({ version, isOrphanCase: 'yes' }), 'isOrphanCase'],
    ['blank description', (version) => ({ version, description: '' }), 'description', 'Cannot be blank'],
    [
      'description of spaces',
      (version) => ({ version, description: '   ' }),
      'description',
      'Cannot be blank',
    ],
    ['description null', (version) => ({ version, description: null }), 'description', 'Cannot be blank'],
    [
      'month 13, day 45',
      (version) => ({ version, bankInOn: '2026/13/45' }),
      'bankInOn',
      'Is not a valid date',
    ],
    ['a date as free text', (version) => ({ version, bankInOn: 'soon' }), 'bankInOn', 'Is not a valid date'],
  ];

  it.each(cases)('%s', async (_name, body, field, message) => {
    const before = await rowOf(typeC);
    const response = await patch(staff, path(typeC), body(await versionOf(t, typeC)));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    if (message) expect(response.json().errors[field]).toEqual([message]);
    expect(await rowOf(typeC)).toEqual(before);
  });

  it("words the refusals in the caller's language", async () => {
    const japanese = await agentFor(t, 'staff', STAFF_HOST, 'ja');
    const response = await patch(japanese, path(typeC), {
      version: await versionOf(t, typeC),
      description: ' ',
      bankInOn: '2026/13/45',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      description: ['入力してください'],
      bankInOn: ['有効な日付ではありません'],
    });
  });

  it('takes a lapse or surrender date on type C only, not before the premium date', async () => {
    const onR = await patch(staff, path(typeR), {
      version: await versionOf(t, typeR),
      lapseSurrenderOn: '2024-01-01',
    });
    expect(onR.statusCode).toBe(400);
    expect(onR.json().errors).toEqual({
      lapseSurrenderOn: ['Can only be set on a contribution-based (type C) revenue'],
    });
    const early = await patch(staff, path(typeC), {
      version: await versionOf(t, typeC),
      lapseSurrenderOn: '2020-03-14',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({
      lapseSurrenderOn: ['Must not be before the premium date (2020/03/15)'],
    });
    const sameDay = await patch(staff, path(typeC), {
      version: await versionOf(t, typeC),
      lapseSurrenderOn: '2020-03-15',
    });
    expect(sameDay.statusCode).toBe(200);
    // Clearing is no lapse date, so allowed on any type.
    const clearOnR = await patch(staff, path(typeR), {
      version: await versionOf(t, typeR),
      lapseSurrenderOn: null,
    });
    expect(clearOnR.statusCode).toBe(200);
  });
});
