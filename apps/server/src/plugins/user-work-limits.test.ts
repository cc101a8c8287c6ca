import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { en } from '../i18n/en.js';
import { ja } from '../i18n/ja.js';
import { kr } from '../i18n/kr.js';
import { zh } from '../i18n/zh.js';
import { signedIn } from '../testing/producer-fixtures.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';
import { errorHandlerPlugin } from './errors.js';
import { requestContextPlugin } from './request-context.js';
import { userWorkLimitsPlugin, workOfRoute, workTableEntries } from './user-work-limits.js';

/*
 * The per-person caps on routes that do work (plugins/user-work-limits.ts): one mechanism, defined once for every
 * list, preview, export and document route.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Paths that do work by their name: lists, searches, exports, downloads, documents and report previews. */
const LOOKS_LIKE_WORK =
  /\/(new_business|clients|service_records|reports|search|subtree|list|plans|messages|[a-z_]*export[a-z_]*|download[a-z_]*|files|document|[a-z_]*list[a-z_]*)(\/|$)|\.(pdf|html)$/;

describe('which routes are capped', () => {
  it('caps every route that does work, and names no route that does not exist', () => {
    const base = t.config.basePath;
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD');
    const uncapped = routes
      .filter((r) => r.url.startsWith(base) && LOOKS_LIKE_WORK.test(r.url.replace(/:[A-Za-z]+/g, 'x')))
      .filter((r) => !workOfRoute(r.method, r.url, base))
      .map((r) => `${r.method} ${r.url}`);
    expect(uncapped, 'routes that look like work without a cap (add them to WORK_ROUTES)').toEqual([
      // One plan of the client's, read by id.
      `GET ${base}/:lang/api/b2c/plans/:id`,
      // Marking one message read: one row's write.
      `POST ${base}/:lang/api/b2c/messages/:id/read`,
      // A background export's state, polled by its page: one row by id.
      `GET ${base}/:lang/api/b2b/report_exports/:jobId`,
    ]);
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const stale = workTableEntries(base).filter((e) => !registered.has(`${e.method} ${e.url}`));
    expect(stale).toEqual([]);
  });

  it('caps HEAD as its GET', () => {
    const base = t.config.basePath;
    expect(workOfRoute('HEAD', `${base}/:lang/api/statement/download_zip`, base)).toBe('download');
    expect(workOfRoute('GET', `${base}/:lang/api/me`, base)).toBeUndefined();
  });
});

/**
 * A bare app with the portal's request context, error handler and caps, and one capped route (the report preview's
 * URL) that answers when the test says so: requests stay under way for as long as the test needs.
 */
async function gatedApp() {
  const app = Fastify();
  // Enough turns to run that only the per-person cap holds requests back (admission: work-admission.test.ts).
  const config = loadConfig({ NODE_ENV: 'test', USER_CONCURRENT_PREVIEWS: '2', WORK_CONCURRENCY: '8' });
  await app.register(requestContextPlugin, { config });
  await app.register(errorHandlerPlugin);
  await app.register(userWorkLimitsPlugin, {
    basePath: config.basePath,
    limits: config.userWork,
    admission: config.workAdmission,
  });
  const gates: (() => void)[] = [];
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const userId = Number(request.headers['x-user']);
    request.principal = { kind: 'producer', userId, producerId: userId, siteCode: 'afs' };
  });
  app.post(`${config.basePath}/:lang/api/b2b/reports`, async () => {
    await new Promise<void>((resolve) => gates.push(resolve));
    return { ok: true };
  });
  await app.ready();
  const ask = (user: number, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: `${config.basePath}/${lang}/api/b2b/reports`,
      headers: { 'x-user': String(user) },
    });
  const underWay = async (count: number) => {
    for (let i = 0; i < 100 && gates.length < count; i++) await new Promise((r) => setTimeout(r, 5));
    expect(gates.length).toBe(count);
  };
  return { app, ask, gates, underWay };
}

describe('over the cap', () => {
  it('answers 429 with Retry-After in the caller’s language, before the route runs', async () => {
    const { app, ask, gates, underWay } = await gatedApp();
    const held = [ask(1), ask(1)];
    await underWay(2);
    for (const [lang, catalog] of [
      ['en', en],
      ['ja', ja],
      ['zh', zh],
      ['kr', kr],
    ] as const) {
      const refused = await ask(1, lang);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json().error).toBe(catalog.errors.tooManyAtOnce.replace('{{limit}}', '2'));
    }
    expect(gates.length).toBe(2);
    expect(app.userWorkLimits.underWay('preview', 'user:1')).toBe(2);
    // Someone else is not counted with them.
    const other = ask(2);
    await underWay(3);
    for (const open of gates) open();
    expect((await Promise.all([...held, other])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // Answers done: the slots are free again.
    expect(app.userWorkLimits.underWay('preview', 'user:1')).toBe(0);
    const again = ask(1);
    await underWay(4);
    gates[3]?.();
    expect((await again).statusCode).toBe(200);
    await app.close();
  });

  it('caps a real list route of the portal by the signed-in person', async () => {
    const { agent, userId } = await signedIn(t, 'partner');
    const answer = await agent.send('POST', '/b2b/new_business', { page: 1 });
    expect(answer.statusCode).toBe(200);
    expect(t.app.userWorkLimits.underWay('list', `user:${userId}`)).toBe(0);
  });
});
