import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { pagerRange } from '../producer/helpers.js';
import { siteUrl } from '../sites.js';
import { checkState, failApi, openScreen } from './screen-states.js';

/*
 * The producer home as partner1 (afs, a four-level team with applications in progress), on a desktop and a phone:
 * loaded, then a stage's count opened in New Business (where the list's total is that count), then the home's load
 * failing. axe-core must find nothing critical or serious, and each state fits its width.
 */

const partner = demoAccount('partner');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);
const url = (path: string) => siteUrl(partner.site, path);

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`producer home, ${size}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test('loaded, a stage opened in New Business with the same total, load failure', async ({ page }) => {
      await signIn(page, partner);
      await openScreen(page, url('/b2b/home'));
      await expect(page.getByRole('heading', { level: 1, name: en('producer', 'home.title') })).toBeVisible();
      const pipeline = page.getByRole('table', { name: en('producer', 'home.pipeline.caption') });
      await expect(pipeline.locator('tbody tr').first()).toBeVisible();
      await checkState(page, 'producer home');

      // The first stage with cases: its count is New Business's total for that stage.
      const link = pipeline.getByRole('link').filter({ hasNotText: /^0$/ }).first();
      const count = (await link.textContent())?.trim() ?? '';
      expect(count).toMatch(/^[\d,]+$/);
      await link.click();
      await expect(page).toHaveURL(/\/b2b\?stage=select&stageOptions=\d$/);
      await expect(pagerRange(page)).toHaveText(new RegExp(`of ${count}$`));

      await failApi(page, '/b2b/home');
      await openScreen(page, url('/b2b/home'));
      await expect(
        page.getByRole('alert').filter({ hasText: en('common', 'app.failFetchingData') }),
      ).toBeVisible();
      await checkState(page, 'producer home, load failure');
    });
  });
}
