import { REVENUE_SORT_FIELDS, type RevenueListItem } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  policies,
  revenueClients,
  revenuePayinItems,
  revenuePayinSettlements,
  revenues,
  serviceCompanies,
} from '../../db/schema/index.js';
import type { ApiAgent } from '../../testing/http.js';
import { agentFor } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * The staff revenue index against the rows themselves: every expectation is computed here from the tables (in
 * integer cents), never taken from which demo revenues happen to exist.
 */

let t: TestContext;
let staff: ApiAgent;

const SEARCH = '/internal/revenues/search';
const cents = (value: string) => BigInt(value.replace('.', ''));

interface Fact {
  id: number;
  refNo: string;
  accountNo: string | null;
  planNo: string | null;
  clientNames: string[];
  commissionType: string;
  serviceCompanyId: number;
  siteCode: string;
  payinEffectiveDate: string | null;
  totalPayinAmount: string;
  settled: bigint;
  state: 'settled' | 'partly' | 'outstanding';
}

/** Every revenue with what the list filters on, its settled pay-in total and settled state, read from the tables. */
async function revenueFacts(): Promise<Fact[]> {
  const db = t.database.db;
  const rows = await db
    .select({ revenue: revenues, planNo: policies.planNo })
    .from(revenues)
    .leftJoin(policies, eq(policies.id, revenues.policyId));
  const names = await db
    .select({ revenueId: revenueClients.revenueId, name: clients.fullName })
    .from(revenueClients)
    .innerJoin(clients, eq(clients.id, revenueClients.clientId));
  const items = await db.select().from(revenuePayinItems);
  const settlements = await db.select().from(revenuePayinSettlements);
  return rows.map(({ revenue, planNo }) => {
    const own = items.filter((item) => item.revenueId === revenue.id);
    let settled = 0n;
    let everyCovered = true;
    for (const item of own) {
      const paid = settlements
        .filter((s) => s.payinItemId === item.id)
        .reduce((total, s) => total + cents(s.settledAmount), 0n);
      settled += paid;
      if (paid < cents(item.totalPayAmount)) everyCovered = false;
    }
    return {
      id: revenue.id,
      refNo: revenue.refNo,
      accountNo: revenue.accountNo,
      planNo,
      clientNames: names.filter((n) => n.revenueId === revenue.id).map((n) => n.name),
      commissionType: revenue.commissionType,
      serviceCompanyId: revenue.serviceCompanyId,
      siteCode: revenue.siteCode,
      payinEffectiveDate: revenue.payinEffectiveDate,
      totalPayinAmount: revenue.totalPayinAmount,
      settled,
      state: everyCovered ? 'settled' : settled > 0n ? 'partly' : 'outstanding',
    };
  });
}

/** Every item of a search, page by page (30 a page), in the order the pages give them. */
async function searchAll(criteria: Record<string, unknown>): Promise<RevenueListItem[]> {
  const all: RevenueListItem[] = [];
  for (let page = 1; page < 100; page += 1) {
    const response = await staff.send('POST', SEARCH, { ...criteria, page, sizePerPage: 30 });
    expect(response.statusCode, JSON.stringify(criteria)).toBe(200);
    const body = response.json() as { items: RevenueListItem[]; totalSize: number };
    all.push(...body.items);
    if (all.length >= body.totalSize) break;
  }
  return all;
}

const idsOf = (items: { revenueId: number }[]) => items.map((item) => item.revenueId).sort((a, b) => a - b);
const factIds = (facts: Fact[]) => facts.map((fact) => fact.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
  // Make sure every settled state exists, on three revenues with a pay-in instalment of more than one cent.
  const db = t.database.db;
  const items = await db.select().from(revenuePayinItems).orderBy(revenuePayinItems.id);
  const withItems = [...new Set(items.filter((i) => cents(i.totalPayAmount) > 1n).map((i) => i.revenueId))];
  const [outstanding, settled, partly] = withItems;
  if (outstanding === undefined || settled === undefined || partly === undefined)
    throw new Error('the demo seed has fewer than three revenues with pay-in items');
  const picked = items.filter((i) => [outstanding, settled, partly].includes(i.revenueId));
  await db.delete(revenuePayinSettlements).where(
    inArray(
      revenuePayinSettlements.payinItemId,
      picked.map((i) => i.id),
    ),
  );
  const settlement = (payinItemId: number, settledAmount: string) => ({
    payinItemId,
    refNo: `TEST-${payinItemId}`,
    cutoffOn: '2024-01-31',
    actualReceiveOn: '2024-02-05',
    settledAmount,
  });
  await db
    .insert(revenuePayinSettlements)
    .values(picked.filter((i) => i.revenueId === settled).map((i) => settlement(i.id, i.totalPayAmount)));
  const firstOfPartly = picked.find((i) => i.revenueId === partly && cents(i.totalPayAmount) > 1n);
  if (firstOfPartly) await db.insert(revenuePayinSettlements).values(settlement(firstOfPartly.id, '0.01'));
});
afterAll(() => t.close());

describe('revenue index: sorting and paging', () => {
  it('lists every revenue, newest ref no. first, by default', async () => {
    const facts = await revenueFacts();
    const response = await staff.send('POST', SEARCH, {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalSize).toBe(facts.length);
    expect(body.totalIsLowerBound).toBe(false);
    const expected = [...facts]
      .sort((a, b) => (a.refNo === b.refNo ? b.id - a.id : a.refNo < b.refNo ? 1 : -1))
      .slice(0, 10)
      .map((fact) => fact.id);
    expect(body.items.map((item: RevenueListItem) => item.revenueId)).toEqual(expected);
  });

  it('sorts only by the allowlisted fields', async () => {
    for (const criteria of [
      { sortField: 'ref_no' },
      { sortField: 'id; drop table revenues' },
      { sortOrder: 'up' },
    ]) {
      const response = await staff.send('POST', SEARCH, criteria);
      expect(response.statusCode, JSON.stringify(criteria)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(criteria)).toEqual(Object.keys(criteria));
    }
    expect((await staff.send('POST', SEARCH, { sizePerPage: 15 })).statusCode).toBe(400);
  });

  it('pages every sort in both directions with each revenue exactly once', async () => {
    const all = factIds(await revenueFacts());
    for (const sortField of REVENUE_SORT_FIELDS) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const seen: number[] = [];
        for (let page = 1; seen.length < all.length && page < 50; page += 1) {
          const response = await staff.send('POST', SEARCH, { sortField, sortOrder, page, sizePerPage: 10 });
          seen.push(...response.json().items.map((item: RevenueListItem) => item.revenueId));
        }
        const label = `${sortField} ${sortOrder}`;
        expect(new Set(seen).size, label).toBe(seen.length);
        expect(
          [...seen].sort((a, b) => a - b),
          label,
        ).toEqual(all);
      }
    }
  });

  it('orders amounts as numbers, not as text', async () => {
    const items = await searchAll({ sortField: 'totalPayinAmount', sortOrder: 'asc' });
    const amounts = items.map((item) => cents(item.totalPayinAmount));
    for (let i = 1; i < amounts.length; i += 1)
      expect((amounts[i] ?? 0n) >= (amounts[i - 1] ?? 0n)).toBe(true);
  });
});

describe('revenue index: filters', () => {
  it('finds keywords in the ref no., account no., plan no. and client names, case-insensitively', async () => {
    const facts = await revenueFacts();
    const withPlan = facts.find((f) => f.planNo);
    const withAccount = facts.find((f) => f.accountNo);
    const withClient = facts.find((f) => f.clientNames.length > 0);
    const keywords = [
      facts[0]?.refNo.toLowerCase(),
      withAccount?.accountNo?.slice(-4),
      withPlan?.planNo?.toLowerCase(),
      withClient?.clientNames[0]?.split(' ')[0]?.toUpperCase(),
    ].filter((k): k is string => Boolean(k));
    expect(keywords).toHaveLength(4);
    for (const keyword of keywords) {
      const k = keyword.toLowerCase();
      const expected = facts.filter((f) =>
        [f.refNo, f.accountNo, f.planNo, ...f.clientNames].some((text) => text?.toLowerCase().includes(k)),
      );
      expect(expected.length, keyword).toBeGreaterThan(0);
      expect(idsOf(await searchAll({ keywords: keyword })), keyword).toEqual(factIds(expected));
    }
    // LIKE wildcards are taken literally.
    expect(await searchAll({ keywords: '%' })).toEqual([]);
    expect(await searchAll({ keywords: '_' })).toEqual([]);
  });

  it('filters by commission type, service company and pay-in effective date', async () => {
    const facts = await revenueFacts();
    const types = [...new Set(facts.map((f) => f.commissionType))].slice(0, 2);
    expect(idsOf(await searchAll({ commissionType: types }))).toEqual(
      factIds(facts.filter((f) => types.includes(f.commissionType))),
    );
    const company = facts[0]?.serviceCompanyId;
    expect(idsOf(await searchAll({ serviceCompanyId: company }))).toEqual(
      factIds(facts.filter((f) => f.serviceCompanyId === company)),
    );
    const dates = facts.flatMap((f) => (f.payinEffectiveDate ? [f.payinEffectiveDate] : [])).sort();
    const from = dates[Math.floor(dates.length / 4)] as string;
    const to = dates[Math.floor((dates.length * 3) / 4)] as string;
    const inRange = facts.filter(
      (f) => f.payinEffectiveDate && f.payinEffectiveDate >= from && f.payinEffectiveDate <= to,
    );
    expect(inRange.length).toBeGreaterThan(0);
    expect(idsOf(await searchAll({ dateFrom: from.replaceAll('-', '/'), dateTo: to }))).toEqual(
      factIds(inRange),
    );
    const reversed = await staff.send('POST', SEARCH, { dateFrom: '2024-02-01', dateTo: '2024-01-01' });
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().errors)).toEqual(['dateTo']);
  });

  it('partitions the revenues by settled state, with exact settled totals', async () => {
    const facts = await revenueFacts();
    const everything = await searchAll({ settledState: 'all' });
    expect(idsOf(everything)).toEqual(factIds(facts));
    for (const item of everything) {
      const fact = facts.find((f) => f.id === item.revenueId) as Fact;
      expect(item.settledState, item.refNo).toBe(fact.state);
      expect(cents(item.totalSettledPayinAmount), item.refNo).toBe(fact.settled);
      expect(item.totalSettledPayinAmount, item.refNo).toMatch(/^-?\d+\.\d{2}$/);
    }
    for (const state of ['settled', 'partly', 'outstanding'] as const) {
      const expected = facts.filter((f) => f.state === state);
      expect(expected.length, state).toBeGreaterThan(0);
      const items = await searchAll({ settledState: state });
      expect(idsOf(items), state).toEqual(factIds(expected));
    }
  });

  it('agrees with the detail on the settled pay-in total', async () => {
    const items = await searchAll({ settledState: 'partly' });
    for (const item of items.slice(0, 3)) {
      const detail = (await staff.get(`/internal/revenues/${item.revenueId}`)).json();
      expect(detail.summary.totalSettledPayinAmount).toBe(item.totalSettledPayinAmount);
      expect(detail.revenue.refNo).toBe(item.refNo);
    }
  });
});

describe('revenue index: settled state kept on the row', () => {
  /** What the index says of one revenue (its ref no. is unique). */
  async function listed(refNo: string) {
    const [item] = await searchAll({ keywords: refNo });
    return { state: item?.settledState, settled: item?.totalSettledPayinAmount };
  }

  it('follows every change of the items and settlements: insert, update, delete, and a new instalment', async () => {
    const facts = await revenueFacts();
    const fact = facts.find((f) => f.state === 'outstanding') as Fact;
    const db = t.database.db;
    const items = await db.select().from(revenuePayinItems).where(eq(revenuePayinItems.revenueId, fact.id));
    expect(items.length).toBeGreaterThan(0);
    const [first] = items as [(typeof items)[number]];
    expect(await listed(fact.refNo)).toEqual({ state: 'outstanding', settled: '0.00' });

    // One cent short of the first instalment: money came in, but not all of it.
    const short = (cents(first.totalPayAmount) - 1n).toString().replace(/(\d{2})$/, '.$1');
    const [settlement] = await db
      .insert(revenuePayinSettlements)
      .values({
        payinItemId: first.id,
        refNo: 'TEST-1',
        cutoffOn: '2026-01-01',
        actualReceiveOn: '2026-01-05',
        settledAmount: short,
      })
      .returning();
    expect(await listed(fact.refNo)).toEqual({ state: 'partly', settled: short });

    // Every instalment paid in full: settled.
    await db
      .update(revenuePayinSettlements)
      .set({ settledAmount: first.totalPayAmount })
      .where(eq(revenuePayinSettlements.id, settlement?.id as number));
    for (const item of items.slice(1)) {
      await db.insert(revenuePayinSettlements).values({
        payinItemId: item.id,
        refNo: `TEST-${item.installmentNo}`,
        cutoffOn: '2026-01-01',
        actualReceiveOn: '2026-01-05',
        settledAmount: item.totalPayAmount,
      });
    }
    expect((await listed(fact.refNo)).state).toBe('settled');

    // A new instalment nobody has paid: no longer settled.
    const [extra] = await db
      .insert(revenuePayinItems)
      .values({
        revenueId: fact.id,
        installmentNo: 99,
        projectedReceiveOn: '2027-01-01',
        groupPayinRate: '0.01000000',
        totalPayAmount: '10.00',
      })
      .returning();
    expect((await listed(fact.refNo)).state).toBe('partly');
    await db.delete(revenuePayinItems).where(eq(revenuePayinItems.id, extra?.id as number));
    expect((await listed(fact.refNo)).state).toBe('settled');

    // Every settlement removed again: back to outstanding, and the detail agrees.
    await db.delete(revenuePayinSettlements).where(
      inArray(
        revenuePayinSettlements.payinItemId,
        items.map((item) => item.id),
      ),
    );
    expect(await listed(fact.refNo)).toEqual({ state: 'outstanding', settled: '0.00' });
    const detail = (await staff.get(`/internal/revenues/${fact.id}`)).json();
    expect(detail.summary.totalSettledPayinAmount).toBe('0.00');
  });
});

describe('revenue index: site', () => {
  it('filters by the revenue’s site, and says each row’s site', async () => {
    // At least two sites among the revenues, whatever the demo seed made: move one revenue to another site.
    const first = (await revenueFacts())[0] as Fact;
    await t.database.db
      .update(revenues)
      .set({ siteCode: first.siteCode === 'ipc' ? 'absg' : 'ipc' })
      .where(eq(revenues.id, first.id));
    const facts = await revenueFacts();
    const sites = [...new Set(facts.map((f) => f.siteCode))];
    expect(sites.length).toBeGreaterThanOrEqual(2);
    for (const siteCode of sites) {
      const items = await searchAll({ siteCode });
      expect(idsOf(items), siteCode).toEqual(factIds(facts.filter((f) => f.siteCode === siteCode)));
      expect(new Set(items.map((item) => item.siteCode)), siteCode).toEqual(new Set([siteCode]));
    }
    expect(await searchAll({ siteCode: '' })).toHaveLength(facts.length);
    const unknown = await staff.send('POST', SEARCH, { siteCode: 'xyz' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['siteCode']);
  });
});

describe('revenue index: the filters’ options', () => {
  it('lists every service company by name and the commission types the revenues carry', async () => {
    // A company without revenues is still offered: the filter then finds nothing, which is the truth.
    await t.database.db.insert(serviceCompanies).values({ code: 'ZZTEST', name: 'Aardvark Services Ltd' });
    const companies = await t.database.db
      .select({ id: serviceCompanies.id, name: serviceCompanies.name })
      .from(serviceCompanies);
    const byName = [...companies].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    const types = [...new Set((await revenueFacts()).map((f) => f.commissionType))].sort();

    const response = await staff.get('/internal/revenues/options');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ serviceCompanies: byName, commissionTypes: types });
    expect(byName[0]?.name).toBe('Aardvark Services Ltd');
    expect(types.length).toBeGreaterThan(1);
  });
});
