import { siteInfoSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiAgent, api } from '../../testing/http.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /site_info', () => {
  it.each([
    ['afs.localhost', 'afs'],
    ['ipc.localhost:3000', 'ipc'],
    ['ABSG.localhost', 'absg'],
  ])('answers the site of host %s with the default page flags', async (host, code) => {
    const response = await new ApiAgent(t.app, host).get('/site_info');
    expect(response.statusCode).toBe(200);
    const info = siteInfoSchema.parse(response.json());
    expect(info.siteCode).toBe(code);
    expect(info.siteName.length).toBeGreaterThan(2);
    expect(info.feature).toEqual({ external: 'true', internal: 'false' });
  });

  it('serves internal pages only on a staff host', async () => {
    const info = (await new ApiAgent(t.app, 'staff.localhost').get('/site_info')).json();
    expect(info).toMatchObject({ siteCode: 'afs', feature: { external: 'false', internal: 'true' } });
  });

  it('names no back office unless BACK_OFFICE_URL is set (decision 035)', async () => {
    const info = (await new ApiAgent(t.app, 'staff.localhost').get('/site_info')).json();
    expect(info).not.toHaveProperty('backOfficeUrl');
    const configured = await createTestApp({ BACK_OFFICE_URL: 'https://backoffice.example.com/' });
    try {
      const answer = (await new ApiAgent(configured.app, 'staff.localhost').get('/site_info')).json();
      expect(answer.backOfficeUrl).toBe('https://backoffice.example.com/');
    } finally {
      await configured.close();
    }
  });

  it('falls back to the default site for an unknown host', async () => {
    const info = (await new ApiAgent(t.app, 'portal.example.com').get('/site_info')).json();
    expect(info.siteCode).toBe('afs');
  });

  it('accepts zh-TW as zh and rejects unknown languages with 404', async () => {
    expect((await new ApiAgent(t.app, 'afs.localhost', 'zh-TW').get('/site_info')).statusCode).toBe(200);
    const unknown = await new ApiAgent(t.app, 'afs.localhost', 'fr').get('/site_info');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Page Not Found' });
  });
});

describe('health and API document', () => {
  it('answers liveness without the database and readiness with it; /healthz is readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    for (const url of ['/readyz', '/healthz']) {
      const ready = await t.app.inject({ method: 'GET', url });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ok',
        database: 'ok',
        dependencies: {
          primary: { state: 'ok' },
          replicas: [],
          jobQueue: { state: 'ok', workers: true },
          renderPool: { state: 'ok', threads: 0, queued: 0 },
        },
      });
      expect(ready.headers['cache-control']).toBe('no-store');
    }
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/angel/face/api-docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const me = doc.paths['/angel/face/{lang}/api/me'];
    expect(me.get.responses['200'].content['application/json'].schema.properties).toHaveProperty('csrfToken');
  });

  it('answers unknown API paths with a localized JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('/no/such/thing', 'zh'),
      headers: { host: 'afs.localhost' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '找不到頁面' });
  });
});

describe('behind a proxy, with API docs off', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '1', API_DOCS: 'false' });
  });
  afterAll(() => proxied.close());

  it.each(['not-an-ip', '999.1.1.1', 'fe80::1%eth0'])(
    'survives a forwarded address of %s',
    async (forwarded) => {
      const response = await proxied.app.inject({
        url: api('/me'),
        headers: { host: 'afs.localhost', 'x-forwarded-for': forwarded },
      });
      expect(response.statusCode).toBe(200);
    },
  );

  it('does not publish the API document', async () => {
    const response = await proxied.app.inject({ url: '/angel/face/api-docs/openapi.json' });
    expect(response.statusCode).toBe(404);
  });
});
