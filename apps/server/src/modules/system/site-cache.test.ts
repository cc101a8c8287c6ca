import { siteInfoSchema } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sites } from '../../db/schema/index.js';
import { ApiAgent } from '../../testing/http.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { SiteCache } from './site-cache.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const siteInfo = async (host = 'afs.localhost') => {
  const response = await new ApiAgent(t.app, host).get('/site_info');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return siteInfoSchema.parse(response.json());
};

const renameSite = (code: 'afs' | 'ipc', name: string) =>
  t.database.db.update(sites).set({ name }).where(eq(sites.code, code));

/** A logger that keeps its warnings, to see the cache say that a refresh failed. */
function recordingLog() {
  const warnings: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('the site cache behind GET /site_info', () => {
  it('answers from memory until a refresh picks up an SQL change, then the new name', async () => {
    const before = await siteInfo();
    const stamp = t.app.siteCache.stamp;
    await renameSite('afs', 'Renamed By An Operator');
    // No refresh yet: the rows read at start still answer.
    expect((await siteInfo()).siteName).toBe(before.siteName);
    await t.app.siteCache.refresh();
    expect((await siteInfo()).siteName).toBe('Renamed By An Operator');
    expect((await siteInfo('staff.localhost')).siteName).toBe('Renamed By An Operator');
    expect(t.app.siteCache.stamp).toBe(stamp + 1);
    // A refresh that finds nothing new keeps the stamp: caches keyed on it stay valid.
    await t.app.siteCache.refresh();
    expect(t.app.siteCache.stamp).toBe(stamp + 1);
    await renameSite('afs', before.siteName);
    await t.app.siteCache.refresh();
    expect((await siteInfo()).siteName).toBe(before.siteName);
  });

  it('names the row of each site for other readers (the statement letterhead)', async () => {
    const [row] = await t.database.db.select().from(sites).where(eq(sites.code, 'ipc'));
    expect(t.app.siteCache.row('ipc')).toEqual({
      code: 'ipc',
      name: row?.name,
      shortName: row?.shortName,
      settings: row?.settings,
    });
  });

  it('refreshes on its timer, and keeps the last good rows when a refresh fails', async () => {
    const { log, warnings } = recordingLog();
    const cache = new SiteCache(t.database.db, log, 'https://backoffice.example.com/', 20);
    await cache.start();
    const original = cache.row('ipc')?.name as string;
    try {
      await renameSite('ipc', 'Picked Up By The Timer');
      await expect.poll(() => cache.row('ipc')?.name, { timeout: 5000 }).toBe('Picked Up By The Timer');
      // The table disappears under the cache (a botched migration, a failover): reads fail, the rows stay.
      await t.database.db.execute(sql`alter table sites rename to sites_away`);
      try {
        await expect(cache.refresh()).rejects.toThrow();
        await expect.poll(() => warnings.length, { timeout: 5000 }).toBeGreaterThan(0);
        expect(warnings[0]?.[1]).toBe('site cache refresh failed; keeping the last rows');
        expect(cache.row('ipc')?.name).toBe('Picked Up By The Timer');
        const info = siteInfoSchema.parse(
          JSON.parse(cache.siteInfoJson({ code: 'ipc', features: { external: true, internal: false } })),
        );
        expect(info).toMatchObject({ siteCode: 'ipc', siteName: 'Picked Up By The Timer' });
      } finally {
        await t.database.db.execute(sql`alter table sites_away rename to sites`);
      }
    } finally {
      cache.stop();
      await renameSite('ipc', original);
    }
  });

  it('stops its timer: a stopped cache reads nothing more', async () => {
    // Only the interval is faked: time is moved on by hand instead of waited for, and the database keeps its timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { log } = recordingLog();
    const cache = new SiteCache(t.database.db, log, 'https://backoffice.example.com/', 10);
    try {
      await cache.start();
      const refresh = vi.spyOn(cache, 'refresh');
      // The timer runs while started (else the silence below would prove nothing)…
      await vi.advanceTimersByTimeAsync(10);
      expect(refresh).toHaveBeenCalledTimes(1);
      await refresh.mock.results[0]?.value;
      cache.stop();
      // …and once stopped, none is left and a hundred intervals later nothing more was read.
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(refresh).toHaveBeenCalledTimes(1);
    } finally {
      cache.stop();
      vi.useRealTimers();
    }
  });
});
