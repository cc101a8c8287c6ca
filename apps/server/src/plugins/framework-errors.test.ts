import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.js';
import { ja } from '../i18n/ja.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';

/**
 * URLs the router refuses before any hook (found by sqlmap: payloads in a path parameter). They must look like every
 * other refusal: the portal's `{ error }` in the path's language, its security headers, and no echo of the URL.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'afs.localhost' } });
const PAYLOAD = encodeURIComponent(
  `7) AND 7448=(SELECT (CASE WHEN (7448=3436) THEN 7448 ELSE 1 END))-- ${'x'.repeat(60)}`,
);

describe('URLs the router cannot take', () => {
  it.each([
    ['a path parameter over the length limit', `/angel/face/ja/api/b2c/plans/${PAYLOAD}`, 414],
    ['a broken percent-escape', '/angel/face/ja/api/b2c/plans/7%%27%3BSELECT', 400],
  ])(
    '%s answers %s with the portal body in the path language and its headers',
    async (_what, url, status) => {
      const response = await get(url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: ja.errors.badRequest });
      expect(response.body).not.toMatch(/SELECT|FST_ERR/);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers in English when the path has no language', async () => {
    const response = await get('/angel/face/api/x/%%41');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: en.errors.badRequest });
  });

  it('still serves the same route with a well-formed parameter', async () => {
    // Anonymous: 401 from the route's guard, which the refused URLs above never reached.
    expect((await get('/angel/face/ja/api/b2c/plans/7')).statusCode).toBe(401);
  });
});
