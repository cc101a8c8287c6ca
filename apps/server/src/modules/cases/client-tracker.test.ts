import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthAgent, createAuthTestApp, signedInAgent } from '../../testing/auth-agent.js';
import { rowsOf } from '../../testing/demo-database.js';
import { api } from '../../testing/http.js';
import { EXE_BYTES, multipartForm, PNG_BYTES } from '../../testing/multipart-form.js';
import { patch } from '../../testing/staff-agents.js';
import type { TestContext } from '../../testing/test-app.js';

let t: TestContext;
let client: AuthAgent;
let client2: AuthAgent;
let partner: AuthAgent;
let staff: AuthAgent;

interface TrackedItem {
  requirementId: number;
  type: string;
  status: string;
  dueDate: string | null;
  reason: string | null;
  documentCount?: number;
}
interface Tracked {
  id: number;
  stage: number;
  timeline: { stage: number; at: string }[];
  outstanding: TrackedItem[];
  clientItems: TrackedItem[];
}

/** The demo client's application with a payment proof outstanding from them (ensureDemoCases). */
let paymentProof: { applicationId: number; requirementId: number };

const uploadPath = (applicationId: number, requirementId: number) =>
  `/b2c/applications/${applicationId}/requirements/${requirementId}/documents`;

const upload = async (agent: AuthAgent, path: string, files: Parameters<typeof multipartForm>[1]) => {
  if (!agent.csrfToken) await agent.me();
  return agent.request({ method: 'POST', url: api(path), ...multipartForm({}, files) });
};

const itemState = async (id: number) => {
  const [row] = await rowsOf<{ status: string; documents: number; history: number }>(
    t.database.db,
    sql`select r.status,
          (select count(*)::int from requirement_documents d where d.requirement_id = r.id) as documents,
          (select count(*)::int from application_stage_history h where h.requirement_id = r.id) as history
        from application_requirements r where r.id = ${id}`,
  );
  if (!row) throw new Error(`no requirement ${id}`);
  return row;
};

beforeAll(async () => {
  ({ t } = await createAuthTestApp());
  client = await signedInAgent(t, 'client');
  client2 = await signedInAgent(t, 'client2');
  partner = await signedInAgent(t, 'partner');
  staff = await signedInAgent(t, 'staff', 'staff.localhost');
  const [row] = await rowsOf<{ application_id: number; id: number }>(
    t.database.db,
    sql`select r.application_id::int, r.id::int from application_requirements r
        join applications a on a.id = r.application_id join clients c on c.id = a.client_id
        where c.client_no = 'AG10000001' and r.type_code = 'PAYMENT_PROOF' and r.status = 'outstanding'
        order by r.id limit 1`,
  );
  if (!row) throw new Error('the demo client has no outstanding payment proof');
  paymentProof = { applicationId: row.application_id, requirementId: row.id };
});
afterAll(() => t.close());

describe("the client's application tracker", () => {
  it('lists their applications as timelines with only the items they provide, and what they still owe', async () => {
    const response = await client.get('/b2c/applications');
    expect(response.statusCode, response.body).toBe(200);
    const body: { data: Tracked[] } = response.json();
    const app = body.data.find((a) => a.id === paymentProof.applicationId);
    expect(app, 'the application with the payment proof').toBeDefined();
    if (!app) return;
    expect(app.outstanding).toContainEqual(
      expect.objectContaining({ requirementId: paymentProof.requirementId, type: 'PAYMENT_PROOF' }),
    );
    expect(app.timeline.at(-1)?.stage).toBe(app.stage);
    // Every item shown is the client's to provide; the advisor's FNA and the insurer's medical never are.
    const clientItemIds = new Set(
      (
        await rowsOf<{ id: number }>(
          t.database.db,
          sql`select r.id::int from application_requirements r join applications a on a.id = r.application_id
              join clients c on c.id = a.client_id where c.client_no = 'AG10000001' and r.provider = 'client'`,
        )
      ).map((r) => r.id),
    );
    for (const tracked of body.data)
      for (const item of tracked.clientItems) expect(clientItemIds.has(item.requirementId)).toBe(true);
    expect(response.body).not.toMatch(/internalRemark|internal_remark|decidedBy/);
    // Another client's tracker holds none of these applications.
    const other: { data: Tracked[] } = (await client2.get('/b2c/applications')).json();
    expect(other.data.map((a) => a.id)).not.toContain(paymentProof.applicationId);
  });

  it('refuses a program named like a PDF by its bytes, and writes nothing', async () => {
    const before = await itemState(paymentProof.requirementId);
    const refused = await upload(client, uploadPath(paymentProof.applicationId, paymentProof.requirementId), [
      { name: 'receipt.pdf', type: 'application/pdf', data: EXE_BYTES },
    ]);
    expect(refused.statusCode, refused.body).toBe(415);
    expect(refused.json().error).toMatch(/PDF, JPEG, PNG/);
    expect(await itemState(paymentProof.requirementId)).toEqual(before);
  });

  it("answers 404 for another client's item, an advisor's item and an item of another application", async () => {
    const path = uploadPath(paymentProof.applicationId, paymentProof.requirementId);
    const file = [{ name: 'receipt.png', type: 'image/png', data: PNG_BYTES }];
    expect((await upload(client2, path, file)).statusCode).toBe(404);
    const [advisorItem] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from application_requirements where application_id = ${paymentProof.applicationId}
          and provider <> 'client' order by id limit 1`,
    );
    if (advisorItem) {
      const response = await upload(client, uploadPath(paymentProof.applicationId, advisorItem.id), file);
      expect(response.statusCode).toBe(404);
    }
    const [elsewhere] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from application_requirements where application_id <> ${paymentProof.applicationId}
          and provider = 'client' order by id limit 1`,
    );
    if (!elsewhere) throw new Error('no item of another application');
    expect(
      (await upload(client, uploadPath(paymentProof.applicationId, elsewhere.id), file)).statusCode,
    ).toBe(404);
    // Staff and producers have no tracker.
    expect((await partner.get('/b2c/applications')).statusCode).toBeGreaterThanOrEqual(403);
    expect(
      (await upload(client, uploadPath(paymentProof.applicationId, paymentProof.requirementId), []))
        .statusCode,
    ).toBe(400);
  });

  it('takes a payment proof: the item is received, dated, audited, counted in the checklist, and the producer told', async () => {
    const response = await upload(
      client,
      uploadPath(paymentProof.applicationId, paymentProof.requirementId),
      [{ name: 'bank-slip.png', type: 'image/png', data: PNG_BYTES }],
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      requirementId: paymentProof.requirementId,
      status: 'received',
      documentCount: 1,
    });
    expect(await itemState(paymentProof.requirementId)).toEqual({
      status: 'received',
      documents: 1,
      history: 1,
    });
    const [audit] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'cases.documents_sent'
          and details->>'requirementId' = ${String(paymentProof.requirementId)}`,
    );
    expect(audit?.n).toBe(1);
    const tracked: { data: Tracked[] } = (await client.get('/b2c/applications')).json();
    const app = tracked.data.find((a) => a.id === paymentProof.applicationId);
    expect(app?.outstanding.map((i) => i.requirementId)).not.toContain(paymentProof.requirementId);
    expect(app?.clientItems).toContainEqual(
      expect.objectContaining({
        requirementId: paymentProof.requirementId,
        status: 'received',
        documentCount: 1,
      }),
    );
    // The producer of the application: told, with a link to the case, and its checklist counts the document.
    const [notice] = await rowsOf<{ link: string }>(
      t.database.db,
      sql`select n.link from notifications n join applications a on a.producer_id = n.recipient_id
          where n.audience = 'producer' and n.type = 'requirement_received' and a.id = ${paymentProof.applicationId}`,
    );
    expect(notice?.link).toBe(`/b2b?case=${paymentProof.applicationId}`);
    const checklist = await staffChecklist(paymentProof.applicationId);
    expect(checklist).toContainEqual({ id: paymentProof.requirementId, documents: 1 });
  });

  it('takes a second page while the office has not started, and refuses once it is under review (409)', async () => {
    const path = uploadPath(paymentProof.applicationId, paymentProof.requirementId);
    const file = [{ name: 'page-2.png', type: 'image/png', data: PNG_BYTES }];
    const second = await upload(client, path, file);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().documentCount).toBe(2);
    if (!staff.csrfToken) await staff.me();
    const review = await patch(staff, `/internal/requirements/${paymentProof.requirementId}`, {
      status: 'under_review',
    });
    expect(review.statusCode, review.body).toBe(200);
    const refused = await upload(client, path, file);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatch(/already with the office/);
    expect((await itemState(paymentProof.requirementId)).documents).toBe(2);
  });
});

/** Document counts per item, as the database holds them (what the producer's checklist reads). */
async function staffChecklist(applicationId: number) {
  return rowsOf<{ id: number; documents: number }>(
    t.database.db,
    sql`select r.id::int, count(d.upload_id)::int as documents from application_requirements r
        left join requirement_documents d on d.requirement_id = r.id
        where r.application_id = ${applicationId} group by r.id having count(d.upload_id) > 0`,
  );
}
