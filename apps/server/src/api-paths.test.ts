import {
  ALL_API_ROUTES,
  type ApiRoute,
  PUBLIC_FORMS_PREFIX,
  PUBLIC_FORMS_ROUTES,
  routeKey,
  routesOf,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from './app.js';
import { createTestApp, type TestContext } from './testing/test-app.js';

/*
 * The contract's path table (packages/contract/src/api-paths.ts) is the only spelling of the API: every route the
 * server registers under the API prefixes is in it, with its method, and every route in it is registered. So a route
 * added with a literal path, or a table entry nobody serves, fails here (decision 042).
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ API_DOCS: 'true' });
});
afterAll(async () => t?.close());

/** The registered routes below `prefix`, as `METHOD /path` (HEAD kept apart: Fastify adds one to every GET). */
function registeredBelow(routes: readonly RegisteredRoute[], prefix: string) {
  const below = routes.filter((route) => route.url.startsWith(`${prefix}/`));
  const key = (route: RegisteredRoute) => `${route.method} ${route.url.slice(prefix.length)}`;
  return {
    keys: below.filter((route) => route.method !== 'HEAD').map(key),
    head: below.filter((route) => route.method === 'HEAD').map((route) => route.url.slice(prefix.length)),
  };
}

const sorted = (keys: readonly string[]) => [...keys].sort();

function expectSameRoutes(registered: ReturnType<typeof registeredBelow>, table: readonly ApiRoute[]) {
  const wanted = table.map(routeKey);
  const unknown = registered.keys.filter((key) => !wanted.includes(key));
  const unserved = wanted.filter((key) => !registered.keys.includes(key));
  expect({ unknown, unserved }).toEqual({ unknown: [], unserved: [] });
  expect(sorted(registered.keys)).toEqual(sorted(wanted));
  // A HEAD is either Fastify's own for a GET or a download's explicit one: either way, a GET of the table.
  const gets = table.filter((route) => route.method === 'GET').map((route) => route.path);
  expect(sorted(registered.head)).toEqual(sorted(gets));
}

describe('the API path table and the server', () => {
  it('registers exactly the routes of the table under {basePath}/:lang/api', () => {
    expectSameRoutes(registeredBelow(t.app.routeTable, `${t.config.basePath}/:lang/api`), ALL_API_ROUTES);
  });

  it('registers exactly the public forms routes under their prefix', () => {
    expectSameRoutes(
      registeredBelow(t.app.routeTable, `${t.config.basePath}${PUBLIC_FORMS_PREFIX}`),
      routesOf(PUBLIC_FORMS_ROUTES),
    );
  });

  it('serves no other API-looking route beside the table', () => {
    // Anything under /api/ that is in neither prefix would escape both checks above.
    const prefixes = [`${t.config.basePath}/:lang/api/`, `${t.config.basePath}${PUBLIC_FORMS_PREFIX}/`];
    const stray = t.app.routeTable
      .map((route) => route.url)
      .filter((url) => url.includes('/api/') && !prefixes.some((prefix) => url.startsWith(prefix)))
      .filter((url) => url !== `${t.config.basePath}/api-docs/openapi.json`);
    expect(stray).toEqual([]);
  });

  it('documents each route of the table in the OpenAPI document, spelled the same', async () => {
    const response = await t.app.inject({ url: `${t.config.basePath}/api-docs/openapi.json` });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    // The probes and the SPA's root are documented too; they are not API calls.
    const apiPaths = Object.entries(paths).filter(([path]) => path.includes('/api/'));
    const documented = apiPaths.flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const openApi = (prefix: string, route: ApiRoute) =>
      `${route.method} ${prefix}${route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;
    const wanted = [
      ...ALL_API_ROUTES.map((route) => openApi(`${t.config.basePath}/{lang}/api`, route)),
      ...routesOf(PUBLIC_FORMS_ROUTES).map((route) =>
        openApi(`${t.config.basePath}${PUBLIC_FORMS_PREFIX}`, route),
      ),
    ];
    expect(sorted(documented)).toEqual(sorted(wanted));
  });
});
