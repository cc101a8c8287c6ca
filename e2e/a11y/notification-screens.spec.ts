import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { checkState, failApi, openScreen } from './screen-states.js';

/**
 * The notification centre of each area and the staff delivery log, on a desktop and on a phone: the list with its
 * preferences, a list that fails to load, and the log.
 */

const en = (key: string) => catalogText('en', 'notifications', key);

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`notification screens accessibility, ${size}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 360_000 });

    test('client and producer centres, with preferences and a load failure', async ({ page }) => {
      const client = demoAccount('client');
      await withAccountLock(client, async () => {
        await signIn(page, client);
        await openScreen(page, siteUrl('afs', '/b2c/notifications'));
        await expect(page.getByRole('table', { name: en('preferences.title') })).toBeVisible();
        await checkState(page, 'client notification centre');
      });
      await page.context().clearCookies();
      await signIn(page, demoAccount('consultant'));
      await openScreen(page, siteUrl('afs', '/b2b/notifications'));
      await expect(page.getByRole('table', { name: en('preferences.title') })).toBeVisible();
      await checkState(page, 'producer notification centre');
      await failApi(page, '/notifications');
      await openScreen(page, siteUrl('afs', '/b2b/notifications'));
      await expect(
        page.getByRole('button', { name: catalogText('en', 'common', 'app.retry') }).first(),
      ).toBeVisible();
      await checkState(page, 'producer notification centre, load failure');
    });

    test('staff centre and delivery log', async ({ page }) => {
      await signIn(page, demoAccount('staff'));
      await openScreen(page, siteUrl('staff', '/internal/notifications'));
      await expect(page.getByRole('table', { name: en('preferences.title') })).toBeVisible();
      await checkState(page, 'staff notification centre');
      await openScreen(page, siteUrl('staff', '/internal/delivery_log'));
      await expect(page.getByRole('heading', { level: 1, name: en('log.title') })).toBeVisible();
      await checkState(page, 'staff delivery log');
    });
  });
}
