import { INTERNAL_PERMISSIONS, reportExportJobSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producers, staffMenuPermissions, users } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { eventually } from '../../testing/eventually.js';
import { ApiAgent } from '../../testing/http.js';
import { producerIdOf } from '../../testing/producer-fixtures.js';
import { signInAs } from '../../testing/sessions.js';
import { agentFor, staffIdOf } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * A session is only as good as the account behind it, now: a producer set inactive, a client whose account is
 * disabled, a staff member whose menu is taken away, or a producer whose report permission is revoked loses that
 * access on the next request (the session cache forgets the entry on the change: decision 027), not at the
 * session's 12-hour end. Each change here is an operator's SQL, as the back office would make it.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Call = (agent: ApiAgent) => Promise<LightMyRequestResponse>;

/** Calls each route until all answer `status` (the change reaches the cache as a notification), then checks. */
async function expectAll(agent: ApiAgent, calls: Record<string, Call>, status: number) {
  const statuses = async () => {
    const seen: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) seen[name] = (await call(agent)).statusCode;
    return seen;
  };
  const expected = Object.fromEntries(Object.keys(calls).map((name) => [name, status]));
  const seen = await eventually(statuses, (s) => Object.values(s).every((code) => code === status));
  expect(seen).toEqual(expected);
}

/** Every call answers below 400 (the session works before the change). */
async function expectWorking(agent: ApiAgent, calls: Record<string, Call>) {
  for (const [name, call] of Object.entries(calls))
    expect({ name, status: (await call(agent)).statusCode }).toEqual({
      name,
      status: expect.toSatisfy((code: number) => code < 400),
    });
}

const keepAlive: Call = (agent) => agent.send('POST', '/session/keep_alive');

describe('access ends when it ends', () => {
  it('a producer set inactive is signed out: lists, details, exports, keep-alive', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('partner').login);
    const producerId = await producerIdOf(t.database.db, 'A1001');
    const calls: Record<string, Call> = {
      list: (a) => a.send('POST', '/b2b/clients', {}),
      followupTypes: (a) => a.get('/b2b/get_all_followup_type'),
      export: (a) => a.get('/b2b/nb_export'),
      profile: (a) => a.get(`/b2b/profile/${producerId}`),
      keepAlive,
    };
    await expectWorking(agent, calls);
    await t.database.db.update(producers).set({ isActive: false }).where(eq(producers.id, producerId));
    try {
      await expectAll(agent, calls, 401);
      expect((await agent.get('/me')).json().currentProducer).toBeNull();
    } finally {
      await t.database.db.update(producers).set({ isActive: true }).where(eq(producers.id, producerId));
    }
    // Made active again, the same session works again: nothing was deleted, the state is read as it is.
    await eventually(
      async () => (await agent.send('POST', '/b2b/clients', {})).statusCode,
      (code) => code === 200,
    );
  });

  it('a disabled client is signed out: plans, messages, keep-alive', async () => {
    const agent = new ApiAgent(t.app);
    const userId = await signInAs(t, agent, demoAccount('client').login);
    const calls: Record<string, Call> = {
      plans: (a) => a.get('/b2c/plans'),
      messages: (a) => a.get('/b2c/messages'),
      keepAlive,
    };
    await expectWorking(agent, calls);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
    try {
      await expectAll(agent, calls, 401);
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, userId));
    }
  });

  it('a staff member whose Revenues menu is revoked is refused the revenues at once', async () => {
    const agent = await agentFor(t, 'staff');
    const staffId = await staffIdOf(t, demoAccount('staff').login);
    const calls: Record<string, Call> = {
      search: (a) => a.send('POST', '/internal/revenues/search', { page: 1 }),
      options: (a) => a.get('/internal/revenues/options'),
    };
    await expectWorking(agent, calls);
    const revoked = and(
      eq(staffMenuPermissions.staffId, staffId),
      eq(staffMenuPermissions.path, INTERNAL_PERMISSIONS.revenues),
    );
    const rows = await t.database.db.select().from(staffMenuPermissions).where(revoked);
    expect(rows.length).toBeGreaterThan(0);
    await t.database.db.delete(staffMenuPermissions).where(revoked);
    try {
      await expectAll(agent, calls, 403);
    } finally {
      await t.database.db.insert(staffMenuPermissions).values(rows);
    }
  });

  it('a finished background export is not served once the permission that allowed it is revoked', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('partner').login);
    const producerId = await producerIdOf(t.database.db, 'A1001');
    const started = await agent.send('POST', '/b2b/report_exports', { reportType: 201 });
    expect(started.statusCode).toBe(202);
    const { jobId } = reportExportJobSchema.parse(started.json());
    const job = await eventually(
      async () => reportExportJobSchema.parse((await agent.get(`/b2b/report_exports/${jobId}`)).json()),
      (j) => j.state === 'done' || j.state === 'failed',
      60_000,
    );
    expect(job.state).toBe('done');
    const file = (a: ApiAgent) => a.get(`/b2b/report_exports/${jobId}/file`);
    expect((await file(agent)).statusCode).toBe(200);
    await t.database.db
      .update(producers)
      .set({ hasTrainingHistoryReportPermission: false })
      .where(eq(producers.id, producerId));
    try {
      const refused = await eventually(
        () => file(agent),
        (r) => r.statusCode === 403,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBeTruthy();
      expect(refused.headers['content-disposition']).toBeUndefined();
    } finally {
      await t.database.db
        .update(producers)
        .set({ hasTrainingHistoryReportPermission: true })
        .where(eq(producers.id, producerId));
    }
  }, 90_000);
});
