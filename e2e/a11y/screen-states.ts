import { expect, type Page } from '@playwright/test';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { expectFitsWidth } from './layout-checks.js';

/** The size a page is shown at, by name ('desktop', 'phone'), for state labels. */
export function sizeOf(page: Page): string {
  const width = page.viewportSize()?.width;
  return Object.entries(SCREEN_SIZES).find(([, viewport]) => viewport.width === width)?.[0] ?? `${width}px`;
}

/**
 * Opens a screen and waits until it has its heading and nothing is loading, so axe sees the screen itself. (The wait
 * is long: on a two-core machine shared with other suites a first screen has taken over 15 s.)
 */
export async function openScreen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 45_000 });
}

/** One screen state: no critical or serious axe finding, and the screen fits its width. */
export async function checkState(page: Page, label: string): Promise<void> {
  await expectAccessible(page, `${label}, ${sizeOf(page)}`);
  await expectFitsWidth(page, label);
}

/**
 * Makes the API calls whose path (under /{language}/api) starts with `apiPath` fail with a 500 and the server's
 * usual error body, so the screen's load-failure state can be checked. Retries fail the same way.
 */
export async function failApi(page: Page, apiPath: string): Promise<void> {
  await page.route(
    (url) =>
      /^\/angel\/face\/[a-z]{2}\/api/.test(url.pathname) &&
      url.pathname.replace(/^\/angel\/face\/[a-z]{2}\/api/, '').startsWith(apiPath),
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Injected failure (accessibility test)' }),
      }),
  );
}
