import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { statementPolicyListSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema/index.js';
import { demoAccount } from '../db/seed/demo-accounts.js';
import { loadStatement } from '../modules/statements/index.js';
import type { StatementDocument } from '../render/statement-model.js';
import { ApiAgent, api } from '../testing/http.js';
import { signInAs } from '../testing/sessions.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';
import { CLIENT_CLOSED_REQUEST } from './pool.js';

/**
 * The render pool through the statement routes: one render thread, a queue of 2 and one render per person, so the
 * limits are reached with a handful of requests. The document cache is off: a statement served from it needs no
 * render (modules/statements/document-cache.test.ts), and these tests are about the renders.
 */
let t: TestContext;
let client: ApiAgent;
let userId: number;
let partyIds: number[];
let consolidated: number;
let dir: string;

beforeAll(async () => {
  vi.stubEnv('BENCH_NO_DOC_CACHE', '1');
  t = await createTestApp({ RENDER_THREADS: '1', RENDER_QUEUE_MAX: '2', RENDER_PER_USER: '1' });
  vi.unstubAllEnvs();
  dir = mkdtempSync(join(tmpdir(), 'render-pool-test-'));
  client = new ApiAgent(t.app);
  userId = await signInAs(t, client, demoAccount('client').login);
  const plans = (await client.get('/b2c/plans')).json().data as { id: number }[];
  let partyId = 0;
  for (const p of plans) {
    partyId = (await client.get(`/b2c/plans/${p.id}`)).json().partyId ?? 0;
    if (partyId) break;
  }
  const list = statementPolicyListSchema.parse(
    (await client.get(`/statement/policy_list/${partyId}`)).json(),
  );
  partyIds = list.accounts.map((a) => a.partyId);
  consolidated = list.accounts.find((a) => a.accountType === 'CONSOLIDATE')?.partyId ?? 0;
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const pool = () => t.app.renderPool;
const first = () => partyIds[0] as number;

function pdfText(body: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A heavy task for the pool: `copies` of the consolidated statement in one PDF, keeping the one thread busy. */
async function heavyDocs(copies: number): Promise<StatementDocument[]> {
  const ctx = {
    db: t.database.db,
    config: t.config,
    now: () => t.clock.now,
    renderPool: pool(),
    sites: t.app.siteCache,
  };
  const [user] = await t.database.db
    .select({ clientId: users.clientId })
    .from(users)
    .where(eq(users.id, userId));
  const who = { clientId: user?.clientId as number, siteCode: 'afs' as const, language: 'zh' as const };
  const doc = await loadStatement(ctx, who, consolidated, {});
  return Array.from({ length: copies }, () => doc);
}

function monthsAgo(n: number): string {
  const now = t.clock.now;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
}

describe('rendering in worker threads', () => {
  it('renders statement PDFs in the pool, readable as before', async () => {
    const before = { ...pool().counters };
    const response = await new ApiAgent(t.app, 'afs.localhost', 'zh').request({
      method: 'GET',
      url: api(`/statement/${first()}.pdf`, 'zh'),
      headers: { cookie: client.cookie as string },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(response.rawPayload, 'pool')).toContain('結單');
    expect(pool().counters.submitted).toBe(before.submitted + 1);
    expect(pool().counters.completed).toBe(before.completed + 1);
    expect(pool().activeDownloads).toBe(0);
  });

  it('answers HEAD on every PDF and ZIP download with its headers, rendering nothing', async () => {
    const before = { ...pool().counters };
    const ids = partyIds.slice(0, 3).join(',');
    const urls = [
      `/statement/${first()}.pdf`,
      `/statement/consolidate_statement/${consolidated}.pdf?selected_currency=EUR`,
      `/statement/download_pdf?party_ids=${ids}`,
      `/statement/download_monthly_statement?party_id=${first()}&month=${monthsAgo(1)}`,
      `/statement/download_zip?party_ids=${ids}`,
    ];
    for (const url of urls) {
      const head = await client.request({ method: 'HEAD', url: api(url) });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toMatch(/^application\/(pdf|zip)$/);
      expect(head.headers['content-disposition'], url).toMatch(/^(inline|attachment); filename=/);
      expect(head.rawPayload.length, url).toBe(0);
    }
    const foreign = await client.request({ method: 'HEAD', url: api('/statement/999999.pdf') });
    expect(foreign.statusCode).toBe(404);
    expect(pool().counters).toEqual(before);
  });

  it('refuses a second concurrent render of the same person with 429, Retry-After and their language', async () => {
    const held = await pool().reserve(`user:${userId}`);
    try {
      const zh = new ApiAgent(t.app, 'afs.localhost', 'zh');
      zh.cookie = client.cookie;
      const refused = await zh.get(`/statement/${first()}.pdf`);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.json().error).toBe('您先前的下載仍在準備中（每次最多 1 個），請待其完成後再試。');
      const zip = await client.get(`/statement/download_zip?party_ids=${first()}`);
      expect(zip.statusCode).toBe(429);
      expect(zip.json().error).toBe(
        'Your earlier downloads are still being prepared (at most 1 at a time). Please wait until they finish, then try again.',
      );
    } finally {
      // With the database's lease store (PostgreSQL) the slot is free in every process only once release resolves:
      // not awaited, the next download raced the lease's delete and was refused (a CI run, 2026-11-28).
      await held.release();
    }
    expect((await client.get(`/statement/${first()}.pdf`)).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when the queue is full, and renders again once it drains', async () => {
    const docs = await heavyDocs(6);
    // One task running and two waiting fill the pool; the fourth is refused at once.
    const background = [1, 2, 3].map(() => pool().run({ kind: 'statement-pdf', docs }));
    try {
      await expect(pool().run({ kind: 'statement-pdf', docs })).rejects.toMatchObject({
        statusCode: 503,
        messageKey: 'rendering.queueFull',
      });
      const busy = await client.get(`/statement/${first()}.pdf`);
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(busy.json().error).toBe(
        'Many documents are being prepared right now. Please try again in a moment.',
      );
    } finally {
      await Promise.all(background);
    }
    expect((await client.get(`/statement/${first()}.pdf`)).statusCode).toBe(200);
  });

  it('drops a queued render whose download was abandoned', async () => {
    const docs = await heavyDocs(4);
    const before = { ...pool().counters };
    const running = pool().run({ kind: 'statement-pdf', docs });
    const abandoned = new AbortController();
    const queued = pool().run({ kind: 'statement-pdf', docs }, abandoned.signal);
    abandoned.abort();
    await expect(queued).rejects.toMatchObject({ statusCode: CLIENT_CLOSED_REQUEST });
    await running;
    expect(pool().counters.completed - before.completed).toBe(1);
    expect(pool().counters.aborted - before.aborted).toBe(1);
  });

  it('lets a render already under way finish when its download is abandoned, keeping its thread', async () => {
    const docs = await heavyDocs(4);
    const threadsBefore = pool().threads;
    const before = { ...pool().counters };
    const abandoned = new AbortController();
    const running = pool().run({ kind: 'statement-pdf', docs }, abandoned.signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    abandoned.abort();
    expect((await running).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool().counters.completed - before.completed).toBe(1);
    expect(pool().counters.aborted - before.aborted).toBe(0);
    expect(pool().threads).toBe(threadsBefore);
  });
});

describe('an abandoned ZIP', () => {
  it('stops rendering its remaining entries when the client disconnects', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = { ...pool().counters };
    const entries = partyIds.length;
    expect(entries).toBeGreaterThanOrEqual(6);
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: api(`/statement/download_zip?party_ids=${partyIds.join(',')}`),
          headers: { host: 'afs.localhost', cookie: client.cookie as string },
        },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`ZIP answered ${response.statusCode}`));
          response.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    // The download's slot is released once the server has seen the disconnect and cancelled its render.
    await waitFor(() => pool().activeDownloads === 0);
    const submitted = pool().counters.submitted - before.submitted;
    const completed = pool().counters.completed - before.completed;
    expect(submitted).toBeLessThanOrEqual(3);
    expect(completed).toBeLessThan(entries);
    // Nothing is left running for nobody.
    await waitFor(() => pool().counters.completed + pool().counters.aborted === pool().counters.submitted);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('worker start-up', () => {
  it('works in a server run by tsx, as npm start and the browser tests run it', () => {
    const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
    const script = fileURLToPath(new URL('./render-check.ts', import.meta.url));
    const output = execFileSync(tsx, [script], { encoding: 'utf8', timeout: 60_000 });
    expect(output).toMatch(/^render pool OK: \d+ bytes, 1 task\(s\) in a worker thread$/m);
  }, 90_000);
});

describe('closing the app', () => {
  it('lets an in-flight render finish, then stops the threads', async () => {
    const other = await createTestApp({ RENDER_THREADS: '1' });
    const agent = new ApiAgent(other.app);
    await signInAs(other, agent, demoAccount('client').login);
    const inFlight = agent.get(`/statement/${first()}.pdf`);
    await waitFor(() => other.app.renderPool.counters.submitted === 1);
    await other.close();
    const response = await inFlight;
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(other.app.renderPool.threads).toBe(0);
    const after = other.app.renderPool;
    await expect(after.reserve('user:1')).rejects.toThrow();
    // A second app of its own (a database copy, a sign-in, a render, a shutdown): more than one request's time.
  }, 60_000);
});
