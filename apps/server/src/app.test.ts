import helmet from '@fastify/helmet';
import {
  clientList,
  meResponseSchema,
  newBusinessList,
  planDetailSchema,
  planListResponseSchema,
  serviceRecordList,
} from '@portal/contract';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { helmetOptions } from './app.js';
import { demoAccount } from './db/seed/demo-accounts.js';
import { compiledSerializer } from './plugins/compiled-serializer.js';
import { ApiAgent } from './testing/http.js';
import { signInAs } from './testing/sessions.js';
import { createTestApp, type TestContext } from './testing/test-app.js';

/** The portal as production runs it: compiled serialisers on the hot routes, Secure cookies, HSTS. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    NODE_ENV: 'production',
    SESSION_SECRET: 'test-secret-abcdefghijklmnopqrstuvwxyz-0123456789',
    COOKIE_SECURE: 'true',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    FORMS_CLIENT_SECRET: 'test-forms-secret',
    MFA_ENCRYPTION_KEY: 'k2:c2VjcmV0LWtleS1mb3ItdGVzdHMtMDEyMzQ1Njc4OWE=',
    PUBLIC_ORIGINS: 'afs=https://afs.example.com,ipc=https://ipc.example.com,absg=https://absg.example.com',
    JOB_WORKERS: 'false',
  });
});
afterAll(() => t.close());

/** What @fastify/helmet itself sets with the portal's options: the headers the portal sent before they were precomputed
 * (docs/performance/request-path.md).
 */
async function helmetsOwnHeaders() {
  const reference = Fastify({ logger: false });
  await reference.register(helmet, helmetOptions(t.config));
  reference.get('/', async () => ({ ok: true }));
  const response = await reference.inject({ url: '/' });
  await reference.close();
  const { 'content-type': _t, 'content-length': _l, date: _d, connection: _c, ...headers } = response.headers;
  return headers;
}

describe('security headers, computed once', () => {
  it('are the very names and values @fastify/helmet sets, on JSON, errors and a 404', async () => {
    const expected = await helmetsOwnHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(expected['content-security-policy']).toContain('form-action');
    expect(expected['strict-transport-security']).toMatch(/max-age=/);
    const agent = new ApiAgent(t.app);
    for (const path of ['/site_info', '/me', '/b2c/plans', '/no/such/route']) {
      const response = await agent.get(path);
      for (const [name, value] of Object.entries(expected))
        expect([path, name, response.headers[name]]).toEqual([path, name, value]);
    }
    const health = await t.app.inject({ url: '/livez' });
    expect(health.headers['x-frame-options']).toBe(expected['x-frame-options']);
  });
});

describe('hot routes in production', () => {
  const cases: [string, string, ZodType][] = [
    ['/me', 'me', meResponseSchema],
    ['/b2c/plans', 'plans', planListResponseSchema],
  ];

  /** The body as zod's serialiser (development and tests) would have written it for the same data. */
  const viaZod = (schema: ZodType, body: string) =>
    (serializerCompiler({ schema, method: 'GET', url: '/' } as never) as (data: unknown) => string)(
      JSON.parse(body),
    );

  it('write the bytes zod would have written, and parse with their contract schemas', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('client').login);
    const plans = planListResponseSchema.parse((await agent.get('/b2c/plans')).json());
    const withPlan: [string, string, ZodType][] = [
      ...cases,
      ...plans.data
        .slice(0, 4)
        .map((p): [string, string, ZodType] => [`/b2c/plans/${p.id}`, 'detail', planDetailSchema]),
    ];
    for (const [path, _name, schema] of withPlan) {
      const response = await agent.get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      schema.parse(response.json());
      expect(response.body).toBe(viaZod(schema, response.body));
      // `/me` sets its own; the client area keeps the API's default.
      const cacheControl = path === '/me' ? 'no-store' : 'private, no-store';
      expect([path, response.headers['cache-control']]).toEqual([path, cacheControl]);
    }
  });

  it('write the producer searches as zod would have, for a default search, a filter and a deep page', async () => {
    const agent = new ApiAgent(t.app);
    await signInAs(t, agent, demoAccount('partner').login);
    const searches: [string, ZodType, Record<string, unknown>][] = [
      ['/b2b/new_business', newBusinessList.response, { page: 1 }],
      [
        '/b2b/new_business',
        newBusinessList.response,
        { page: 1, stage: 'all', sortField: 'modalPremium', sortOrder: 'desc' },
      ],
      ['/b2b/service_records', serviceRecordList.response, { page: 2 }],
      ['/b2b/clients', clientList.response, { page: 1, keywords: 'Chan' }],
    ];
    for (const [path, schema, criteria] of searches) {
      const response = await agent.send('POST', path, criteria);
      expect([path, response.statusCode]).toEqual([path, 200]);
      const body = schema.parse(response.json()) as { items: unknown[] };
      expect(response.body).toBe(viaZod(schema, response.body));
      expect(response.headers['cache-control']).toBe('private, no-store');
      if (criteria.page === 1 && !criteria.keywords) expect(body.items.length).toBeGreaterThan(0);
    }
    const team = await agent.get('/b2b/team/search?q=Betty');
    expect(team.statusCode).toBe(200);
    expect(team.headers['cache-control']).toBe('private, no-store');
  });

  it('drop what the schema does not declare, as zod did', () => {
    const write = compiledSerializer(meResponseSchema);
    const me = {
      currentClient: null,
      currentProducer: null,
      currentStaff: null,
      csrfToken: 'x',
      otpUserId: null,
    };
    expect(JSON.parse(write({ ...me, passwordHash: 'secret' }))).toEqual(me);
  });
});
