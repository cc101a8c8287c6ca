import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthAgent, createAuthTestApp, signedInAgent } from '../../testing/auth-agent.js';
import { rowsOf } from '../../testing/demo-database.js';
import { api } from '../../testing/http.js';
import { multipartForm, PNG_BYTES } from '../../testing/multipart-form.js';
import { patch } from '../../testing/staff-agents.js';
import type { TestContext } from '../../testing/test-app.js';

/*
 * The whole way of one item, as the issue asks it to be shown: the client sends a payment proof; the producer's home
 * counts it as received instead of owed; the office finds it in its queue, opens the document, accepts it; once every
 * mandatory item is cleared the case may be issued.
 */

let t: TestContext;
let client: AuthAgent;
let partner: AuthAgent;
let staff: AuthAgent;
let item: { applicationId: number; requirementId: number; producerId: number };

interface Home {
  outstandingFromClients: number;
  receivedRequirements: number;
  recentlyReceived: { requirementId: number }[];
}

const homeOf = async (producerId: number): Promise<Home> => {
  const response = await partner.get(`/b2b/home?selectedProducerId=${producerId}&includedTeam=false`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The ids of the queue's last page (oldest first: the newest items are at its end). */
const queueIds = async (filter = '') => {
  const first = await staff.get(`/internal/requirements?sizePerPage=50${filter}`);
  expect(first.statusCode, first.body).toBe(200);
  const lastPage = Math.max(1, Math.ceil(first.json().totalSize / 50));
  const response = await staff.get(`/internal/requirements?sizePerPage=50&page=${lastPage}${filter}`);
  return (response.json().data as { id: number }[]).map((row) => row.id);
};

beforeAll(async () => {
  ({ t } = await createAuthTestApp());
  client = await signedInAgent(t, 'client');
  partner = await signedInAgent(t, 'partner');
  staff = await signedInAgent(t, 'staff', 'staff.localhost');
  await staff.me();
  const [row] = await rowsOf<{ application_id: number; id: number; producer_id: number }>(
    t.database.db,
    sql`select r.application_id::int, r.id::int, a.producer_id::int from application_requirements r
        join applications a on a.id = r.application_id join clients c on c.id = a.client_id
        where c.client_no = 'AG10000001' and r.type_code = 'PAYMENT_PROOF' and r.status = 'outstanding'
        order by r.id limit 1`,
  );
  if (!row) throw new Error('the demo client has no outstanding payment proof');
  item = { applicationId: row.application_id, requirementId: row.id, producerId: row.producer_id };
});
afterAll(() => t.close());

describe("the office's review", () => {
  it('follows a payment proof from the client to an issued policy', async () => {
    const before = await homeOf(item.producerId);
    expect(await queueIds()).not.toContain(item.requirementId);

    await client.me();
    const sent = await client.request({
      method: 'POST',
      url: api(`/b2c/applications/${item.applicationId}/requirements/${item.requirementId}/documents`),
      ...multipartForm({}, [{ name: 'slip.png', type: 'image/png', data: PNG_BYTES }]),
    });
    expect(sent.statusCode, sent.body).toBe(200);

    // The producer's home: one item fewer owed by clients, one more received, and it is among the latest.
    const after = await homeOf(item.producerId);
    expect(after.outstandingFromClients).toBe(before.outstandingFromClients - 1);
    expect(after.receivedRequirements).toBe(before.receivedRequirements + 1);
    expect(after.recentlyReceived.map((r) => r.requirementId)).toContain(item.requirementId);

    // The office's queue, filtered and not; the case with its document.
    expect(await queueIds()).toContain(item.requirementId);
    expect(await queueIds('&status=received')).toContain(item.requirementId);
    expect(await queueIds('&status=under_review')).not.toContain(item.requirementId);
    const opened = await staff.get(`/internal/applications/${item.applicationId}/requirements`);
    expect(opened.statusCode, opened.body).toBe(200);
    const documents = opened.json().documents[String(item.requirementId)];
    expect(documents).toEqual([
      expect.objectContaining({ fileName: 'slip.png', kind: 'png', size: PNG_BYTES.length }),
    ]);

    const file = await staff.get(`/internal/requirements/${item.requirementId}/documents/${documents[0].id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    const [opening] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'cases.document_opened'
          and details->>'requirementId' = ${String(item.requirementId)}`,
    );
    expect(opening?.n).toBe(1);
    // A document is reached only under its own requirement.
    const elsewhere = await staff.get(
      `/internal/requirements/${item.requirementId + 1}/documents/${documents[0].id}`,
    );
    expect(elsewhere.statusCode).toBe(404);

    const accepted = await patch(staff, `/internal/requirements/${item.requirementId}`, {
      status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await queueIds()).not.toContain(item.requirementId);
    expect((await homeOf(item.producerId)).receivedRequirements).toBe(before.receivedRequirements);

    // The stage rule: refused while other mandatory items are open, allowed once the office clears them.
    const open = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from application_requirements where application_id = ${item.applicationId}
          and mandatory and status not in ('accepted', 'waived') order by id`,
    );
    const stage = (
      await staff.send('POST', `/internal/applications/${item.applicationId}/stage`, { stage: 6 })
    ).statusCode;
    expect(stage).toBe(open.length > 0 ? 409 : 200);
    for (const { id } of open) {
      const waived = await patch(staff, `/internal/requirements/${id}`, {
        status: 'waived',
        reason: 'Seen at the branch',
      });
      expect(waived.statusCode, waived.body).toBe(200);
    }
    if (open.length > 0) {
      const issued = await staff.send('POST', `/internal/applications/${item.applicationId}/stage`, {
        stage: 6,
      });
      expect(issued.statusCode, issued.body).toBe(200);
    }
  });

  it("answers 404 for another site's case, and pages the queue within its bounds", async () => {
    const [ipc] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from applications where site_code = 'ipc' order by id limit 1`,
    );
    if (!ipc) throw new Error('no ipc application');
    expect((await staff.get(`/internal/applications/${ipc.id}/requirements`)).statusCode).toBe(404);
    expect((await staff.get('/internal/requirements?sizePerPage=51')).statusCode).toBe(400);
    expect((await staff.get('/internal/requirements?status=accepted')).statusCode).toBe(400);
    const oldest = await staff.get('/internal/requirements?sizePerPage=3');
    const newest = await staff.get('/internal/requirements?sizePerPage=3&order=newest');
    expect(oldest.statusCode).toBe(200);
    const times = (answer: typeof oldest) =>
      (answer.json().data as { statusChangedAt: string }[]).map((row) => row.statusChangedAt);
    expect(times(oldest)).toEqual([...times(oldest)].sort());
    expect(times(newest)).toEqual([...times(newest)].sort().reverse());
    expect(times(newest)[0] ?? '').not.toBe(times(oldest)[0]);
    expect((await staff.get('/internal/requirements?order=random')).statusCode).toBe(400);
  });
});
