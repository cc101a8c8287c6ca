import {
  conversationDetailSchema,
  conversationListResponseSchema,
  conversationUnreadCountSchema,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../mail/outbox.js';
import { type AuthAgent, account, createAuthTestApp, signedInAgent } from '../../testing/auth-agent.js';
import { api } from '../../testing/http.js';
import { jobsSettled } from '../../testing/jobs.js';
import { EXE_BYTES, multipartForm, PNG_BYTES } from '../../testing/multipart-form.js';
import type { TestContext } from '../../testing/test-app.js';

let t: TestContext;
let outboxDir: string;
const agents = {} as Record<
  'client' | 'client2' | 'consultant' | 'subpartner' | 'partner3' | 'otherPartner' | 'staff',
  AuthAgent
>;
let producerIds: Record<string, number>;
let clientIds: Record<'client' | 'client2', number>;
let clientPlanNo: string;
let client2PlanNo: string;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  const [row] = result.rows;
  if (!row) throw new Error('no row');
  return row;
}

beforeAll(async () => {
  ({ t, outboxDir } = await createAuthTestApp());
  for (const key of Object.keys({
    client: 0,
    client2: 0,
    consultant: 0,
    subpartner: 0,
    partner3: 0,
    otherPartner: 0,
  }) as (keyof typeof agents)[])
    agents[key] = await signedInAgent(t, key === 'partner3' ? 'partnerWithAuthenticator' : key);
  agents.staff = await signedInAgent(t, 'staff', 'staff.localhost');
  const { rows } = (await t.database.db.execute(
    sql`select code, id from producers where site_code = 'afs' and code in ('A1002', 'A1003', 'A1004', 'A1008', 'A2001')`,
  )) as unknown as { rows: { code: string; id: string }[] };
  producerIds = Object.fromEntries(rows.map((r) => [r.code, Number(r.id)]));
  const clientOf = (login: string) =>
    one<{ id: string }>(sql`select id from clients where site_code = 'afs' and client_no = ${login}`);
  clientIds = {
    client: Number((await clientOf(account('client').login)).id),
    client2: Number((await clientOf(account('client2').login)).id),
  };
  const planOf = async (clientId: number) =>
    (
      await one<{ plan_no: string }>(
        sql`select plan_no from policies where owner_client_id = ${clientId} order by plan_no limit 1`,
      )
    ).plan_no;
  clientPlanNo = await planOf(clientIds.client);
  client2PlanNo = await planOf(clientIds.client2);
});
afterAll(() => t.close());

const list = async (agent: AuthAgent, query = '') => {
  const response = await agent.get(`/conversations${query}`);
  expect(response.statusCode).toBe(200);
  return conversationListResponseSchema.parse(response.json());
};
const thread = async (agent: AuthAgent, id: number, query = '') => {
  const response = await agent.get(`/conversations/${id}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return conversationDetailSchema.parse(response.json());
};
const unread = async (agent: AuthAgent) =>
  conversationUnreadCountSchema.parse((await agent.get('/conversations/unread_count')).json()).unread;
const start = async (agent: AuthAgent, body: Record<string, unknown>) => {
  const response = await agent.post('/conversations', body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: number }).id;
};

describe('a client and their advisor', () => {
  let id: number;

  it('lets the client write to their advisor, who sees it unread and is told by e-mail without the words', async () => {
    const before = await unread(agents.consultant);
    id = await start(agents.client, { subject: 'Question about my plan', body: 'Secret words <b>bold</b>' });
    const mine = await list(agents.client);
    expect(mine.data[0]).toMatchObject({ id, subject: 'Question about my plan', planNo: null, unread: 0 });
    const theirs = await list(agents.consultant);
    expect(theirs.data.find((c) => c.id === id)).toMatchObject({ unread: 1, withName: 'Tai Man Chan' });
    expect(await unread(agents.consultant)).toBe(before + 1);
    const detail = await thread(agents.consultant, id);
    expect(detail.messages).toHaveLength(1);
    // Stored and answered as typed: the screens show it as text, never as HTML.
    expect(detail.messages[0]).toMatchObject({
      body: 'Secret words <b>bold</b>',
      from: { kind: 'client', name: 'Tai Man Chan' },
      mine: false,
      readByOthers: false,
    });
    await jobsSettled(t);
    const consultantEmail = account('consultant').email;
    const mail = await readLatestMail(outboxDir, consultantEmail);
    expect(mail?.subject).toContain('new message');
    expect(mail?.text).not.toContain('Secret words');
    expect(mail?.html ?? '').not.toContain('<b>bold</b>');
    // In the advisor's notification centre, the notice links to the conversation in the producer area.
    const centre = (await agents.consultant.get('/notifications')).json() as {
      data: { type: string; link: string | null }[];
    };
    expect(centre.data.find((n) => n.type === 'message_received')?.link).toBe(`/b2b/conversations/${id}`);
  });

  it('counts unread until the advisor opens it, and shows the read receipt to the client', async () => {
    const before = await unread(agents.consultant);
    const read = await agents.consultant.post(`/conversations/${id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().unread).toBe(before - 1);
    expect((await thread(agents.client, id)).messages[0]?.readByOthers).toBe(true);
    const reply = await agents.consultant.post(`/conversations/${id}/messages`, { body: 'Happy to help.' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await unread(agents.client)).toBeGreaterThanOrEqual(1);
    const seen = await thread(agents.client, id);
    expect(seen.messages.map((m) => [m.from.kind, m.body])).toEqual([
      ['client', 'Secret words <b>bold</b>'],
      ['producer', 'Happy to help.'],
    ]);
    expect(seen.participants.map((p) => p.kind)).toEqual(['client', 'producer']);
  });

  it("answers 404 to another client, a producer outside the client's team, and an upline without viewing as", async () => {
    for (const agent of [agents.client2, agents.otherPartner, agents.partner3, agents.subpartner]) {
      expect((await agent.get(`/conversations/${id}`)).statusCode).toBe(404);
      expect((await agent.post(`/conversations/${id}/messages`, { body: 'hi' })).statusCode).toBe(404);
      expect((await agent.post(`/conversations/${id}/read`)).statusCode).toBe(404);
      expect((await list(agent)).data.some((c) => c.id === id)).toBe(false);
    }
    // The back office takes no part: its host has no conversations at all.
    expect((await agents.staff.get('/conversations')).statusCode).toBe(404);
  });

  it('lets the upline read it through viewing as, audited and read-only; not a sibling branch or another team', async () => {
    const as = `?producerId=${producerIds.A1004}`;
    const viewed = await thread(agents.subpartner, id, as);
    expect(viewed.canWrite).toBe(false);
    expect((await list(agents.subpartner, as)).data.some((c) => c.id === id)).toBe(true);
    const audit = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'producer.team_view'
        and details ->> 'what' = 'conversation' and (details ->> 'conversationId')::bigint = ${id}`,
    );
    expect(audit.n).toBeGreaterThanOrEqual(1);
    expect((await agents.partner3.get(`/conversations/${id}${as}`)).statusCode).toBe(404);
    expect((await agents.otherPartner.get(`/conversations${as}`)).statusCode).toBe(404);
    expect((await agents.client2.get(`/conversations/${id}${as}`)).statusCode).toBe(404);
  });

  it('lets a sender retract within five minutes, keeps the words for the audit, and refuses later or others', async () => {
    const sent = await agents.client.post(`/conversations/${id}/messages`, { body: 'Oops, wrong plan' });
    const messageId = (sent.json() as { id: number }).id;
    const consultantView = await thread(agents.consultant, id);
    const consultantMessage = consultantView.messages.find((m) => m.from.kind === 'producer');
    expect(
      (await agents.client.post(`/conversations/${id}/messages/${consultantMessage?.id}/retract`)).statusCode,
    ).toBe(404);
    const retracted = await agents.client.post(`/conversations/${id}/messages/${messageId}/retract`);
    expect(retracted.statusCode, retracted.body).toBe(200);
    const after = (await thread(agents.consultant, id)).messages.find((m) => m.id === messageId);
    expect(after).toMatchObject({ body: '', retractedAt: expect.any(String) });
    const kept = await one<{ body: string }>(
      sql`select body from conversation_messages where id = ${messageId}`,
    );
    expect(kept.body).toBe('Oops, wrong plan');
    await expect(
      t.database.db.execute(sql`update conversation_messages set body = 'rewritten' where id = ${messageId}`),
    ).rejects.toThrow();
    expect((await agents.client.post(`/conversations/${id}/messages/${messageId}/retract`)).statusCode).toBe(
      409,
    );

    const late = await agents.client.post(`/conversations/${id}/messages`, { body: 'Another one' });
    const lateId = (late.json() as { id: number }).id;
    expect((await thread(agents.client, id)).messages.at(-1)?.retractableUntil).not.toBeNull();
    t.clock.now = new Date(t.clock.now.getTime() + 5 * 60_000 + 1000);
    expect((await agents.client.post(`/conversations/${id}/messages/${lateId}/retract`)).statusCode).toBe(
      409,
    );
    expect((await thread(agents.client, id)).messages.at(-1)?.retractableUntil).toBeNull();
  });
});

describe('starting a conversation', () => {
  it('refuses a plan of another client, and bad input with field errors and nothing written', async () => {
    const before = (await list(agents.client)).totalSize;
    const other = await agents.client.post('/conversations', {
      subject: 'x',
      body: 'y',
      planNo: client2PlanNo,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.planNo).toHaveLength(1);
    for (const body of [
      { subject: '   ', body: 'y' },
      { subject: 'x', body: 'y'.repeat(5001) },
      { subject: 'x'.repeat(151), body: 'y' },
      { subject: 'x', body: 'a\u0000b' },
      { subject: 'x' },
    ]) {
      const refused = await agents.client.post('/conversations', body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(refused.json().errors).toBeTypeOf('object');
    }
    expect((await list(agents.client)).totalSize).toBe(before);
    const about = await start(agents.client, {
      subject: 'About one plan',
      body: 'Hello',
      planNo: clientPlanNo,
    });
    expect((await thread(agents.consultant, about)).planNo).toBe(clientPlanNo);
  });

  it("lets a producer write to a client of their team, with the client's consultant taking part; 404 otherwise", async () => {
    const id = await start(agents.consultant, {
      subject: 'Your annual review',
      body: 'Shall we meet?',
      clientId: clientIds.client2,
    });
    const seen = await thread(agents.client2, id);
    expect(seen.participants.map((p) => p.kind)).toEqual(['client', 'producer', 'producer']);
    expect(await unread(agents.client2)).toBeGreaterThanOrEqual(1);
    expect(
      (
        await agents.otherPartner.post('/conversations', {
          subject: 's',
          body: 'b',
          clientId: clientIds.client,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await agents.partner3.post('/conversations', { subject: 's', body: 'b', clientId: clientIds.client }))
        .statusCode,
    ).toBe(404);
    const noClient = await agents.consultant.post('/conversations', { subject: 's', body: 'b' });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors.clientId).toHaveLength(1);
  });
});

// Real signatures, as a scanner and a camera write them, and a program.
const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const postForm = async (agent: AuthAgent, path: string, body: ReturnType<typeof multipartForm>) => {
  if (!agent.csrfToken) await agent.me();
  return agent.request({ method: 'POST', url: api(path), ...body });
};

describe('attachments', () => {
  let id: number;
  const messageCount = async () =>
    (
      await one<{ n: number }>(
        sql`select count(*)::int as n from conversation_messages where conversation_id = ${id}`,
      )
    ).n;

  it('takes files by their bytes, not their names, and serves them to participants only', async () => {
    const started = await postForm(
      agents.client,
      '/conversations',
      multipartForm({ subject: 'My statement', body: 'Attached' }, [
        { name: 'statement.pdf', type: 'application/pdf', data: PDF },
        // A photo named like a PDF is taken as the PNG it is.
        { name: 'scan.pdf', type: 'application/pdf', data: PNG_BYTES },
      ]),
    );
    expect(started.statusCode, started.body).toBe(200);
    id = (started.json() as { id: number }).id;
    const [message] = (await thread(agents.consultant, id)).messages;
    expect(message?.attachments.map((a) => [a.fileName, a.contentType])).toEqual([
      ['statement.pdf', 'application/pdf'],
      ['scan.pdf', 'image/png'],
    ]);
    const pdfId = message?.attachments[0]?.id;
    const download = await agents.consultant.get(`/conversations/${id}/attachments/${pdfId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    for (const agent of [agents.client2, agents.subpartner, agents.otherPartner])
      expect((await agent.get(`/conversations/${id}/attachments/${pdfId}`)).statusCode).toBe(404);
    expect(
      (
        await agents.subpartner.get(
          `/conversations/${id}/attachments/${pdfId}?producerId=${producerIds.A1004}`,
        )
      ).statusCode,
    ).toBe(200);
    // Another conversation's id with this attachment's id: not found.
    expect((await agents.client.get(`/conversations/${id + 1000}/attachments/${pdfId}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a program named like a PDF with 415 in the language of the request, writing nothing', async () => {
    const before = await messageCount();
    const uploads = await one<{ n: number }>(sql`select count(*)::int as n from uploaded_files`);
    const refused = await postForm(
      agents.client,
      `/conversations/${id}/messages`,
      multipartForm({ body: 'Here is the form' }, [
        { name: 'form.pdf', type: 'application/pdf', data: PDF },
        { name: 'invoice.pdf', type: 'application/pdf', data: EXE_BYTES },
      ]),
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toMatch(/PDF, JPEG, PNG/);
    expect(await messageCount()).toBe(before);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from uploaded_files`)).n).toBe(uploads.n);
    const blank = await postForm(
      agents.client,
      `/conversations/${id}/messages`,
      multipartForm({ body: ' ' }, []),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.body).toHaveLength(1);
  });

  it('no longer serves the files of a retracted message', async () => {
    const sent = await postForm(
      agents.client,
      `/conversations/${id}/messages`,
      multipartForm({ body: 'Wrong file' }, [{ name: 'wrong.png', type: 'image/png', data: PNG_BYTES }]),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const messageId = (sent.json() as { id: number }).id;
    const attachmentId = (await thread(agents.client, id)).messages.find((m) => m.id === messageId)
      ?.attachments[0]?.id;
    expect((await agents.consultant.get(`/conversations/${id}/attachments/${attachmentId}`)).statusCode).toBe(
      200,
    );
    expect((await agents.client.post(`/conversations/${id}/messages/${messageId}/retract`)).statusCode).toBe(
      200,
    );
    expect((await agents.consultant.get(`/conversations/${id}/attachments/${attachmentId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await thread(agents.consultant, id)).messages.find((m) => m.id === messageId)?.attachments,
    ).toEqual([]);
  });
});

describe('rate limit', () => {
  it('refuses a sender past twenty messages in five minutes with 429 and Retry-After', async () => {
    const id = await start(agents.client2, { subject: 'Many questions', body: 'First' });
    let refused: Awaited<ReturnType<AuthAgent['post']>> | undefined;
    for (let i = 0; i < 25 && !refused; i++) {
      const response = await agents.client2.post(`/conversations/${id}/messages`, { body: `Question ${i}` });
      if (response.statusCode === 429) refused = response;
      else expect(response.statusCode).toBe(200);
    }
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json().error).toMatch(/many messages/);
    // The consultant is counted on their own.
    expect(
      (
        await agents.consultant.post('/conversations', {
          subject: 's',
          body: 'b',
          clientId: clientIds.client2,
        })
      ).statusCode,
    ).toBe(200);
  });
});
