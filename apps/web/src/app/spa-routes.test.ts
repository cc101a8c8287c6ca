import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSpaRoute, SPA_ROUTE_PATTERNS } from '@portal/contract';
import { describe, expect, it } from 'vitest';

/**
 * The server answers 200 only for the paths in SPA_ROUTE_PATTERNS and 404 for the rest, so the list must follow the
 * route table: a route missing from it would break its deep links, an extra one would be a soft 404 again.
 * The route table is JSX, read here as text: every `path="…"` of AppRoutes.tsx must sit at the end of some
 * listed pattern, and every segment of the list must be a path of the table.
 */
const routeTable = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'AppRoutes.tsx'), 'utf8');
const tablePaths = [...routeTable.matchAll(/\bpath="([^"]+)"/g)]
  .map((match) => match[1] as string)
  .filter((path) => path !== '*');

describe('the SPA route list of the contract', () => {
  it('reads a route table that still declares its paths as literals', () => {
    expect(tablePaths).toEqual(expect.arrayContaining(['login', 'b2c', 'plan_detail/:id', 'revenues/:id']));
  });

  it.each(tablePaths)('lists the route table path "%s"', (path) => {
    expect(SPA_ROUTE_PATTERNS.some((pattern) => pattern === path || pattern.endsWith(`/${path}`))).toBe(true);
  });

  it('lists no segment the route table does not have', () => {
    const tableSegments = new Set(tablePaths.flatMap((path) => path.split('/')));
    const listed = SPA_ROUTE_PATTERNS.flatMap((pattern) => pattern.split('/').filter(Boolean));
    expect(listed.filter((segment) => !tableSegments.has(segment))).toEqual([]);
  });

  it.each([
    ['/', true],
    ['/zh', true],
    ['/kr/b2b/clients/', true],
    ['/b2c/plan_detail/AB-12', true],
    ['/internal/revenues/3/summary', true],
    ['/b2c/plan_detail', false],
    ['/b2c/plan_detail//', false],
    ['/fr/login', false],
    ['/login.php', false],
    ['/b2b/clients/1', false],
    ['/internal/revenues/3/other', false],
  ] as const)('isSpaRoute(%s) is %s', (path, expected) => {
    expect(isSpaRoute(path)).toBe(expected);
  });
});
