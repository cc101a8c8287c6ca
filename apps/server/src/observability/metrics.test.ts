import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ApiAgent } from '../testing/http.js';
import { signInAs } from '../testing/sessions.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';
import { listenForMetrics, type MetricsListener } from './metrics-server.js';

/**
 * The metrics of a running app, scraped over HTTP from their own listener after known traffic. On PostgreSQL the
 * pool families have a sample per pool; PGlite has no pool (one embedded connection).
 */
let t: TestContext;
let listener: MetricsListener;

async function scrape(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one sample, e.g. `portal_http_requests_total{method="GET",route="/livez",status_class="2xx"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics', () => {
  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: '0' }, { productionPool: true });
    listener = await listenForMetrics(t.app.metrics?.registry as never, '127.0.0.1', 0);
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  it('is not collected without METRICS_PORT', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metrics).toBeUndefined();
    expect(t.config.metrics).toEqual({ port: 0, host: '127.0.0.1' });
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT/,
    );
  });

  it('answers only GET /metrics on its listener', async () => {
    expect((await fetch(`http://127.0.0.1:${listener.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('counts requests per route pattern and status class, never raw paths', async () => {
    const before = await scrape();
    const livez = { method: 'GET', route: '/livez', status_class: '2xx' };
    const start = sample(before, 'portal_http_requests_total', livez) ?? 0;
    for (let i = 0; i < 10; i++) await t.app.inject({ url: '/livez' });
    await t.app.inject({ url: '/angel/face/en/api/no-such-thing/12345', headers: { host: 'afs.localhost' } });
    const agent = new ApiAgent(t.app);
    await agent.get('/site_info');
    await new ApiAgent(t.app, 'afs.localhost', 'ja').get('/site_info');
    const after = await scrape();
    expect(sample(after, 'portal_http_requests_total', livez)).toBe(start + 10);
    expect(sample(after, 'portal_http_request_duration_seconds_count', livez)).toBe(start + 10);
    // Both languages under one pattern; the unknown path under no label of its own.
    expect(sample(after, 'portal_http_requests_total', { route: '/angel/face/:lang/api/site_info' })).toBe(2);
    expect(after).not.toContain('12345');
    expect(after).not.toContain('route="/angel/face/en/');
  });

  it('reports the session cache, load shedding, render pool, job queues and the process', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, 'AG10000001');
    for (let i = 0; i < 3; i++) expect((await agent.get('/me')).statusCode).toBe(200);
    const text = await scrape();
    const hits = sample(text, 'portal_session_cache_lookups_total', { result: 'hit' }) ?? 0;
    const misses = sample(text, 'portal_session_cache_lookups_total', { result: 'miss' }) ?? 0;
    expect(hits + misses).toBeGreaterThanOrEqual(3);
    expect(hits).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_load_shed_refusals_total', { reason: 'max_in_flight' })).toBe(0);
    expect(sample(text, 'portal_render_threads')).toBe(0);
    expect(sample(text, 'portal_render_queue_depth')).toBe(0);
    expect(sample(text, 'portal_job_failures_total', { queue: 'mail.send' })).toBe(0);
    expect(text).toContain('# TYPE portal_render_task_duration_seconds histogram');
    expect(sample(text, 'portal_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'portal_job_queue_depth', { queue: 'report-export' })).toBe(0);
      expect(
        sample(text, 'portal_job_queue_oldest_age_seconds', { queue: 'mail.send' }),
      ).toBeGreaterThanOrEqual(0);
    }
  });

  it('shows a held connection and pool waits per pool (PostgreSQL; PGlite has no pool)', async () => {
    if (t.database.kind !== 'postgres') {
      expect(await scrape()).not.toContain('portal_db_pool_in_use_connections{');
      return;
    }
    const search = t.database.pools?.find((p) => p.name === 'search');
    expect(search).toBeDefined();
    const held = await search?.pool.connect();
    try {
      const text = await scrape();
      expect(sample(text, 'portal_db_pool_in_use_connections', { pool: 'search' })).toBe(1);
      expect(sample(text, 'portal_db_pool_max_connections', { pool: 'main' })).toBe(t.config.dbPoolMax);
      expect(sample(text, 'portal_db_pool_wait_seconds_count', { pool: 'search' })).toBeGreaterThanOrEqual(1);
      for (const pool of ['main', 'search', 'heavy', 'readiness'])
        expect(sample(text, 'portal_db_pool_waiting', { pool })).toBe(0);
    } finally {
      held?.release();
    }
    expect(sample(await scrape(), 'portal_db_pool_in_use_connections', { pool: 'search' })).toBe(0);
  });
});
