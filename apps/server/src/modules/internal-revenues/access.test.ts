import { INTERNAL_PERMISSIONS } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMenuPermissions, users } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { agentFor, revenueWithMostRecords, STAFF_HOST, unknownRevenueId } from './test-support.js';

let t: TestContext;
let staff: ApiAgent;
let revenueId: number;
const endpoints = (id: number | string) => [
  `/internal/revenues/${id}`,
  `/internal/revenues/payout_record/${id}`,
];

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
  revenueId = (await revenueWithMostRecords(t)).id;
});
afterAll(() => t.close());

describe('internal revenues: who may call', () => {
  it('answers a staff member with the Revenues menu', async () => {
    for (const path of endpoints(revenueId)) {
      const response = await staff.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  it('refuses producers and clients on the staff host (403) and anonymous callers (401)', async () => {
    const producer = await agentFor(t, 'partner');
    const client = await agentFor(t, 'client');
    const anonymous = new ApiAgent(t.app, STAFF_HOST);
    for (const path of endpoints(revenueId)) {
      expect((await producer.get(path)).statusCode, path).toBe(403);
      expect((await client.get(path)).statusCode, path).toBe(403);
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
    }
  });

  it('does not exist on the producer and client hosts, even for staff (404)', async () => {
    const hosts = ['afs.localhost', 'ipc.localhost', 'absg.localhost'];
    const staffOnAfs = await agentFor(t, 'staff', 'afs.localhost');
    const partnerOnAfs = await agentFor(t, 'partner', 'afs.localhost');
    for (const path of endpoints(revenueId)) {
      expect((await staffOnAfs.get(path)).statusCode, path).toBe(404);
      expect((await partnerOnAfs.get(path)).statusCode, path).toBe(404);
      for (const host of hosts)
        expect((await new ApiAgent(t.app, host).get(path)).statusCode, host).toBe(404);
    }
  });

  it('refuses a staff member whose Revenues menu row is gone, at once and before validating input', async () => {
    const [user] = await t.database.db
      .select({ staffId: users.staffId })
      .from(users)
      .where(eq(users.login, demoAccount('staff').login));
    const staffId = user?.staffId;
    if (staffId == null) throw new Error('demo staff has no staff id');
    const revoked = and(
      eq(staffMenuPermissions.staffId, staffId),
      eq(staffMenuPermissions.path, INTERNAL_PERMISSIONS.revenues),
    );
    const rows = await t.database.db.select().from(staffMenuPermissions).where(revoked);
    expect(rows).toHaveLength(1);
    await t.database.db.delete(staffMenuPermissions).where(revoked);
    try {
      for (const path of [...endpoints(revenueId), ...endpoints('abc')]) {
        const response = await staff.get(path);
        expect(response.statusCode, path).toBe(403);
        expect(response.json(), path).toEqual({ error: 'You do not have access to this page.' });
      }
      const zh = await agentFor(t, 'staff', STAFF_HOST, 'zh');
      expect((await zh.get(endpoints(revenueId)[0] as string)).json()).toEqual({
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
    for (const bad of ['01', 'abc', '1e1', '0', '-1', '1.5']) {
      for (const path of endpoints(bad)) {
        const response = await staff.get(path);
        expect(response.statusCode, path).toBe(400);
        expect(Object.keys(response.json().errors), path).toEqual(['id']);
      }
    }
  });

  it('answers 404 for an id no revenue has', async () => {
    const unknown = await unknownRevenueId(t);
    for (const path of endpoints(unknown)) {
      const response = await staff.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toEqual({ error: 'Revenue not found.' });
    }
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
    expect(internal.length).toBeGreaterThanOrEqual(2);
    for (const index of internal) {
      const hooks = lines[index + 1] ?? '';
      expect(hooks, lines[index]).toMatch(/\(onRequest\).*"staffPermissionGuard\(\)"/);
    }
  });
});
