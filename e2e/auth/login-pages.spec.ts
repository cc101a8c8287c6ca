import { expect, test } from '@playwright/test';
import { expectScreenComplete } from '../fixtures/screen-checks.js';
import { siteUrl } from '../sites.js';

/**
 * The login page of each site (and one legal dialog), at a desktop and a phone width: what a picture of it must show
 * is checked (fixtures/screen-checks.ts: loaded, fonts and logo drawn, nothing past the window's edge), where this
 * spec used to write pictures to /tmp that nobody compared with anything.
 */
for (const [site, path] of [
  ['afs', '/login'],
  ['ipc', '/zh/login'],
  ['absg', '/login'],
] as const) {
  test(`the ${site} login page is complete at 1280 and 390 px`, async ({ page }) => {
    for (const size of [
      { width: 1280, height: 860 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(siteUrl(site, path));
      const submit = page.locator('form button[type="submit"]');
      await expect(submit).toBeVisible();
      await expect(submit).toBeInViewport();
      await expectScreenComplete(page, `${site} login ${size.width}px`);
    }
  });
}

test('the disclaimer dialog fits the window and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(siteUrl('afs', '/ja/login'));
  await page.locator('#main-content').getByRole('button', { name: '免責事項' }).click();
  const dialog = page.getByRole('dialog', { name: '免責事項' });
  await expect(dialog.getByRole('heading', { name: 'オフショアおよび香港の居住者専用' })).toBeVisible();
  await expect(dialog).toBeInViewport();
  await expectScreenComplete(page, 'afs disclaimer dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl('afs', '/login?area=b2b'));
  await expect(page.locator('form button[type="submit"]')).toBeVisible();
  await expectScreenComplete(page, 'afs producer login 390px');
});
