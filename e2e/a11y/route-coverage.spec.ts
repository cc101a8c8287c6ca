import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type AxeVisit, SCREEN_SIZES, visitsFolder } from '../fixtures/axe.js';
import { routeLeaves, routePatternOf } from './route-table.js';

/**
 * Runs after every other browser test (project 'a11y-coverage' in playwright.config.ts depends on them): each route
 * of the SPA's route table must have had at least one passing axe run from the accessibility specs (e2e/a11y/) on
 * each screen size, or this fails and names the route. A new route in AppRoutes.tsx therefore fails the suite until
 * a test checks it; a route that disappears needs nothing.
 *
 * Run it with the specs it reads: `playwright test e2e/a11y` (running this file alone finds no visits and fails).
 */

/** Routes that render no screen of their own: they only send the browser on to one (checked where it lands). */
const TRANSIT_ROUTES: Record<string, string> = {
  '/internal': 'sends staff to /internal/revenues, or to the back office without the Revenues permission',
  '/internal/revenues/:id': 'sends the browser to the revenue summary tab',
  '/logout': 'signs out in one request and lands on /login (the page after it is checked)',
};

function recordedVisits(outputDir: string): AxeVisit[] {
  const folder = visitsFolder(outputDir);
  let files: string[];
  try {
    files = readdirSync(folder);
  } catch {
    return [];
  }
  return files.flatMap((file) =>
    readFileSync(join(folder, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as AxeVisit),
  );
}

test('the route table is read from AppRoutes.tsx and addresses resolve to its routes', () => {
  const patterns = routeLeaves().map((leaf) => leaf.pattern);
  expect(patterns).toEqual(expect.arrayContaining(['/login', '/b2c/plan_detail/:id', '/b2b/clients']));
  const base = 'http://afs.localhost/angel/face';
  expect(routePatternOf(`${base}/zh/b2c/plan_detail/12?tab=assets_selection`)).toBe('/b2c/plan_detail/:id');
  expect(routePatternOf(`${base}/b2b/no_such_screen`)).toBe('/b2b/*');
  expect(routePatternOf(`${base}/kr`)).toBe('/');
  expect(routePatternOf('about:blank')).toBeNull();
  for (const transit of Object.keys(TRANSIT_ROUTES)) expect(patterns).toContain(transit);
});

test('every route has an axe-checked state on each screen size in the accessibility specs', () => {
  const visits = recordedVisits(test.info().project.outputDir).filter((visit) =>
    visit.spec.startsWith('a11y/'),
  );
  const sizes = Object.keys(SCREEN_SIZES) as (keyof typeof SCREEN_SIZES)[];
  const missing: string[] = [];
  const counts: string[] = [];
  for (const { pattern, element } of routeLeaves()) {
    if (TRANSIT_ROUTES[pattern]) continue;
    const perSize = sizes.map(
      (size) => visits.filter((v) => v.pattern === pattern && v.size === size).length,
    );
    counts.push(`${pattern} (${element}): ${sizes.map((size, i) => `${perSize[i]} ${size}`).join(', ')}`);
    sizes.forEach((size, i) => {
      if (perSize[i] === 0) missing.push(`${pattern} (${element}) at ${size}`);
    });
  }
  const states = sizes.map((size) => `${visits.filter((v) => v.size === size).length} ${size}`).join(', ');
  test.info().annotations.push({ type: 'axe states', description: `${states}\n${counts.join('\n')}` });
  console.log(`axe-checked screen states: ${states}\n${counts.join('\n')}`);
  expect(missing, `routes without an axe visit in e2e/a11y:\n${missing.join('\n')}`).toEqual([]);
});
