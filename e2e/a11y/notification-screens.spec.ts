import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { expect, test } from '../client/fixtures.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { checkState, failApi, openScreen } from './screen-states.js';

/**
 * The notification centre of each area and the staff delivery log, on a desktop and on a phone: the list with its
 * preferences, a list that fails to load, and the log. The page starts signed in as the demo client, on the session
 * the client suites share (client/fixtures.ts): each sign-in of the client spends one of the account's five e-mailed
 * codes per 15 minutes.
 */

const en = (key: string) => catalogText('en', 'notifications', key);

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`notification screens accessibility, ${size}`, () => {
    test.describe.configure({ timeout: 360_000 });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('client and producer centres, with preferences and a load failure', async ({ page }) => {
      await openScreen(page, siteUrl('afs', '/b2c/notifications'));
      await expect(page.getByRole('table', { name: en('preferences.title') })).toBeVisible();
      await checkState(page, 'client notification centre');
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
