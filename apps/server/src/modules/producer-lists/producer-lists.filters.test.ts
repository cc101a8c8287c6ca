import { clientList, followupTypeListSchema, newBusinessList, serviceRecordList } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { domainWords } from '../../render/domain-texts.js';
import { ApiAgent } from '../../testing/http.js';
import { allItems, LIST_ENDPOINTS, producerIdOf, subtreeOf } from '../../testing/producer-fixtures.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * Each filter and the keywords narrow the lists exactly as documented (docs/producer/lists.md). Expectations are
 * computed here from plain rows of the partner's team (simple selects filtered in JavaScript), never by calling
 * the list's own SQL.
 */

let t: TestContext;
let partner: ApiAgent;
let team: SQL;
const [NB, SR, CLIENTS] = LIST_ENDPOINTS;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const idSet = (items: Record<string, unknown>[], field: string) =>
  new Set(items.map((i) => Number(i[field])));
const idsWhere = <T extends { id: unknown }>(list: T[], keep: (row: T) => boolean) =>
  new Set(list.filter(keep).map((r) => Number(r.id)));
const slash = (iso: string) => iso.replaceAll('-', '/');
const contains = (value: string | null, keyword: string) =>
  (value ?? '').toLowerCase().includes(keyword.toLowerCase());

beforeAll(async () => {
  t = await createTestApp();
  partner = new ApiAgent(t.app);
  await signInAs(t, partner, demoAccount('partner').login);
  const ids = await subtreeOf(t.database.db, await producerIdOf(t.database.db, 'A1001'));
  team = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
});
afterAll(() => t.close());

describe('New Business filters', () => {
  type AppRow = {
    id: unknown;
    stage: number;
    received: string;
    policy_no: string | null;
    insured_name: string;
    full_name: string;
    client_no: string;
  };
  let apps: AppRow[];
  beforeAll(async () => {
    apps = await rows<AppRow>(sql`select a.id, a.stage, a.received_date::text as received, a.policy_no,
      a.insured_name, c.full_name, c.client_no
      from applications a join clients c on c.id = a.client_id where a.producer_id in (${team})`);
  });
  const search = async (criteria: Record<string, unknown>) =>
    idSet(await allItems(partner, NB, criteria), 'caaId');

  it('filters by stage: nb = in progress (1–6), all, and select with its options (none ticked = every stage)', async () => {
    expect(await search({})).toEqual(idsWhere(apps, (a) => a.stage <= 6));
    expect(await search({ stage: 'all' })).toEqual(idsWhere(apps, () => true));
    expect(await search({ stage: 'select', stageOptions: [7, 8] })).toEqual(
      idsWhere(apps, (a) => a.stage >= 7),
    );
    expect(await search({ stage: 'select', stageOptions: '2,5' })).toEqual(
      idsWhere(apps, (a) => a.stage === 2 || a.stage === 5),
    );
    expect(await search({ stage: 'select' })).toEqual(idsWhere(apps, () => true));
    // Stage options mean nothing unless "select" is chosen.
    expect(await search({ stage: 'nb', stageOptions: [7] })).toEqual(idsWhere(apps, (a) => a.stage <= 6));
    expect(idsWhere(apps, (a) => a.stage >= 7).size).toBeGreaterThan(0);
  });

  it('filters by received date, both ends inclusive (YYYY/MM/DD Hong Kong days)', async () => {
    const dates = [...new Set(apps.map((a) => a.received))].sort();
    const from = dates[Math.floor(dates.length / 4)] as string;
    const to = dates[Math.floor((dates.length * 3) / 4)] as string;
    const expected = idsWhere(apps, (a) => a.received >= from && a.received <= to);
    expect(expected.size).toBeGreaterThan(1);
    expect(expected.size).toBeLessThan(apps.length);
    expect(await search({ stage: 'all', receivedFrom: slash(from), receivedTo: slash(to) })).toEqual(
      expected,
    );
    expect(await search({ stage: 'all', receivedFrom: from, receivedTo: from })).toEqual(
      idsWhere(apps, (a) => a.received === from),
    );
    expect(await search({ stage: 'all', receivedTo: slash(to) })).toEqual(
      idsWhere(apps, (a) => a.received <= to),
    );
  });

  it('matches keywords in the policy number, the insured, the client name and the AG number, in any case', async () => {
    const sample = apps.find((a) => a.policy_no !== null && a.full_name !== a.insured_name) as AppRow;
    const keywords = [
      sample.full_name.split(' ').at(-1)?.toUpperCase() as string,
      sample.insured_name.split(' ')[0]?.toLowerCase() as string,
      (sample.policy_no as string).slice(-5),
      sample.client_no.slice(-6),
    ];
    for (const keyword of keywords) {
      const expected = idsWhere(
        apps,
        (a) =>
          contains(a.policy_no, keyword) ||
          contains(a.insured_name, keyword) ||
          contains(a.full_name, keyword) ||
          contains(a.client_no, keyword),
      );
      expect(expected.size, keyword).toBeGreaterThan(0);
      expect(expected.size, keyword).toBeLessThan(apps.length);
      expect(await search({ stage: 'all', keywords: `  ${keyword} ` }), keyword).toEqual(expected);
    }
  });

  it('takes % and _ in keywords literally', async () => {
    for (const keyword of ['%', '_', 'a%n', '\\']) {
      const expected = idsWhere(
        apps,
        (a) =>
          contains(a.policy_no, keyword) ||
          contains(a.insured_name, keyword) ||
          contains(a.full_name, keyword),
      );
      expect(await search({ stage: 'all', keywords: keyword }), keyword).toEqual(expected);
    }
  });

  it('answers items of the contract, with the product-code letter and the consultant', async () => {
    const page = newBusinessList.response.parse(
      (await partner.send('POST', NB.path, { stage: 'all' })).json(),
    );
    expect(page.items.length).toBe(10);
    for (const item of page.items) {
      expect(['P', 'L', 'F', 'T', 'PB', 'TU']).toContain(item.productCode);
      expect(item.consultant.length).toBeGreaterThan(1);
    }
  });
});

describe('Service Records filters', () => {
  type RecordRow = {
    id: unknown;
    unique_id: string;
    status: string;
    type_id: number;
    created: string;
    completed: string | null;
    plan_no: string;
    insured_name: string;
    full_name: string;
    client_no: string;
  };
  let records: RecordRow[];
  beforeAll(async () => {
    records = await rows<RecordRow>(sql`select s.id, s.unique_id, s.status, s.type_id,
      s.created_date::text as created, s.completed_date::text as completed, p.plan_no, p.insured_name, c.full_name, c.client_no
      from service_records s join policies p on p.id = s.policy_id join clients c on c.id = p.owner_client_id
      where s.producer_id in (${team})`);
  });
  const search = async (criteria: Record<string, unknown>) =>
    idSet(await allItems(partner, SR, criteria), 'followupId');

  it('filters by status (default open), follow-up types and both date ranges', async () => {
    expect(await search({})).toEqual(idsWhere(records, (r) => r.status === 'O'));
    expect(await search({ statusOptions: 'C' })).toEqual(idsWhere(records, (r) => r.status === 'C'));
    expect(await search({ statusOptions: 'All' })).toEqual(idsWhere(records, () => true));
    expect(await search({ statusOptions: 'All', typeOptions: [6, 7] })).toEqual(
      idsWhere(records, (r) => r.type_id === 6 || r.type_id === 7),
    );
    const created = [...new Set(records.map((r) => r.created))].sort();
    const from = created[Math.floor(created.length / 3)] as string;
    const to = created[Math.floor((created.length * 2) / 3)] as string;
    expect(await search({ statusOptions: 'All', createdFrom: slash(from), createdTo: slash(to) })).toEqual(
      idsWhere(records, (r) => r.created >= from && r.created <= to),
    );
    const completed = [...new Set(records.flatMap((r) => (r.completed ? [r.completed] : [])))].sort();
    const cFrom = completed[Math.floor(completed.length / 2)] as string;
    const expectedCompleted = idsWhere(records, (r) => r.completed !== null && r.completed >= cFrom);
    expect(expectedCompleted.size).toBeGreaterThan(0);
    expect(await search({ statusOptions: 'All', completedFrom: slash(cFrom) })).toEqual(expectedCompleted);
  });

  it('matches keywords in the reference, the policy number, the insured, the client name and AG number', async () => {
    const sample = records[0] as RecordRow;
    const keywords = [
      sample.unique_id.slice(-4),
      sample.plan_no.slice(-5),
      sample.full_name.split(' ')[0] as string,
      sample.insured_name.split(' ').at(-1) as string,
      sample.client_no,
    ];
    for (const keyword of keywords) {
      const expected = idsWhere(
        records,
        (r) =>
          contains(r.unique_id, keyword) ||
          contains(r.plan_no, keyword) ||
          contains(r.insured_name, keyword) ||
          contains(r.full_name, keyword) ||
          contains(r.client_no, keyword),
      );
      expect(expected.size, keyword).toBeGreaterThan(0);
      expect(expected.size, keyword).toBeLessThan(records.length);
      expect(await search({ statusOptions: 'All', keywords: keyword }), keyword).toEqual(expected);
    }
  });

  it('words the follow-up type in the request language, as the type options do', async () => {
    const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
    await signInAs(t, zh, demoAccount('partner').login);
    const options = followupTypeListSchema.parse((await zh.get('/b2b/get_all_followup_type')).json());
    expect(options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(options.find((o) => o.value === 6)?.type).toBe('欠繳保費');
    const page = serviceRecordList.response.parse(
      (await zh.send('POST', SR.path, { statusOptions: 'All', sizePerPage: 30 })).json(),
    );
    const words = new Set(options.map((o) => o.type));
    for (const item of page.items) expect(words.has(item.type), item.type).toBe(true);
    const en = followupTypeListSchema.parse((await partner.get('/b2b/get_all_followup_type')).json());
    expect(en.find((o) => o.value === 7)?.type).toBe('Renewal');
  });
});

describe('Clients filters', () => {
  type PlanRow = {
    id: unknown;
    status_code: string;
    category: string;
    plan_no: string;
    full_name: string;
    client_no: string;
  };
  let plans: PlanRow[];
  beforeAll(async () => {
    plans =
      await rows<PlanRow>(sql`select p.id, p.status_code, p.category, p.plan_no, c.full_name, c.client_no
      from policies p join clients c on c.id = p.owner_client_id where p.servicing_producer_id in (${team})`);
  });
  const search = async (criteria: Record<string, unknown>) =>
    idSet(await allItems(partner, CLIENTS, criteria), 'capId');

  it('excludes policy statuses and keeps chosen product types', async () => {
    expect(await search({ excludePolicyStatus: ['LAP', 'SUR'] })).toEqual(
      idsWhere(plans, (p) => p.status_code !== 'LAP' && p.status_code !== 'SUR'),
    );
    expect(await search({ clientProductType: 'IL,FD' })).toEqual(
      idsWhere(plans, (p) => p.category === 'IL' || p.category === 'FD'),
    );
    expect(idsWhere(plans, (p) => p.category === 'IR').size).toBeGreaterThan(0);
  });

  it('keeps plans holding a fund whose code or name matches the fund keywords', async () => {
    const held = await rows<{
      policy_id: unknown;
      code: string;
      name: string;
    }>(sql`select h.policy_id, f.code, f.name
      from holdings h join funds f on f.id = h.fund_id join policies p on p.id = h.policy_id
      where p.servicing_producer_id in (${team})`);
    const sample = held[0] as (typeof held)[number];
    for (const keyword of [sample.code.toLowerCase(), sample.name.split(' ')[0] as string]) {
      const expected = new Set(
        held
          .filter((h) => contains(h.code, keyword) || contains(h.name, keyword))
          .map((h) => Number(h.policy_id)),
      );
      expect(await search({ fundKeywords: keyword }), keyword).toEqual(expected);
    }
  });

  it('matches keywords in the client name, AG number and policy number', async () => {
    const sample = plans[0] as PlanRow;
    for (const keyword of [
      sample.full_name.split(' ')[0] as string,
      sample.client_no,
      sample.plan_no.slice(-6),
    ]) {
      const expected = idsWhere(
        plans,
        (p) =>
          contains(p.full_name, keyword) || contains(p.client_no, keyword) || contains(p.plan_no, keyword),
      );
      expect(await search({ keywords: keyword }), keyword).toEqual(expected);
    }
  });

  it("gives each plan its POLICY statement account and its status in the reader's language", async () => {
    const ja = new ApiAgent(t.app, 'afs.localhost', 'ja');
    await signInAs(t, ja, demoAccount('partner').login);
    const items = clientList.item.array().parse(await allItems(ja, CLIENTS));
    const accounts = await rows<{ policy_id: unknown; id: unknown; account_no: string }>(
      sql`select policy_id, id, account_no from statement_accounts where account_type = 'POLICY'`,
    );
    const byPlan = new Map(accounts.map((a) => [Number(a.policy_id), a]));
    const words = domainWords('ja');
    expect(items.some((i) => i.accountNo !== null)).toBe(true);
    for (const item of items) {
      const account = byPlan.get(item.capId);
      expect(item.accountNo).toBe(account?.account_no ?? null);
      expect(item.stmtId).toBe(account ? Number(account.id) : null);
      expect(item.policyStatus).toBe(words.policyStatus(item.policyStatusCode, ''));
    }
  });
});
