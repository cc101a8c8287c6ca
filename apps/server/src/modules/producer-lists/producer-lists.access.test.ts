import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent } from '../../testing/http.js';
import {
  allItems,
  defaultIdsOf,
  idsOf,
  LIST_ENDPOINTS,
  type ListAnswer,
  producerIdOf,
  search,
  signedIn,
  subtreeOf,
  teamViewAudits,
} from '../../testing/producer-fixtures.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * Who may search which producer's lists (docs/producer/README.md, access), on PGlite and PostgreSQL: the caller's own
 * team only, 404 for anyone outside it exactly like an id that does not exist, 403 for clients and staff, 401
 * anonymous; absg has no Service Records. Expected rows are read from the tables, not from the list's own SQL.
 */

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedIn>>;
let subpartner: Awaited<ReturnType<typeof signedIn>>;
let ids: { partner1: number; subpartner1: number; partner2: number };

beforeAll(async () => {
  t = await createTestApp();
  partner = await signedIn(t, 'partner');
  subpartner = await signedIn(t, 'subpartner');
  const db = t.database.db;
  ids = {
    partner1: await producerIdOf(db, 'A1001'),
    subpartner1: await producerIdOf(db, 'A1002'),
    partner2: await producerIdOf(db, 'A2001'),
  };
});
afterAll(() => t.close());

describe.each(LIST_ENDPOINTS)('POST $path: team scope', (endpoint) => {
  it("lists exactly the caller's whole team by default, and only their own rows without the team", async () => {
    const db = t.database.db;
    const team = await allItems(partner.agent, endpoint);
    expect(idsOf(endpoint, team)).toEqual(
      await defaultIdsOf(db, endpoint, await subtreeOf(db, ids.partner1)),
    );
    const own = await allItems(partner.agent, endpoint, { includedTeam: false });
    expect(idsOf(endpoint, own)).toEqual(await defaultIdsOf(db, endpoint, [ids.partner1]));
    // The demo team has rows below the partner, so "with team" really adds something.
    expect(team.length).toBeGreaterThan(own.length);
  });

  it("shows a sub-partner's data (with and without their team) to their upline, and audits the view", async () => {
    const db = t.database.db;
    const before = await teamViewAudits(db, partner.userId);
    const withTeam = await allItems(partner.agent, endpoint, { selectedProducerId: ids.subpartner1 });
    expect(idsOf(endpoint, withTeam)).toEqual(
      await defaultIdsOf(db, endpoint, await subtreeOf(db, ids.subpartner1)),
    );
    const alone = await allItems(partner.agent, endpoint, {
      selectedProducerId: String(ids.subpartner1),
      includedTeam: 'false',
    });
    expect(idsOf(endpoint, alone)).toEqual(await defaultIdsOf(db, endpoint, [ids.subpartner1]));
    expect(await teamViewAudits(db, partner.userId)).toBeGreaterThan(before);
  });

  it('writes no audit row when producers look at their own data (selected or not)', async () => {
    const db = t.database.db;
    const before = await teamViewAudits(db, subpartner.userId);
    expect((await search(subpartner.agent, endpoint.path)).statusCode).toBe(200);
    const self = await search(subpartner.agent, endpoint.path, { selectedProducerId: ids.subpartner1 });
    expect(self.statusCode).toBe(200);
    expect(await teamViewAudits(db, subpartner.userId)).toBe(before);
  });

  it('answers 404 for a sibling branch, an upline and an id that does not exist, with no audit row', async () => {
    const db = t.database.db;
    const before = await teamViewAudits(db, partner.userId);
    for (const [agent, selectedProducerId] of [
      [partner.agent, ids.partner2],
      [subpartner.agent, ids.partner1],
      [partner.agent, 999_999_999],
    ] as const) {
      const response = await search(agent, endpoint.path, { selectedProducerId });
      expect(response.statusCode, String(selectedProducerId)).toBe(404);
      expect(response.json().error).toBeTruthy();
    }
    expect(await teamViewAudits(db, partner.userId)).toBe(before);
  });

  it('answers 403 to a client, 401 anonymous, and 404 on the staff host (no producer area there)', async () => {
    const client = await signedIn(t, 'client');
    expect((await search(client.agent, endpoint.path)).statusCode).toBe(403);
    const anonymous = new ApiAgent(t.app);
    await anonymous.me();
    expect((await search(anonymous, endpoint.path)).statusCode).toBe(401);
    const staff = await signedIn(t, 'staff', 'staff.localhost');
    expect((await search(staff.agent, endpoint.path)).statusCode).toBe(404);
  });
});

describe.each(LIST_ENDPOINTS)('POST $path: criteria validation', (endpoint) => {
  it.each([
    ['sortField', { sortField: 'password' }],
    ['sortField', { sortField: 'id; drop table policies' }],
    ['sizePerPage', { sizePerPage: 1000 }],
    ['sizePerPage', { sizePerPage: '15' }],
    ['page', { page: '01' }],
    ['page', { page: 0 }],
    ['page', { page: [1] }],
    ['keywords', { keywords: ['a', 'b'] }],
    ['selectedProducerId', { selectedProducerId: 'A1002' }],
    ['includedTeam', { includedTeam: 'yes' }],
    ['sortOrder', { sortOrder: 'up' }],
  ])('refuses a bad %s with a 400 field error', async (field, criteria) => {
    const response = await search(partner.agent, endpoint.path, criteria);
    expect(response.statusCode, JSON.stringify(criteria)).toBe(400);
    expect(response.json().errors[field]).toBeDefined();
  });
});

describe.each(LIST_ENDPOINTS)('POST $path: body shape', (endpoint) => {
  it('answers 400 (never 500) to a body that is not an object, and accepts and ignores `manager`', async () => {
    for (const [payload, status] of [
      [undefined, 400],
      [[], 400],
      [42, 400],
      ['page=1', 415],
    ] as const) {
      const response = await partner.agent.send('POST', endpoint.path, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const withManager = await search(partner.agent, endpoint.path, { manager: true });
    const without = await search(partner.agent, endpoint.path, {});
    expect(withManager.statusCode).toBe(200);
    expect(withManager.json()).toEqual(without.json());
  });
});

describe('list-specific criteria validation', () => {
  it.each([
    ['/b2b/new_business', 'receivedFrom', { receivedFrom: '2026/02/30' }],
    ['/b2b/new_business', 'receivedTo', { receivedTo: '26/01/01' }],
    ['/b2b/new_business', 'receivedTo', { receivedFrom: '2026/03/01', receivedTo: '2026/02/01' }],
    ['/b2b/new_business', 'stage', { stage: 'pending' }],
    ['/b2b/new_business', 'stageOptions', { stage: 'select', stageOptions: [0] }],
    ['/b2b/new_business', 'receivedFrom', { receivedFrom: ['2026/01/01'] }],
    ['/b2b/service_records', 'createdTo', { createdFrom: '2026/05/02', createdTo: '2026/05/01' }],
    ['/b2b/service_records', 'completedFrom', { completedFrom: '2026-13-01' }],
    ['/b2b/service_records', 'statusOptions', { statusOptions: ['O'] }],
    ['/b2b/service_records', 'typeOptions', { typeOptions: 'x' }],
    ['/b2b/clients', 'excludePolicyStatus', { excludePolicyStatus: ['XYZ'] }],
    ['/b2b/clients', 'clientProductType', { clientProductType: ['IR'] }],
    ['/b2b/clients', 'fundKeywords', { fundKeywords: { code: 'x' } }],
  ])('%s refuses a bad %s', async (path, field, criteria) => {
    const response = await search(partner.agent, path, criteria);
    expect(response.statusCode, JSON.stringify(criteria)).toBe(400);
    // A bad element of a list is reported on the element (`stageOptions.0`).
    const fields = Object.keys(response.json().errors);
    expect(
      fields.some((key) => key === field || key.startsWith(`${field}.`)),
      fields.join(),
    ).toBe(true);
  });
});

describe.each(LIST_ENDPOINTS)('POST $path: paging', (endpoint) => {
  it('continues page 1 on page 2 without duplicates, and answers an empty page past the end', async () => {
    const first = (await search(partner.agent, endpoint.path, { sizePerPage: 10 })).json() as ListAnswer;
    const second = (
      await search(partner.agent, endpoint.path, { sizePerPage: 10, page: 2 })
    ).json() as ListAnswer;
    const twenty = (await search(partner.agent, endpoint.path, { sizePerPage: 20 })).json() as ListAnswer;
    expect(first.items).toHaveLength(10);
    expect([...first.items, ...second.items]).toEqual(twenty.items);
    expect(idsOf(endpoint, [...first.items, ...second.items]).size).toBe(
      first.items.length + second.items.length,
    );
    expect(first.totalSize).toBe(twenty.totalSize);
    expect(first.totalIsLowerBound).toBe(false);
    const past = (await search(partner.agent, endpoint.path, { page: 10_000 })).json() as ListAnswer;
    expect(past.items).toEqual([]);
    expect(past.totalSize).toBe(first.totalSize);
  });
});

describe('Service Records on absg', () => {
  it('does not exist: 404 for the list and the follow-up types, even for the signed-in absg producer', async () => {
    const absg = await signedIn(t, 'absgProducer', 'absg.localhost');
    expect((await search(absg.agent, '/b2b/service_records')).statusCode).toBe(404);
    expect((await absg.agent.get('/b2b/get_all_followup_type')).statusCode).toBe(404);
    expect((await new ApiAgent(t.app, 'absg.localhost').get('/b2b/get_all_followup_type')).statusCode).toBe(
      404,
    );
    // The other lists are there.
    expect((await search(absg.agent, '/b2b/new_business')).statusCode).toBe(200);
    expect((await search(absg.agent, '/b2b/clients')).statusCode).toBe(200);
  });
});

describe('GET /b2b/get_all_followup_type', () => {
  it('answers producers only', async () => {
    const client = await signedIn(t, 'client');
    expect((await client.agent.get('/b2b/get_all_followup_type')).statusCode).toBe(403);
    expect((await new ApiAgent(t.app).get('/b2b/get_all_followup_type')).statusCode).toBe(401);
  });
});
