import { expect, test } from '@playwright/test';
import { siteUrl } from '../sites.js';

/**
 * Pictures of the login page of each site (and one legal dialog) for a person to look at: /tmp/login-<site>.png.
 * The assertions only make sure the page is complete before the picture is taken.
 */
for (const [site, path] of [
  ['afs', '/login'],
  ['ipc', '/zh/login'],
  ['absg', '/login'],
] as const) {
  test(`screenshot of the ${site} login page`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(siteUrl(site, path));
    await expect(page.locator('form button[type="submit"]')).toBeVisible();
    await page.screenshot({ path: `/tmp/login-${site}.png`, fullPage: true });
  });
}

test('screenshot of the disclaimer dialog and the phone layout', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(siteUrl('afs', '/ja/login'));
  await page.locator('#main-content').getByRole('button', { name: '免責事項' }).click();
  const dialog = page.getByRole('dialog', { name: '免責事項' });
  await expect(dialog.getByRole('heading', { name: 'オフショアおよび香港の居住者専用' })).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: '/tmp/login-afs-disclaimer.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl('afs', '/login?area=b2b'));
  await expect(page.locator('form button[type="submit"]')).toBeVisible();
  await page.screenshot({ path: '/tmp/login-afs-phone.png', fullPage: true });
});
