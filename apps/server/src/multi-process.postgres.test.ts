import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { reportExportJobSchema, statementPolicyListSchema } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAccount } from './db/seed/demo-accounts.js';
import { readLatestMail, waitForMail } from './mail/index.js';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from './testing/engines.js';
import { Browser, ready, type Server, startServer, stopServer } from './testing/server-process.js';

/*
 * Two real server processes on one PostgreSQL database, as behind a load balancer without sticky sessions
 * (docs/operations.md, "Several processes"; decision 026). Every request names the process it goes to; whatever one
 * process knows, the other must know too: sessions, locks, limits, queued mail, the render cap, export files.
 */

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('two server processes on one database', () => {
  const baseUrl = process.env.DATABASE_URL as string;
  const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    await adminQuery(baseUrl, `create database ${name} template ${inject('dbTemplate')}`);
    // The demo client signs in without a one-time code here, so the render cap can be shown with their statements.
    await adminQuery(
      databaseUrl(baseUrl, name),
      `update users set otp_required = false where login = '${demoAccount('client').login}'`,
    );
    const url = databaseUrl(baseUrl, name);
    // A is a web-only process: it queues e-mails, B's workers send them. Both start at the same moment on a database
    // no process has started on yet, so both try to create pg-boss' queues at once (jobs/queue.ts lets one do it, under an advisory lock).
    [a, b] = await Promise.all([
      startServer('A', { DATABASE_URL: url, JOB_WORKERS: 'false' }),
      startServer('B', { DATABASE_URL: url, JOB_WORKERS: 'true' }),
    ]);
    await Promise.all([ready(a), ready(b)]);
  });
  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      await stopServer(server);
      rmSync(server.outboxDir, { recursive: true, force: true });
    }
    await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  });

  it('shares a session: signed in on A, known on B, signed out on B is signed out on A', async () => {
    const partner = demoAccount('partner');
    const browser = new Browser();
    const signedIn = await browser.signIn(a, partner.login, partner.password);
    expect(signedIn.status, JSON.stringify(signedIn.data)).toBe(200);
    expect(signedIn.data.currentProducer).not.toBeNull();

    const onB = await browser.json(b, 'GET', '/me');
    expect(onB.data.currentProducer?.name ?? onB.data.currentProducer).toBeTruthy();
    expect((await browser.json(b, 'GET', '/session')).status).toBe(200);

    // A has read the session too, so it holds it in memory (decision 027)...
    expect((await browser.json(a, 'GET', '/me')).data.currentProducer).not.toBeNull();
    const cookies = new Map(browser.cookies);
    expect((await browser.json(b, 'DELETE', '/logout')).status).toBe(200);
    // ...and forgets it on B's notification: the old cookie, replayed on A, names a session that no longer exists.
    const replay = new Browser();
    for (const [k, v] of cookies) replay.cookies.set(k, v);
    const startedAt = Date.now();
    let status = (await replay.json(a, 'GET', '/session')).status;
    while (status !== 401 && Date.now() - startedAt < 1000) {
      await sleep(10);
      status = (await replay.json(a, 'GET', '/session')).status;
    }
    expect(status).toBe(401);
    expect((await replay.json(a, 'GET', '/me')).data.currentProducer).toBeNull();
  });

  it("ends a session from B's Security page: that session's next request on A is signed out", async () => {
    const producer = demoAccount('subpartner');
    const owner = new Browser();
    const other = new Browser();
    for (const browser of [owner, other])
      expect((await browser.signIn(a, producer.login, producer.password)).status).toBe(200);
    // A holds the other browser's session in memory now (decision 027).
    expect((await other.json(a, 'GET', '/me')).data.currentProducer).not.toBeNull();
    const listed = await owner.json(b, 'GET', '/account/sessions');
    const target = (listed.data.data as { id: string; current: boolean }[]).find((s) => !s.current);
    expect(target).toBeDefined();
    expect((await owner.json(b, 'DELETE', `/account/sessions/${target?.id}`)).status).toBe(200);
    const startedAt = Date.now();
    let status = (await other.json(a, 'GET', '/session')).status;
    while (status !== 401 && Date.now() - startedAt < 1000) {
      await sleep(10);
      status = (await other.json(a, 'GET', '/session')).status;
    }
    expect(status).toBe(401);
    expect((await owner.json(a, 'GET', '/me')).data.currentProducer).not.toBeNull();
  });

  it("shows on A what the client did on B: a message read on B lowers A's unread count", async () => {
    const client = demoAccount('client');
    const browser = new Browser();
    expect((await browser.signIn(a, client.login, client.password, 'b2c')).status).toBe(200);
    const before = (await browser.json(a, 'GET', '/me')).data.currentClient.messageCount as number;
    const messages = await browser.json(b, 'GET', '/b2c/messages');
    const unread = (messages.data.data as { id: number; read: boolean }[]).find((m) => !m.read);
    if (!unread) throw new Error('the demo client has no unread message');
    expect((await browser.json(b, 'POST', `/b2c/messages/${unread.id}/read`, {})).status).toBe(200);
    const startedAt = Date.now();
    let count = (await browser.json(a, 'GET', '/me')).data.currentClient.messageCount;
    while (count !== before - 1 && Date.now() - startedAt < 1000) {
      await sleep(10);
      count = (await browser.json(a, 'GET', '/me')).data.currentClient.messageCount;
    }
    expect(count).toBe(before - 1);
  });

  it('signs a producer set inactive out on both processes, each holding the session in memory', async () => {
    const producer = demoAccount('subpartner');
    const url = databaseUrl(baseUrl, name);
    const browser = new Browser();
    expect((await browser.signIn(a, producer.login, producer.password)).status).toBe(200);
    // Both processes read the session now, so both serve it from memory (decision 027).
    for (const server of [a, b])
      expect((await browser.json(server, 'POST', '/b2b/clients', {})).status).toBe(200);
    const setActive = (active: boolean) =>
      adminQuery(url, `update producers set is_active = ${active} where code = '${producer.advisorCode}'`);
    await setActive(false);
    try {
      for (const server of [a, b]) {
        const startedAt = Date.now();
        let status = (await browser.json(server, 'POST', '/b2b/clients', {})).status;
        while (status !== 401 && Date.now() - startedAt < 1000) {
          await sleep(10);
          status = (await browser.json(server, 'POST', '/b2b/clients', {})).status;
        }
        expect({ server: server.name, status }).toEqual({ server: server.name, status: 401 });
      }
    } finally {
      await setActive(true);
    }
  });

  it('locks an account after 5 wrong passwords, whichever process each went to', async () => {
    const consultant = demoAccount('consultant');
    const browser = new Browser();
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await browser.signIn(i % 2 === 0 ? a : b, consultant.login, 'Wrong-password1')).status);
    // The 5th failure brings the lock (docs/auth.md, "Account lock"): four on one process alone would not.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    for (const server of [a, b]) {
      const right = await browser.signIn(server, consultant.login, consultant.password);
      expect(right.status, server.name).toBe(429);
    }
  });

  it('counts a rate limit across processes: the 4th reset request of one login in an hour is refused', async () => {
    const browser = new Browser();
    const login = demoAccount('otherPartner').login;
    const statuses = [];
    for (const server of [a, b, a, b])
      statuses.push((await browser.json(server, 'POST', '/forget_password_b2b', { loginId: login })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('sends mail queued by a web-only process from the worker of another', async () => {
    const partner = demoAccount('partner');
    const before = await readLatestMail(b.outboxDir, partner.email);
    const answer = await new Browser().json(a, 'POST', '/forget_password_b2b', { loginId: partner.login });
    expect(answer.status).toBe(200);
    const mail = await waitForMail(b.outboxDir, partner.email, { after: before?.file, timeoutMs: 15_000 });
    expect(mail.subject).toBeTruthy();
    expect(mail.text).toMatch(/https?:\/\//);
    // A has no workers: it never sent anything.
    expect(await readLatestMail(a.outboxDir, partner.email)).toBeUndefined();
  });

  it("caps one person's renders across processes: a ZIP under way on A makes a PDF on B wait (429)", async () => {
    const client = demoAccount('client');
    const browser = new Browser();
    expect((await browser.signIn(b, client.login, client.password, 'b2c')).status).toBe(200);
    const plans = (await browser.json(b, 'GET', '/b2c/plans')).data.data as { id: number }[];
    let partyId = 0;
    for (const plan of plans) {
      partyId = (await browser.json(b, 'GET', `/b2c/plans/${plan.id}`)).data.partyId ?? 0;
      if (partyId) break;
    }
    const list = statementPolicyListSchema.parse(
      (await browser.json(b, 'GET', `/statement/policy_list/${partyId}`)).data,
    );
    const partyIds = list.accounts.map((account) => account.partyId);
    expect(partyIds.length).toBeGreaterThan(1);

    // Once A answers with its headers, the ZIP holds the person's one render slot until its last entry is made.
    const zip = await browser.call(a, 'GET', `/statement/download_zip?party_ids=${partyIds.join(',')}`);
    expect(zip.status).toBe(200);
    const refused = await browser.call(b, 'GET', `/statement/${partyIds[0]}.pdf`);
    const zipBytes = Buffer.from(await zip.arrayBuffer());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(zipBytes.subarray(0, 2).toString()).toBe('PK');
    // The ZIP is complete: the slot is free again, on every process.
    let pdf: Response | undefined;
    for (let i = 0; i < 20 && pdf?.status !== 200; i++) {
      if (i > 0) await sleep(100);
      pdf = await browser.call(b, 'GET', `/statement/${partyIds[0]}.pdf`);
    }
    expect(pdf?.status).toBe(200);
    expect(
      Buffer.from(await (pdf as Response).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 60_000);

  it('serves an export queued on A from B', async () => {
    const partner = demoAccount('partner');
    const browser = new Browser();
    expect((await browser.signIn(a, partner.login, partner.password)).status).toBe(200);
    const form = { reportType: 1, dateFrom: '2024-01-01', dateTo: '2026-06-30' };
    const created = await browser.json(a, 'POST', '/b2b/report_exports', form);
    expect(created.status, JSON.stringify(created.data)).toBe(202);
    const { jobId } = reportExportJobSchema.parse(created.data);

    let job = reportExportJobSchema.parse(created.data);
    const deadline = Date.now() + 30_000;
    while ((job.state === 'queued' || job.state === 'running') && Date.now() < deadline) {
      await sleep(100);
      job = reportExportJobSchema.parse((await browser.json(b, 'GET', `/b2b/report_exports/${jobId}`)).data);
    }
    expect(job.state, job.error).toBe('done');
    expect(job.totalRows).toBeGreaterThan(0);

    const file = await browser.call(b, 'GET', `/b2b/report_exports/${jobId}/file`);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(Number(file.headers.get('content-length'))).toBe(bytes.length);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect((workbook.worksheets[0] as ExcelJS.Worksheet).rowCount - 1).toBe(job.totalRows);
  }, 60_000);
});
