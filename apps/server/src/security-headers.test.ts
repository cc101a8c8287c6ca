import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES, apiPath, FORMS_CLIENT_SECRET_HEADER, routesOf } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from './db/seed/demo-accounts.js';
import { ApiAgent, api } from './testing/http.js';
import { signInAs } from './testing/sessions.js';
import { createTestApp, type TestContext } from './testing/test-app.js';

// docs/security/sessions-and-headers.md: CSP font-src, and which answers a shared cache may keep, keyed on what.
let t: TestContext;
const SECRET = 'test-forms-secret';
const LIST =
  '/angel/face/api/public/front/operation-procedure/b2c/list?provider_code=hla&product_type_code=IL&client_lang=6';

beforeAll(async () => {
  t = await createTestApp({ FORMS_CLIENT_SECRET: SECRET });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'afs.localhost', ...headers } });

function directives(csp: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(csp).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

const varyOf = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

describe('Content-Security-Policy', () => {
  it('allows fonts from the portal itself only: no https:, no data:', async () => {
    for (const url of [api('/site_info'), '/angel/face/en/b2c', LIST]) {
      const csp = directives((await get(url)).headers['content-security-policy']);
      expect(csp.get('font-src'), url).toEqual(["'self'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
    }
  });

  it('is backed by a web app that declares no font file of its own (system fonts only)', () => {
    const webSrc = fileURLToPath(new URL('../../web/src', import.meta.url));
    const declarations: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(css|tsx?)$/.test(entry) && readFileSync(path, 'utf8').includes('@font-face'))
          declarations.push(path);
      }
    };
    walk(webSrc);
    // A font added later must come from the build ('self'); this test then points at the CSP decision to revisit.
    expect(declarations).toEqual([]);
  });
});

describe('caching', () => {
  it('keys the public forms list on the forms secret header, for the list and the refusal alike', async () => {
    const listed = await get(LIST, { [FORMS_CLIENT_SECRET_HEADER]: SECRET });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('public, max-age=300');
    expect(varyOf(listed.headers)).toContain(FORMS_CLIENT_SECRET_HEADER);
    for (const headers of [{}, { [FORMS_CLIENT_SECRET_HEADER]: 'wrong-secret' }] as Record<
      string,
      string
    >[]) {
      const refused = await get(LIST, headers);
      expect(refused.statusCode).toBe(401);
      expect(varyOf(refused.headers)).toContain(FORMS_CLIENT_SECRET_HEADER);
      expect(String(refused.headers['cache-control'] ?? '')).not.toMatch(/public/);
    }
  });

  it('lets no shared cache keep an API answer that did not ask to be cached', async () => {
    // Answers of the API depend on the session cookie (or say it is missing); a route without a Cache-Control of its
    // own gets the default, errors included.
    for (const url of [api('/site_info'), '/angel/face/xx/api/me', api('/b2c/plans'), api('/me')]) {
      const response = await get(url);
      expect(response.headers['cache-control'], `${url} ${response.statusCode}`).toMatch(/no-store/);
      expect(String(response.headers['cache-control'])).not.toMatch(/public/);
    }
  });

  it('keeps every answer of commissions, details, statements and revenues private, errors included', async () => {
    // Those modules once set it in hooks of their own; the API's one default covers them like every other module.
    const fill = (path: string) => path.replace(/:[A-Za-z]+/g, '1');
    const groups = [
      API_ROUTES.commissions,
      API_ROUTES.producerDetails,
      API_ROUTES.statements,
      API_ROUTES.internalRevenues,
    ];
    for (const route of groups.flatMap(routesOf)) {
      const response = await t.app.inject({
        method: route.method,
        url: api(fill(route.path)),
        headers: { host: 'afs.localhost' },
      });
      expect([route.path, response.statusCode, response.headers['cache-control']]).toEqual([
        route.path,
        expect.any(Number),
        'private, no-store',
      ]);
    }
    const producer = new ApiAgent(t.app);
    await signInAs(t, producer, demoAccount('partner').login);
    const { producerId } = (await producer.me()).json().currentProducer;
    const answers = [
      await producer.get(apiPath(API_ROUTES.commissions.list, { producerId })),
      await producer.get(`${API_ROUTES.producerDetails.clientDocuments.path}?account_no=NONE`),
      await producer.get(apiPath(API_ROUTES.statements.policyList, { partyId: 999_999_999 })),
    ];
    expect(answers.map((r) => [r.statusCode, r.headers['cache-control']])).toEqual([
      [200, 'private, no-store'],
      [404, 'private, no-store'],
      [404, 'private, no-store'],
    ]);
  });
});
