import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { siteUrl } from '../sites.js';

const staff = demoAccount('staff');

test('staff sign in on the staff host and land on the revenue index under the main menu', async ({
  page,
}) => {
  await page.goto(siteUrl('staff', '/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  // No client or advisor account links, no client help.
  await expect(page.getByRole('link', { name: /Activate your account|Forgot/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Help' })).toHaveCount(0);

  await page.getByLabel(/Staff login ID/).fill(staff.login);
  await page.locator('input[name="password"]').fill(staff.password);
  await page.locator('form button[type="submit"]').click();
  // The internal root opens the revenue index for staff with the Revenues permission (decision 035).
  await expect(page).toHaveURL(/\/internal\/revenues$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Revenues' })).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('a used or expired reset link offers a new link and the way back to login', async ({ page }) => {
  await page.goto(siteUrl('afs', '/reset_password?login=AG10000001&activation_code=no-longer-valid'));
  await page.getByLabel(/^New password/).fill('Brandnew2024');
  await page.getByLabel(/^Confirm new password/).fill('Brandnew2024');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  const wayOn = page.getByRole('navigation', { name: 'Link not working?' });
  await wayOn.getByRole('link', { name: 'Request a new password reset link' }).click();
  await expect(page).toHaveURL(/\/forget_password$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await page.goBack();
  await page.getByLabel(/^New password/).fill('Brandnew2024');
  await page.getByLabel(/^Confirm new password/).fill('Brandnew2024');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page
    .getByRole('navigation', { name: 'Link not working?' })
    .getByRole('link', { name: 'Back to login' })
    .click();
  await expect(page).toHaveURL(/\/login\?area=b2c$/);
});
