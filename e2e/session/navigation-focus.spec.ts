import { clientUrl, expect, test } from '../client/fixtures.js';

/**
 * Decision 013: a plan opened from low in My Plan used to leave the window ~640 px down, on what looked like an empty
 * page. Every change of screen now starts at the top with focus on the new screen's main heading.
 */
test('opening a plan from the bottom of My Plan lands at the top, focus on the plan heading', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 600 });
  await page.goto(clientUrl('en', '/b2c'));
  const lastRow = page.getByRole('table').locator('tbody tr').last();
  await expect(lastRow).toBeVisible();
  const planName = ((await lastRow.locator('td').nth(1).textContent()) ?? '').trim();
  await lastRow.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

  await lastRow.click();
  await expect(page).toHaveURL(/\/b2c\/plan_detail\/\d+$/);
  const heading = page.getByRole('heading', { level: 1, name: planName });
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // A tab of the plan (only the query string changes) does not jump or take focus away from the tab.
  const tab = page.getByRole('tab').nth(1);
  await tab.click();
  await expect(page).toHaveURL(/\?tab=/);
  await expect(tab).toBeFocused();

  // The member menu: the next screen's heading gets focus too.
  await page
    .getByRole('navigation', { name: 'Member menu' })
    .getByRole('link', { name: 'My Profile' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeFocused();
});
