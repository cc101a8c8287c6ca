import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app.js';

/** A built SPA of one page, so the fallback to index.html is really there to (not) take. */
let t: TestContext;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-spa-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'afs.localhost' } });

describe('SPA fallback', () => {
  it.each(['/angel/face/', '/angel/face/b2c/my_plan', '/angel/face/zh/b2b/reports?x=1'])(
    'serves index.html for the page %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    },
  );

  it.each([
    '/angel/face/api/me',
    '/angel/face/api',
    '/angel/face/en/api/no/such/thing',
    '/angel/face/xx/api/me',
  ])('answers the API path %s with a JSON 404, not the SPA', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'Page Not Found' });
  });
});
