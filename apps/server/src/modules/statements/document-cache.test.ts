import { createRequire } from 'node:module';
import { statementPolicyListSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderedDocuments } from '../../db/schema/index.js';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { sweepExpired } from '../../maintenance/expiry-sweeper.js';
import { renderStatementsPdf } from '../../render/statement-pdf.js';
import { ApiAgent, api } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import type { StatementsContext } from './context.js';
import { DEFAULT_DOCUMENT_CACHE, DocumentCache } from './document-cache.js';
import { loadStatement } from './view-statement.js';

let t: TestContext;
let client: ApiAgent;
let client2: ApiAgent;
let clientId: number;
let partyId: number;
let ctx: StatementsContext;

const storedCount = async () => (await t.database.db.select().from(renderedDocuments)).length;
const rendersDone = () => t.app.renderPool.counters.submitted;

beforeAll(async () => {
  t = await createTestApp();
  client = new ApiAgent(t.app);
  client2 = new ApiAgent(t.app);
  await signInAs(t, client, demoAccount('client').login);
  await signInAs(t, client2, demoAccount('client2').login);
  const plans = (await client.get('/b2c/plans')).json().data as { id: number }[];
  let anyParty = 0;
  for (const p of plans) {
    anyParty = (await client.get(`/b2c/plans/${p.id}`)).json().partyId ?? 0;
    if (anyParty) break;
  }
  const list = statementPolicyListSchema.parse(
    (await client.get(`/statement/policy_list/${anyParty}`)).json(),
  );
  partyId = list.accounts.find((a) => a.accountType !== 'CONSOLIDATE')?.partyId ?? 0;
  const [row] = (
    (await t.database.db.execute(
      sql`select client_id::int as "clientId" from statement_accounts where id = ${partyId}`,
    )) as unknown as { rows: { clientId: number }[] }
  ).rows;
  clientId = Number(row?.clientId);
  ctx = {
    db: t.database.db,
    config: t.config,
    now: () => t.clock.now,
    renderPool: t.app.renderPool,
    sites: t.app.siteCache,
  };
});
afterAll(() => t.close());

describe('document keys', () => {
  const cache = () => new DocumentCache(t.database.db, DEFAULT_DOCUMENT_CACHE, undefined);
  const who = () => ({ clientId, siteCode: 'afs' as const, language: 'en' as const });
  const key = async () =>
    cache().documentKey('statement-pdf', [await loadStatement(ctx, who(), partyId, {})]);

  it('are the same for the same content, and differ by kind and font', async () => {
    const doc = await loadStatement(ctx, who(), partyId, {});
    expect(await key()).toBe(cache().documentKey('statement-pdf', [doc]));
    expect(cache().documentKey('statement-html', [doc])).not.toBe(await key());
    const otherFont = createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    );
    const withOtherFont = new DocumentCache(t.database.db, DEFAULT_DOCUMENT_CACHE, otherFont);
    expect(withOtherFont.documentKey('statement-pdf', [doc])).not.toBe(await key());
  });

  it('change with the snapshot, the client and the letterhead', async () => {
    const db = t.database.db;
    const seen = new Set([await key()]);
    const changed = async (what: string) => {
      const next = await key();
      expect(seen.has(next), what).toBe(false);
      seen.add(next);
    };
    await db.execute(sql`update statement_snapshot_holdings h set value = value + 1
      from statement_snapshots s where s.id = h.snapshot_id and s.account_id = ${partyId}`);
    await changed('snapshot');
    await db.execute(sql`update clients set surname = surname || 'x' where id = ${clientId}`);
    await changed('client');
    await db.execute(sql`update sites set settings = jsonb_set(settings, '{letterhead,phone}', '"+852 1"')
      where code = 'afs'`);
    await t.app.siteCache.refresh(); // the letterhead is read from the site cache, re-read every 30 s
    await changed('letterhead');
  });
});

describe('cached statements over HTTP', () => {
  it('serves a cached PDF equal byte for byte to a fresh rendering, without rendering again', async () => {
    const before = rendersDone();
    const first = await client.get(`/statement/${partyId}.pdf`);
    expect(first.statusCode).toBe(200);
    expect(rendersDone()).toBe(before + 1);
    expect(await storedCount()).toBeGreaterThan(0);
    const second = await client.get(`/statement/${partyId}.pdf`);
    expect(second.statusCode).toBe(200);
    expect(rendersDone()).toBe(before + 1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // The same statement rendered now, outside the cache (PDFs carry the valuation date, not the render time).
    const doc = await loadStatement(ctx, { clientId, siteCode: 'afs', language: 'en' }, partyId, {});
    const fresh = await renderStatementsPdf([doc], t.config.pdfFontPath);
    expect(fresh.equals(second.rawPayload)).toBe(true);
  });

  it('shares the stored PDF with ZIP entries of the same statement', async () => {
    await client.get(`/statement/${partyId}.pdf`);
    const before = rendersDone();
    const zip = await client.get(`/statement/download_zip?party_ids=${partyId}`);
    expect(zip.statusCode).toBe(200);
    expect(rendersDone()).toBe(before);
  });

  it('checks access before the cache: another client gets 404 for a statement cached for its owner', async () => {
    expect((await client.get(`/statement/${partyId}.html`)).statusCode).toBe(200);
    expect((await client.get(`/statement/${partyId}.pdf`)).statusCode).toBe(200);
    const before = rendersDone();
    expect((await client2.get(`/statement/${partyId}.html`)).statusCode).toBe(404);
    expect((await client2.get(`/statement/${partyId}.pdf`)).statusCode).toBe(404);
    const head = await client2.request({ method: 'HEAD', url: api(`/statement/${partyId}.pdf`) });
    expect(head.statusCode).toBe(404);
    expect((await client2.get(`/statement/download_zip?party_ids=${partyId}`)).statusCode).toBe(404);
    expect(rendersDone()).toBe(before);
  });

  it('shows a change to the client, the letterhead or a regenerated snapshot on the next request', async () => {
    const db = t.database.db;
    const page = async () => (await client.get(`/statement/${partyId}.html`)).body;
    await page();
    await db.execute(sql`update clients set given_name = 'Renamed' where id = ${clientId}`);
    expect(await page()).toContain('Renamed');
    await db.execute(sql`update sites set settings = jsonb_set(settings, '{letterhead,phone}', '"+852 9999 0000"')
      where code = 'afs'`);
    // The site cache re-reads its rows every 30 s; its new stamp makes the remembered statement stale.
    await t.app.siteCache.refresh();
    expect(await page()).toContain('+852 9999 0000');
    const [code] = (
      (await db.execute(sql`select h.code from statement_snapshot_holdings h
        join statement_snapshots s on s.id = h.snapshot_id where s.account_id = ${partyId} and h.holding_type = 'fund'
        order by s.month desc limit 1`)) as unknown as { rows: { code: string }[] }
    ).rows;
    expect(await page()).not.toContain('Regenerated fund name');
    // A snapshot is regenerated as a whole: its positions and its generated_at.
    await db.execute(sql`update statement_snapshot_holdings h set description = 'Regenerated fund name'
      from statement_snapshots s where s.id = h.snapshot_id and s.account_id = ${partyId} and h.code = ${code?.code}`);
    await db.execute(sql`update statement_snapshots set generated_at = now() where account_id = ${partyId}`);
    expect(await page()).toContain('Regenerated fund name');
  });
});

describe('rendered_documents sweep', () => {
  it('removes renderings older than 35 days and keeps newer ones', async () => {
    const db = t.database.db;
    const day = 24 * 3_600_000;
    const now = new Date();
    const bytes = Buffer.from('%PDF-test');
    await db.insert(renderedDocuments).values([
      { key: 'a'.repeat(64), kind: 'statement-pdf', bytes, createdAt: new Date(now.getTime() - 36 * day) },
      { key: 'b'.repeat(64), kind: 'statement-pdf', bytes, createdAt: new Date(now.getTime() - 34 * day) },
    ]);
    const removed = await sweepExpired(db, t.config, now);
    expect(removed.renderedDocuments).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: renderedDocuments.key }).from(renderedDocuments)).map((r) => r.key);
    expect(keys).not.toContain('a'.repeat(64));
    expect(keys).toContain('b'.repeat(64));
  });
});

describe('BENCH_NO_DOC_CACHE=1', () => {
  it('renders every request and stores nothing', async () => {
    vi.stubEnv('BENCH_NO_DOC_CACHE', '1');
    const cold = await createTestApp();
    vi.unstubAllEnvs();
    try {
      const agent = new ApiAgent(cold.app);
      await signInAs(cold, agent, demoAccount('client').login);
      for (let i = 0; i < 2; i++) expect((await agent.get(`/statement/${partyId}.pdf`)).statusCode).toBe(200);
      expect(cold.app.renderPool.counters.submitted).toBe(2);
      expect(await cold.database.db.select().from(renderedDocuments)).toEqual([]);
    } finally {
      await cold.close();
    }
  });
});
