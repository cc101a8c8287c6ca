import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../db/seed/demo-accounts.js';
import { en } from '../i18n/en.js';
import { ja } from '../i18n/ja.js';
import { ApiAgent, api } from '../testing/http.js';
import { signInAs } from '../testing/sessions.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';

/*
 * The API works only for the portal's own pages (decision 034). Each case sends the headers a browser sends: a
 * hostile page navigating a signed-in person's browser to a download, a fetch from another site, the same from a
 * sibling portal site (same-site), and the portal's own calls.
 */

let t: TestContext;
let partner: ApiAgent;
beforeAll(async () => {
  t = await createTestApp();
  partner = new ApiAgent(t.app);
  await signInAs(t, partner, demoAccount('partner').login);
  await partner.me();
});
afterAll(() => t.close());

/** A link on a hostile page, followed in the signed-in person's browser. */
const NAVIGATION_FROM_ELSEWHERE = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-user': '?1',
};
/** fetch() or a form post from another site's page (no-cors: the answer is opaque, but the work would be done). */
const FETCH_FROM_ELSEWHERE = {
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'empty',
};
/** The same from a sibling portal site (ipc.localhost calling afs.localhost): same-site, still not this page. */
const FETCH_FROM_SIBLING = {
  'sec-fetch-site': 'same-site',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};
/** The portal's own page. */
const OWN_FETCH = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
/** An address the person typed or bookmarked. */
const TYPED = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  lang = 'en',
) =>
  partner.request({ method, url: api(path, lang), headers, ...(method === 'POST' ? { payload: {} } : {}) });

describe('requests from another site', () => {
  it.each([
    ['an export', 'GET', '/b2b/nb_export'],
    ['a policy PDF', 'GET', '/b2b/policy_detail/1.pdf'],
    ['a document download', 'GET', '/b2b/clients/download_document?documentId=1'],
    ['a list search', 'POST', '/b2b/clients'],
    ['a sign-out', 'DELETE', '/logout'],
  ] as const)(
    'refuses %s navigated or fetched from elsewhere, in the page language',
    async (_what, method, path) => {
      for (const headers of [NAVIGATION_FROM_ELSEWHERE, FETCH_FROM_ELSEWHERE, FETCH_FROM_SIBLING]) {
        const response = await call(method, path, headers, 'ja');
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: ja.errors.crossSite });
        expect(response.headers['content-disposition']).toBeUndefined();
        expect(response.headers['cache-control']).toBe('private, no-store');
      }
      // Refused before anything ran: the sign-out did not end the session.
      expect((await partner.get('/session')).statusCode).toBe(200);
    },
  );

  it('refuses every API route, whatever its method and parameters', async () => {
    const routes = t.app.routeTable.filter(
      (route) => route.url.includes('/:lang/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(40);
    const answered: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(':lang', 'en').replace(/:[A-Za-z]+/g, '1');
      const response = await partner.request({
        method: route.method as 'GET',
        url,
        headers: FETCH_FROM_ELSEWHERE,
      });
      if (response.statusCode !== 403 || response.json().error !== en.errors.crossSite)
        answered.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
  });

  it("serves the portal's own calls, typed addresses, and callers that send no Fetch Metadata", async () => {
    for (const headers of [OWN_FETCH, TYPED, {}]) {
      expect((await call('POST', '/b2b/clients', headers)).statusCode).toBe(200);
      const exported = await call('GET', '/b2b/nb_export', headers);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(/^attachment;/);
    }
    // Health checks are no API call: a load balancer's probe is served whatever it sends.
    const probe = await t.app.inject({ method: 'GET', url: '/readyz', headers: FETCH_FROM_ELSEWHERE });
    expect(probe.statusCode).toBe(200);
  });
});
