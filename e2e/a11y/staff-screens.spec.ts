import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { checkState, failApi, openScreen } from './screen-states.js';

/**
 * The back office on the staff host, on a desktop and on a phone, as staff1 (every menu): the main menu, the revenue
 * index with results, with none, with refused dates and failing, every tab of a revenue with its rate popup, the
 * edit dialog (also with an error) and the delete question, a revenue that fails to load, and Page Not Found inside
 * the area. RV000001 is the revenue no browser test deletes.
 */

const staff = demoAccount('staff');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);
const url = (path: string) => siteUrl('staff', path);

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`back office accessibility, ${size}`, () => {
    test.use({ viewport });
    // Each test walks several states, each an axe run: minutes on a loaded two-core machine.
    test.describe.configure({ timeout: 360_000 });
    test.beforeEach(async ({ page }) => {
      await signIn(page, staff);
    });

    test('revenue index: menu, results, no result, reversed dates, load failure', async ({ page }) => {
      await openScreen(page, url('/internal/revenues'));
      await expect(
        page
          .getByRole('table')
          .getByRole('link', { name: /^RV\d+$/ })
          .first(),
      ).toBeVisible();
      await checkState(page, 'revenue index');
      if (size === 'phone') {
        await page.getByRole('button', { name: en('common', 'header.openNavigation') }).click();
      }
      const menu = page.getByRole('navigation', { name: en('common', 'internal.mainMenu') });
      await expect(menu).toBeVisible();
      await checkState(page, 'main menu shown');

      await openScreen(page, url('/internal/revenues?keywords=no-such-revenue-a11y'));
      await expect(page.getByText(en('internal', 'index.empty'))).toBeVisible();
      await checkState(page, 'revenue index, no result');

      await openScreen(page, url('/internal/revenues'));
      for (const [field, value] of [
        ['index.dateFrom', '2026/12/31'],
        ['index.dateTo', '2025/01/01'],
      ] as const) {
        await page
          .getByRole('textbox', { name: en('internal', field), exact: true })
          .pressSequentially(value.replaceAll('/', ''));
      }
      await page
        .getByRole('main')
        .getByRole('button', { name: en('lists', 'search'), exact: true })
        .click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await checkState(page, 'revenue index, reversed dates');

      await openScreen(page, url('/internal/security'));
      await expect(
        page.getByRole('heading', { level: 2, name: en('security', 'sessions.title') }),
      ).toBeVisible();
      await checkState(page, 'staff security');

      await failApi(page, '/internal/revenues/search');
      await openScreen(page, url('/internal/revenues'));
      await expect(
        page.getByRole('alert').filter({ hasText: en('common', 'app.failFetchingData') }),
      ).toBeVisible();
      await checkState(page, 'revenue index, load failure');
    });

    test('a revenue: every tab, the rate popup, edit with an error, the delete question, load failure', async ({
      page,
    }) => {
      await openScreen(page, url('/internal/revenues?keywords=RV000001'));
      await page.getByRole('link', { name: 'RV000001', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Revenue RV000001' })).toBeVisible();
      const detailPath = new URL(page.url()).pathname.replace(/\/summary$/, '').replace(/^\/angel\/face/, '');
      for (const tab of ['summary', 'payin', 'payin?list=all', 'payout', 'payout?view=particular']) {
        await openScreen(page, url(`${detailPath}/${tab}`));
        await checkState(page, `revenue ${tab}`);
      }

      await openScreen(page, url(`${detailPath}/payout`));
      await page
        .getByRole('button', { name: /^Rates of / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^Rates of / })).toBeVisible();
      await checkState(page, 'rate popup');
      await page.keyboard.press('Escape');

      await openScreen(page, url(`${detailPath}/summary`));
      await page.getByRole('button', { name: en('revenue', 'edit.open') }).click();
      const edit = page.getByRole('dialog', { name: 'Edit revenue RV000001' });
      await expect(edit).toBeVisible();
      await checkState(page, 'edit revenue');
      await edit.getByLabel(en('revenue', 'field.description')).fill('x'.repeat(2001));
      await edit.getByRole('button', { name: en('revenue', 'edit.save') }).click();
      await expect(edit.getByText('At most 2000 characters.')).toBeVisible();
      await checkState(page, 'edit revenue, too long');
      await edit.getByRole('button', { name: en('revenue', 'edit.cancel') }).click();
      await expect(edit).toBeHidden();

      await page.getByRole('button', { name: en('revenue', 'delete.open') }).click();
      const remove = page.getByRole('dialog', { name: 'Delete revenue RV000001' });
      await expect(remove.getByText(en('revenue', 'delete.confirm'))).toBeVisible();
      await checkState(page, 'delete revenue question');
      await remove.getByRole('button', { name: en('revenue', 'delete.cancel') }).click();
      await expect(remove).toBeHidden();

      await failApi(page, detailPath);
      await page.goto(url(`${detailPath}/summary`));
      await expect(page.getByRole('alert')).toContainText(en('revenue', 'errorMessage').trim());
      await checkState(page, 'revenue load failure');
      await page.unrouteAll();

      for (const path of ['/internal/no_such_screen', `${detailPath}/no_such_tab`]) {
        await page.goto(url(path));
        await expect(page.getByRole('heading', { name: en('common', 'app.pageNotFound') })).toBeVisible();
        await checkState(page, `back office page not found (${path})`);
      }
    });

    test('account recovery: no such account, an account found, its reason refused', async ({ page }) => {
      await openScreen(page, url('/internal/account_recovery'));
      await expect(
        page.getByRole('heading', { level: 1, name: en('security', 'office.title') }),
      ).toBeVisible();
      await checkState(page, 'account recovery');
      const login = page.getByRole('textbox', { name: en('security', 'office.login') });
      const find = page.getByRole('button', { name: en('security', 'office.findButton') });
      await login.fill('no-such-account-a11y');
      await find.click();
      await expect(page.getByText(en('security', 'office.notFound'))).toBeVisible();
      await checkState(page, 'account recovery, no such account');
      await login.fill(demoAccount('partnerWithAuthenticator').login);
      await find.click();
      const found = page.getByRole('region', {
        name: new RegExp(demoAccount('partnerWithAuthenticator').login),
      });
      await expect(found.getByText(en('security', 'office.authenticatorOn'), { exact: false })).toBeVisible();
      // Nothing changes without how the person was checked and why: the form says so before asking anything.
      await found.getByRole('button', { name: en('security', 'office.resetFactors') }).click();
      await expect(found.getByText(en('security', 'office.noteTooShort'))).toBeVisible();
      await checkState(page, 'account recovery, reason missing');
    });
  });
}
