import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { clientUrl, expect, test, text } from '../client/fixtures.js';
import { demoPlans } from '../client/helpers.js';
import { expectAccessible, expectFrameDocumentAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { expectFitsWidth } from './layout-checks.js';
import { failApi } from './screen-states.js';

/**
 * The client area on a desktop and on a phone: axe-core (WCAG 2.x A/AA, no critical or serious finding) on every
 * screen state, and every screen fits its width (no clipped chart, no column out of reach). Set A11Y_SHOTS=1 to keep
 * a full-page screenshot of each state in /tmp/a11y-shots for a person to look at.
 */

const SHOTS = process.env.A11Y_SHOTS ? '/tmp/a11y-shots' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** One screen state: accessible, fits its width, and (on request) a screenshot. */
async function checkState(page: Page, label: string) {
  const size = page.viewportSize()?.width === SCREEN_SIZES.phone.width ? 'phone' : 'desktop';
  await expectAccessible(page, `${label}, ${size}`);
  await expectFitsWidth(page, label);
  if (SHOTS) await screenshots(page, `${SHOTS}/${size}-${label.replace(/\W+/g, '-')}`);
}

/** The whole page in parts of at most 1,500 px, so a tall phone page can be looked at without shrinking. */
async function screenshots(page: Page, path: string) {
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: document.documentElement.scrollHeight,
  }));
  for (let y = 0, part = 1; y < height; y += 1500, part += 1) {
    const clip = { x: 0, y, width, height: Math.min(1500, height - y) };
    await page.screenshot({ path: `${path}-${part}.png`, fullPage: true, clip });
  }
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`client area accessibility, ${size}`, () => {
    // Each test walks several screen states, each one a page visit and an axe run.
    test.describe.configure({ timeout: 120_000 });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('My Plan in English and Chinese, and the menu', async ({ page }) => {
      for (const language of ['en', 'zh'] as const) {
        await open(page, clientUrl(language, '/b2c'));
        await expect(page.locator('.donut-drawing .donut-segment').first()).toBeVisible();
        await checkState(page, `my plan ${language}`);
      }
      if (size === 'phone') {
        await page.getByRole('button', { name: text('zh', 'common', 'header.openNavigation') }).click();
        await expect(
          page.getByRole('navigation', { name: text('zh', 'common', 'client.menu') }),
        ).toBeVisible();
        await checkState(page, 'menu open');
      }
    });

    test('plan detail: every tab, a terminated plan, and the chosen plan first on a phone', async ({
      page,
    }) => {
      const { withAssets, terminated } = await demoPlans(page);
      for (const tab of ['plan_overview', 'plan_details', 'assets_selection', 'download_form']) {
        await open(page, clientUrl('en', `/b2c/plan_detail/${withAssets.id}?tab=${tab}`));
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await checkState(page, `plan ${tab}`);
      }
      await open(page, clientUrl('zh', `/b2c/plan_detail/${terminated.id}`));
      await checkState(page, 'terminated plan zh');

      // The plan's own heading comes before the list of all plans, on screen and in reading order.
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      const list = await page
        .getByRole('navigation', { name: text('zh', 'client', 'planDetail.allPlans') })
        .boundingBox();
      expect(heading && list).toBeTruthy();
      if (size === 'phone') expect(heading?.y ?? 0).toBeLessThan(list?.y ?? 0);
      else expect(list?.x ?? 0).toBeLessThan(heading?.x ?? 0);
    });

    test('the statement viewer', async ({ page }) => {
      const { withAssets } = await demoPlans(page);
      await open(page, clientUrl('en', `/b2c/plan_detail/${withAssets.id}`));
      await page.getByRole('button', { name: text('en', 'client', 'statement.view') }).click();
      const viewer = page.getByRole('dialog', { name: text('en', 'statements', 'viewer.title') });
      await expect(viewer.getByTestId('statement-frame')).toBeVisible();
      await expect(page.frameLocator('[data-testid="statement-frame"]').locator('body')).toContainText(
        withAssets.planNo,
      );
      await checkState(page, 'statement viewer');
      await expectFrameDocumentAccessible(
        page,
        '[data-testid="statement-frame"]',
        `statement document, ${size}`,
      );
    });

    test('profile, messages with one open, and change password with its errors', async ({ page }) => {
      await open(page, clientUrl('ja', '/b2c/my_profile'));
      await checkState(page, 'profile ja');

      await open(page, clientUrl('en', '/b2c/message'));
      const rows = page.getByRole('table').locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      await checkState(page, 'messages');
      // A message already read: opening an unread one would change the counts other tests assert.
      await page.getByRole('table').locator('tbody tr:not([data-unread])').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `message open, ${size}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await open(page, clientUrl('en', '/b2c/change_password'));
      await checkState(page, 'change password');
      await page.getByRole('main').locator('button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, `change password, blank fields, ${size}`);

      await open(page, clientUrl('en', '/b2c/security'));
      await expect(
        page.getByRole('heading', { level: 2, name: text('en', 'security', 'sessions.title') }),
      ).toBeVisible();
      await checkState(page, 'security');
    });

    test('load failures of My Plan, a plan, the profile and messages, and Page Not Found in the area', async ({
      page,
    }) => {
      const { withAssets } = await demoPlans(page);
      for (const [apiPath, path, label] of [
        ['/b2c/plans', '/b2c', 'my plan'],
        [`/b2c/plans/${withAssets.id}`, `/b2c/plan_detail/${withAssets.id}`, 'plan detail'],
        ['/b2c/profile', '/b2c/my_profile', 'profile'],
        ['/b2c/messages', '/b2c/message', 'messages'],
      ] as const) {
        await failApi(page, apiPath);
        await page.goto(clientUrl('en', path));
        await expect(page.getByRole('alert').first()).toBeVisible();
        await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
        await checkState(page, `${label}, load failure`);
        await page.unrouteAll();
      }
      await page.goto(clientUrl('zh', '/b2c/no_such_screen'));
      await expect(
        page.getByRole('heading', { name: text('zh', 'common', 'app.pageNotFound') }),
      ).toBeVisible();
      await checkState(page, 'client page not found zh');
    });
  });
}
