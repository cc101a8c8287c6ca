import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationRequirements,
  applicationStageHistory,
  applications,
  auditLog,
} from '../../db/schema/index.js';
import { rowsOf } from '../../testing/demo-database.js';
import type { ApiAgent } from '../../testing/http.js';
import { agentFor, patch } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let staff: ApiAgent;
let partner1: ApiAgent;
/** partner1's team's pending application whose signed application form is open (ensureDemoCases). */
let pendingId: number;

const stagePath = (id: number) => `/internal/applications/${id}/stage`;

async function openMandatoryOf(applicationId: number) {
  return rowsOf<{ id: number; status: string }>(
    t.database.db,
    sql`select id::int, status from application_requirements where application_id = ${applicationId}
      and mandatory and status not in ('accepted', 'waived') order by id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  // 00:10 on 2 July in Hong Kong, still 1 July in UTC: the stage's day is Hong Kong's.
  t.clock.now = new Date('2026-07-01T16:10:00Z');
  staff = await agentFor(t, 'staff');
  await staff.me();
  partner1 = await agentFor(t, 'partner', 'afs.localhost');
  const [row] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select a.id::int from application_requirements r join applications a on a.id = r.application_id
      join producers p on p.id = a.producer_id
      where p.code = 'A1001' and a.stage between 1 and 5 and r.type_code = 'SIGNED_APPLICATION'
        and r.status = 'outstanding' and a.category in ('IN', 'IL') order by a.id limit 1`,
  );
  if (!row)
    throw new Error('the demo has no pending insurance application of partner1 with an open signed form');
  pendingId = row.id;
});
afterAll(() => t.close());

describe('the stage rule', () => {
  it('lists the checklist with who owes each item, the sales steps first', async () => {
    const response = await partner1.get(`/b2b/applications/${pendingId}/requirements`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const types = body.data.map((r: { type: string }) => r.type);
    expect(types.slice(0, 2)).toEqual(['FNA', 'RPQ']);
    expect(body.data).toContainEqual(
      expect.objectContaining({
        type: 'SIGNED_APPLICATION',
        status: 'outstanding',
        mandatory: true,
        provider: 'client',
      }),
    );
    expect(body.stage).toBeGreaterThanOrEqual(1);
    expect(body.stageEnteredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses an issued stage with the open mandatory items (409), then allows it once they are cleared', async () => {
    const open = await openMandatoryOf(pendingId);
    expect(open.length).toBeGreaterThan(0);
    const refused = await staff.send('POST', stagePath(pendingId), { stage: 6 });
    expect(refused.statusCode, refused.body).toBe(409);
    const refusal = refused.json();
    expect(refusal.error).toMatch(/mandatory/);
    expect(refusal.openRequirements.map((r: { id: number }) => r.id)).toEqual(open.map((r) => r.id));
    const [unchanged] = await t.database.db
      .select({ stage: applications.stage })
      .from(applications)
      .where(eq(applications.id, pendingId));
    expect(unchanged?.stage).not.toBe(6);

    // An outstanding item cannot be accepted (nothing was received): the reviewer waives it, with a reason.
    for (const item of open) {
      const accept = await patch(staff, `/internal/requirements/${item.id}`, { status: 'accepted' });
      if (item.status === 'outstanding' || item.status === 'rejected') {
        expect(accept.statusCode, accept.body).toBe(400);
        const noReason = await patch(staff, `/internal/requirements/${item.id}`, { status: 'waived' });
        expect(noReason.statusCode).toBe(400);
        expect(noReason.json().errors.reason).toBeDefined();
        const waived = await patch(staff, `/internal/requirements/${item.id}`, {
          status: 'waived',
          reason: 'Provider accepted the original',
        });
        expect(waived.statusCode, waived.body).toBe(200);
      } else {
        expect(accept.statusCode, accept.body).toBe(200);
      }
    }
    expect(await openMandatoryOf(pendingId)).toEqual([]);

    const allowed = await staff.send('POST', stagePath(pendingId), { stage: 6 });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // IN and IL: 21 days of cooling-off from the Hong Kong day the policy is delivered.
    expect(allowed.json()).toEqual({
      id: pendingId,
      stage: 6,
      stageEnteredOn: '2026-07-02',
      coolingOffEndsOn: '2026-07-23',
    });
    const history = await t.database.db
      .select({
        stage: applicationStageHistory.stage,
        requirementId: applicationStageHistory.requirementId,
        status: applicationStageHistory.requirementStatus,
      })
      .from(applicationStageHistory)
      .where(eq(applicationStageHistory.applicationId, pendingId))
      .orderBy(applicationStageHistory.changedAt, applicationStageHistory.id);
    expect(history.at(-1)).toEqual({ stage: 6, requirementId: null, status: null });
    const requirementLines = history.filter((h) => h.requirementId !== null);
    expect(requirementLines.length).toBe(open.length);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          sql`${auditLog.action} like 'cases.%'`,
          sql`${auditLog.details}->>'applicationId' = ${String(pendingId)}`,
        ),
      );
    expect(audits.filter((a) => a.action === 'cases.stage_changed')).toHaveLength(1);
    expect(audits.filter((a) => a.action === 'cases.requirement_decided')).toHaveLength(open.length);
    // The application's producer hears of it in their notification centre, with the stage in words and a link.
    const notices = await rowsOf<{ link: string; item: string }>(
      t.database.db,
      sql`select n.link, n.params->>'item' as item from notifications n
        join applications a on a.producer_id = n.recipient_id
        where a.id = ${pendingId} and n.audience = 'producer' and n.type = 'application_stage_changed'`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.link).toBe(`/b2b?case=${pendingId}`);
    expect(notices[0]?.item).toMatch(/: Policy arrived at office or couriered to client$/);
    // Its client too, when they have an account: the link opens their tracker.
    const clientNotices = await rowsOf<{ link: string }>(
      t.database.db,
      sql`select n.link from notifications n join applications a on a.client_id = n.recipient_id
        where a.id = ${pendingId} and n.audience = 'client' and n.type = 'application_stage_changed'`,
    );
    const [clientAccount] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users u join applications a on a.client_id = u.client_id where a.id = ${pendingId}`,
    );
    expect(clientNotices.map((n) => n.link)).toEqual(clientAccount?.n ? ['/b2c/applications'] : []);
  });

  it('refuses the same stage and a stage outside 1–8 (400), and a cleared item stays cleared', async () => {
    const same = await staff.send('POST', stagePath(pendingId), { stage: 6 });
    expect(same.statusCode).toBe(400);
    const bad = await staff.send('POST', stagePath(pendingId), { stage: 9 });
    expect(bad.statusCode).toBe(400);
    const [cleared] = await t.database.db
      .select({ id: applicationRequirements.id })
      .from(applicationRequirements)
      .where(
        and(
          eq(applicationRequirements.applicationId, pendingId),
          eq(applicationRequirements.status, 'waived'),
        ),
      )
      .limit(1);
    if (!cleared) throw new Error('no waived item');
    const reopen = await patch(staff, `/internal/requirements/${cleared.id}`, {
      status: 'rejected',
      reason: 'x',
    });
    expect(reopen.statusCode).toBe(400);
  });

  it('answers 404 for an application of another team or site, and for staff of another site', async () => {
    const partner2 = await agentFor(t, 'otherPartner', 'afs.localhost');
    expect((await partner2.get(`/b2b/applications/${pendingId}/requirements`)).statusCode).toBe(404);
    const ipc = await agentFor(t, 'ipcProducer', 'ipc.localhost');
    expect((await ipc.get(`/b2b/applications/${pendingId}/requirements`)).statusCode).toBe(404);
    expect((await partner1.get('/b2b/applications/99999999/requirements')).statusCode).toBe(404);
  });

  it('refuses staff without the Case Requirements menu (403)', async () => {
    const staff3 = await agentFor(t, 'staff3');
    await staff3.me();
    const response = await staff3.send('POST', stagePath(pendingId), { stage: 7 });
    expect(response.statusCode).toBe(403);
  });
});
