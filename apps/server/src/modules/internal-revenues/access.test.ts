import { INTERNAL_PERMISSIONS } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMenuPermissions } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import {
  agentFor,
  patch,
  revenueWithMostRecords,
  STAFF_HOST,
  setRevenue,
  staffIdOf,
  staffWithoutRevenues,
  unknownRevenueId,
  versionOf,
} from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let staff: ApiAgent;
let revenueId: number;

/**
 * Every internal revenue endpoint, called with a well-formed request for revenue `id`. The revenue is editable and
 * not deletable, so a permitted call succeeds (200) except the delete, which is refused by state (409) — past the
 * guard either way, and nothing is removed.
 */
const endpoints: {
  name: string;
  permitted: number;
  call: (agent: ApiAgent, id: number | string) => Promise<LightMyRequestResponse>;
}[] = [
  {
    name: 'search',
    permitted: 200,
    call: (agent) => agent.send('POST', '/internal/revenues/search', { page: 1 }),
  },
  { name: 'options', permitted: 200, call: (agent) => agent.get('/internal/revenues/options') },
  { name: 'detail', permitted: 200, call: (agent, id) => agent.get(`/internal/revenues/${id}`) },
  {
    name: 'payout_record',
    permitted: 200,
    call: (agent, id) => agent.get(`/internal/revenues/payout_record/${id}`),
  },
  {
    name: 'edit',
    permitted: 200,
    call: async (agent, id) =>
      patch(agent, `/internal/revenues/${id}`, {
        version: id === revenueId ? await versionOf(t, revenueId) : '2024-01-01T00:00:00.000Z',
        internalRemark: 'access check',
      }),
  },
  { name: 'delete', permitted: 409, call: (agent, id) => agent.send('DELETE', `/internal/revenues/${id}`) },
];

/** The endpoints about one revenue (the search and the filters' options take no id). */
const byId = endpoints.filter((e) => e.name !== 'search' && e.name !== 'options');

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
  revenueId = (await revenueWithMostRecords(t)).id;
  await setRevenue(t, revenueId, { editable: true, deletable: false });
});
afterAll(() => t.close());

describe('internal revenues: who may call', () => {
  it('answers a staff member with the Revenues menu', async () => {
    for (const { name, permitted, call } of endpoints) {
      const response = await call(staff, revenueId);
      expect(response.statusCode, name).toBe(permitted);
      expect(response.headers['cache-control'], name).toBe('private, no-store');
    }
  });

  it('refuses staff without the Revenues menu, producers and clients (403) and anonymous callers (401)', async () => {
    const withoutMenu = await staffWithoutRevenues(t);
    const producer = await agentFor(t, 'partner');
    const client = await agentFor(t, 'client');
    const anonymous = new ApiAgent(t.app, STAFF_HOST);
    for (const { name, call } of endpoints) {
      expect((await call(withoutMenu, revenueId)).statusCode, name).toBe(403);
      expect((await call(producer, revenueId)).statusCode, name).toBe(403);
      expect((await call(client, revenueId)).statusCode, name).toBe(403);
      expect((await call(anonymous, revenueId)).statusCode, name).toBe(401);
    }
  });

  it('does not exist on the producer and client hosts, even for staff (404)', async () => {
    const hosts = ['afs.localhost', 'ipc.localhost', 'absg.localhost'];
    const staffOnAfs = await agentFor(t, 'staff', 'afs.localhost');
    const partnerOnAfs = await agentFor(t, 'partner', 'afs.localhost');
    for (const { name, call } of endpoints) {
      expect((await call(staffOnAfs, revenueId)).statusCode, name).toBe(404);
      expect((await call(partnerOnAfs, revenueId)).statusCode, name).toBe(404);
      for (const host of hosts)
        expect((await call(new ApiAgent(t.app, host), revenueId)).statusCode, `${name} ${host}`).toBe(404);
    }
  });

  it('refuses a staff member whose Revenues menu row is gone, at once and before validating input', async () => {
    const staffId = await staffIdOf(t, demoAccount('staff').login);
    const revoked = and(
      eq(staffMenuPermissions.staffId, staffId),
      eq(staffMenuPermissions.path, INTERNAL_PERMISSIONS.revenues),
    );
    const rows = await t.database.db.select().from(staffMenuPermissions).where(revoked);
    expect(rows).toHaveLength(1);
    await t.database.db.delete(staffMenuPermissions).where(revoked);
    try {
      for (const { name, call } of endpoints) {
        for (const id of [revenueId, 'abc']) {
          const response = await call(staff, id);
          expect(response.statusCode, `${name} ${id}`).toBe(403);
          expect(response.json(), name).toEqual({ error: 'You do not have access to this page.' });
        }
      }
      // Malformed bodies too: the guard answers before any validation.
      expect((await staff.send('POST', '/internal/revenues/search', { sortField: 'nope' })).statusCode).toBe(
        403,
      );
      expect((await patch(staff, `/internal/revenues/${revenueId}`, { nope: 1 })).statusCode).toBe(403);
      const zh = await agentFor(t, 'staff', STAFF_HOST, 'zh');
      expect((await zh.get(`/internal/revenues/${revenueId}`)).json()).toEqual({
        error: '您沒有權限瀏覽此頁面。',
      });
    } finally {
      await t.database.db.insert(staffMenuPermissions).values(rows);
    }
    expect((await staff.get(`/internal/revenues/${revenueId}`)).statusCode).toBe(200);
  });
});

describe('internal revenues: bad input', () => {
  it('answers 400 with an id field error for a malformed id', async () => {
    for (const bad of ['01', 'abc', '1e1', '1e3', '0', '-1', '1.5']) {
      for (const { name, call } of byId) {
        const response = await call(staff, bad);
        expect(response.statusCode, `${name} ${bad}`).toBe(400);
        expect(Object.keys(response.json().errors), `${name} ${bad}`).toEqual(['id']);
      }
    }
  });

  it('answers 404 for an id no revenue has', async () => {
    const unknown = await unknownRevenueId(t);
    for (const { name, call } of byId) {
      const response = await call(staff, unknown);
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual({ error: 'Revenue not found.' });
    }
  });

  it("reads the original front end's blank pay_mode and page as every mode and the first page", async () => {
    const path = `/internal/revenues/payout_record/${revenueId}`;
    const blank = await staff.get(`${path}?pay_mode=&page=`);
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toEqual((await staff.get(`${path}?page=0`)).json());
  });

  it('answers 400 for a pay mode or page it does not know', async () => {
    const path = `/internal/revenues/payout_record/${revenueId}`;
    for (const [query, field] of [
      ['pay_mode=XX', 'pay_mode'],
      ['pay_mode=bank', 'pay_mode'],
      ['page=-1', 'page'],
      ['page=01', 'page'],
      ['page=x', 'page'],
      ['page=1e1', 'page'],
    ] as const) {
      const response = await staff.get(`${path}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });
});

describe('internal routes', () => {
  it('every /internal/ route runs the staff permission guard on request', () => {
    const lines = t.app.printRoutes({ commonPrefix: false, includeHooks: true }).split('\n');
    const internal = lines.flatMap((line, index) => (/\/api\/internal\//.test(line) ? [index] : []));
    expect(internal.length).toBeGreaterThanOrEqual(6);
    for (const index of internal) {
      const hooks = lines[index + 1] ?? '';
      expect(hooks, lines[index]).toMatch(/\(onRequest\).*"staffPermissionGuard\(\)"/);
    }
  });
});
