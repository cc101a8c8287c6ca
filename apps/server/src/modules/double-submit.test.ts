import {
  markMessageReadResponseSchema,
  messageListResponseSchema,
  reportExportJobSchema,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessages, reportExportJobs, revenues } from '../db/schema/index.js';
import { demoAccount } from '../db/seed/demo-accounts.js';
import { ApiAgent, api } from '../testing/http.js';
import { signedIn } from '../testing/producer-fixtures.js';
import { signInAs } from '../testing/sessions.js';
import { agentFor, auditRowsOf, patch, revenueIds, setRevenue, versionOf } from '../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';

/*
 * A double-submitted write makes one record (docs/security/faults-and-double-submit.md): the business endpoints —
 * background exports, message read, revenue edit and delete — each sent twice at the same moment and twice in a row.
 * The account endpoints are in auth/double-submit.test.ts.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const twice = <T>(send: () => Promise<T>) => Promise.all([send(), send()]);

describe('POST /b2b/report_exports twice', () => {
  const startJob = (agent: ApiAgent, form: Record<string, unknown>) =>
    agent.request({ method: 'POST', url: api('/b2b/report_exports', agent.lang), payload: form });
  const jobsOf = async (userId: number) =>
    t.database.db.select().from(reportExportJobs).where(eq(reportExportJobs.userId, userId));

  it('at the same moment and in a row: one job, both answers name it; a later request is a new export', async () => {
    const partner = await signedIn(t, 'partner');
    const form = { reportType: 1, dateFrom: '2020-01-01', dateTo: '2026-06-30' };
    const before = (await jobsOf(partner.userId)).length;
    const together = await twice(() => startJob(partner.agent, form));
    expect(together.map((r) => r.statusCode)).toEqual([202, 202]);
    const [a, b] = together.map((r) => reportExportJobSchema.parse(r.json()).jobId);
    expect(a).toBe(b);
    // Still live or not, the count of rows says whether a second job was made.
    const afterTogether = await jobsOf(partner.userId);
    expect(afterTogether.length - before).toBe(1);

    // In a row: while the first is live the repeat answers it; once it is done, the same form is a new export.
    const again = await startJob(partner.agent, form);
    const [job] = await t.database.db
      .select()
      .from(reportExportJobs)
      .where(eq(reportExportJobs.id, a as string));
    const live = job?.state === 'queued' || job?.state === 'running';
    const againId = reportExportJobSchema.parse(again.json()).jobId;
    if (live) expect(againId).toBe(a);
    expect((await jobsOf(partner.userId)).length - before).toBe(live ? 1 : 2);

    // A different form is a different export, never taken for a repeat.
    const other = await startJob(partner.agent, { ...form, dateFrom: '2021-01-01' });
    expect(reportExportJobSchema.parse(other.json()).jobId).not.toBe(a);
  });

  it('a repeat at the live-jobs limit answers the live job instead of 429', async () => {
    const partner = await signedIn(t, 'subpartner');
    const form = { reportType: 1, dateFrom: '2019-01-01', dateTo: '2026-06-30' };
    const first = reportExportJobSchema.parse((await startJob(partner.agent, form)).json());
    // Hold it live and fill the producer's other slots, as if several exports were running.
    await t.database.db
      .update(reportExportJobs)
      .set({ state: 'running', heartbeatAt: new Date() })
      .where(eq(reportExportJobs.id, first.jobId));
    for (const dateFrom of ['2018-01-01', '2017-01-01']) {
      const filler = reportExportJobSchema.parse(
        (await startJob(partner.agent, { ...form, dateFrom })).json(),
      );
      await t.database.db
        .update(reportExportJobs)
        .set({ state: 'running', heartbeatAt: new Date() })
        .where(eq(reportExportJobs.id, filler.jobId));
    }
    const repeat = await startJob(partner.agent, form);
    expect(repeat.statusCode).toBe(202);
    expect(reportExportJobSchema.parse(repeat.json()).jobId).toBe(first.jobId);
    expect((await startJob(partner.agent, { ...form, dateFrom: '2016-01-01' })).statusCode).toBe(429);
    await t.database.db.delete(reportExportJobs).where(eq(reportExportJobs.userId, partner.userId));
  });
});

describe('POST /b2c/messages/{id}/read twice', () => {
  it('marks the message read once: the second answer changes nothing, read_at keeps the first instant', async () => {
    const client = new ApiAgent(t.app, 'afs.localhost');
    await signInAs(t, client, demoAccount('client').login);
    await client.me();
    const { data } = messageListResponseSchema.parse((await client.get('/b2c/messages')).json());
    const unread = data.find((m) => !m.read);
    if (!unread) throw new Error('no unread message');
    const count = async () => (await client.get('/me')).json().currentClient.messageCount as number;
    const before = await count();
    const answers = await twice(() => client.send('POST', `/b2c/messages/${unread.id}/read`));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    for (const a of answers)
      expect(markMessageReadResponseSchema.parse(a.json()).messageCount).toBe(before - 1);
    const readAt = async () =>
      (await t.database.db.select().from(clientMessages).where(eq(clientMessages.id, unread.id)))[0]?.readAt;
    const first = await readAt();
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    await client.send('POST', `/b2c/messages/${unread.id}/read`);
    expect(await readAt()).toEqual(first);
    expect(await count()).toBe(before - 1);
  });
});

describe('PATCH and DELETE /internal/revenues/{id} twice', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = await revenueIds(t);
  });

  it('PATCH with one version: one edit, one success in the audit, the other 409', async () => {
    const id = ids[3] as number;
    await setRevenue(t, id, { commissionType: 'R', editable: true });
    const staff = await agentFor(t, 'staff');
    const version = await versionOf(t, id);
    const answers = await twice(() =>
      patch(staff, `/internal/revenues/${id}`, { version, internalRemark: 'double click' }),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await auditRowsOf(t, 'staff.revenue_update', id);
    expect(rows.filter((r) => r.outcome === 'success')).toHaveLength(1);
    // In a row, the second click still carries the old version: refused, nothing changed.
    const changedAt = (await t.database.db.select().from(revenues).where(eq(revenues.id, id)))[0]?.updatedAt;
    const late = await patch(staff, `/internal/revenues/${id}`, { version, internalRemark: 'double click' });
    expect(late.statusCode).toBe(409);
    expect((await t.database.db.select().from(revenues).where(eq(revenues.id, id)))[0]?.updatedAt).toEqual(
      changedAt,
    );
  });

  it('DELETE: one delete, one success in the audit, the other 404', async () => {
    const id = ids[4] as number;
    await setRevenue(t, id, { deletable: true });
    const staff = await agentFor(t, 'staff');
    await staff.me();
    const answers = await twice(() => staff.send('DELETE', `/internal/revenues/${id}`));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    const rows = await auditRowsOf(t, 'staff.revenue_delete', id);
    expect(rows.filter((r) => r.outcome === 'success')).toHaveLength(1);
    expect((await staff.send('DELETE', `/internal/revenues/${id}`)).statusCode).toBe(404);
  });
});
