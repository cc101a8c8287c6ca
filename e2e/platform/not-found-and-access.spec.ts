import { expect, test } from '@playwright/test';
import { catalogText } from '../catalogs.js';
import { siteUrl } from '../sites.js';

test('an unknown route shows Page Not Found', async ({ page }) => {
  await page.goto(siteUrl('afs', '/no/such/page'));
  await expect(page.getByText(catalogText('en', 'common', 'app.pageNotFound'))).toBeVisible();
});

test('an unknown route under a language prefix says so in that language', async ({ page }) => {
  await page.goto(siteUrl('afs', '/zh/nothing-here'));
  await expect(page.getByText(catalogText('zh', 'common', 'app.pageNotFound'))).toBeVisible();
});

test('the client area does not exist on producer-only sites', async ({ page }) => {
  await page.goto(siteUrl('absg', '/b2c'));
  await expect(page.getByText(catalogText('en', 'common', 'app.pageNotFound'))).toBeVisible();
});

test('a protected page sends a signed-out visitor to login, keeping where they were going', async ({
  page,
}) => {
  await page.goto(siteUrl('afs', '/zh/b2c/message'));
  await expect(page).toHaveURL(/\/angel\/face\/zh\/login\?referrer=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('referrer') ?? '')).toContain(
    '/b2c/message',
  );
});

test('the API rejects a write without the CSRF token with 422 and accepts it with the token from /me', async ({
  page,
}) => {
  // A page of the site that runs no app: the login page's own /me could set a second CSRF cookie beside the one
  // read below and void its token (the signIn fixture does the same, decision 040).
  await page.goto(siteUrl('afs', '/en/api/me'));
  // The calls run inside the page, with its cookies, exactly as the SPA makes them.
  const statuses = await page.evaluate(async () => {
    const base = '/angel/face/en/api';
    const { csrfToken } = await (await fetch(`${base}/me`)).json();
    const without = await fetch(`${base}/logout`, { method: 'DELETE' });
    const withToken = await fetch(`${base}/logout`, {
      method: 'DELETE',
      headers: { 'x-csrf-token': csrfToken },
    });
    return [without.status, withToken.status];
  });
  expect(statuses).toEqual([422, 200]);
});
