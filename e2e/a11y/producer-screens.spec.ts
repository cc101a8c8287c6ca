import { expect, type Page, test } from '@playwright/test';
import { REPORT_DEFINITIONS, type ReportType } from '@portal/contract';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { checkState, failApi, openScreen } from './screen-states.js';

/**
 * The producer area's screen states on a desktop and on a phone, as partner1 (afs, every permission, a team):
 * each list loaded, with no result, with a refused criterion and with its load failing; each detail dialog and the
 * team tree open; every report type's form and result; commissions, profile, change password with its errors, and
 * the area's Page Not Found. axe-core must find nothing critical or serious, and each screen fits its width.
 */

const partner = demoAccount('partner');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);
const url = (path: string) => siteUrl(partner.site, path);
const search = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: en('lists', 'search'), exact: true });

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`producer area accessibility, ${size}`, () => {
    test.use({ viewport });
    // Each test walks several states, each an axe run: minutes on a loaded two-core machine.
    test.describe.configure({ timeout: 360_000 });
    test.beforeEach(async ({ page }) => {
      await signIn(page, partner);
    });

    test('New Business: loaded, every stage, no result, reversed dates, policy detail, load failure', async ({
      page,
    }) => {
      await openScreen(page, url('/b2b'));
      const table = page.getByRole('table', { name: en('producer-lists', 'newBusiness.caption') });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await checkState(page, 'new business');

      await openScreen(page, url('/b2b?stage=all'));
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await checkState(page, 'new business, every stage');

      await openScreen(page, url('/b2b?keywords=no-such-policy-a11y'));
      await expect(page.getByText(en('lists', 'empty'))).toBeVisible();
      await checkState(page, 'new business, no result');

      await openScreen(page, url('/b2b'));
      for (const [field, value] of [
        ['newBusiness.receivedFrom', '2026/12/31'],
        ['newBusiness.receivedTo', '2025/01/01'],
      ] as const) {
        await page.getByLabel(en('producer-lists', field), { exact: true }).fill(value);
        await page.getByLabel(en('producer-lists', field), { exact: true }).press('Tab');
      }
      await search(page).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await checkState(page, 'new business, reversed received dates');

      await openScreen(page, url('/b2b'));
      await table.locator('tbody tr').first().click();
      const detail = page.getByRole('dialog', { name: en('producer-details', 'policy.title') });
      await expect(detail.getByText('Stage history')).toBeVisible();
      await checkState(page, 'policy detail');

      await failApi(page, '/b2b/new_business');
      await openScreen(page, url('/b2b'));
      await expect(
        page.getByRole('alert').filter({ hasText: en('common', 'app.failFetchingData') }),
      ).toBeVisible();
      await checkState(page, 'new business, load failure');
    });

    test('Service Records: loaded, detail, no result', async ({ page }) => {
      await openScreen(page, url('/b2b/service_records?statusOptions=All'));
      const records = page.getByRole('table', { name: en('producer-lists', 'serviceRecords.caption') });
      await expect(records.locator('tbody tr').first()).toBeVisible();
      await checkState(page, 'service records');
      await records.locator('tbody tr').first().click();
      await expect(
        page.getByRole('dialog', { name: en('producer-details', 'serviceRecord.title') }),
      ).toBeVisible();
      await checkState(page, 'service record detail');

      await openScreen(page, url('/b2b/service_records?keywords=no-such-record-a11y'));
      await expect(page.getByText(en('lists', 'empty'))).toBeVisible();
      await checkState(page, 'service records, no result');
    });

    test("Requirements: opened from the home's figure, a row's case, no result", async ({ page }) => {
      await openScreen(page, url('/b2b/home'));
      const figure = page.getByRole('link', { name: /^Owed by clients: open the/ });
      await expect(figure).toBeVisible();
      await figure.click();
      await expect(page).toHaveURL(/\/b2b\/requirements\?view=clientOwes/);
      const items = page.getByRole('table', { name: en('producer-lists', 'requirements.caption') });
      await expect(items.locator('tbody tr').first()).toBeVisible();
      // Codes in words: no row shows a stored type or status code.
      await expect(items.getByText('PAYMENT_PROOF', { exact: true })).toHaveCount(0);
      await checkState(page, 'requirements, owed by clients');
      await items.locator('tbody tr').first().click();
      await expect(page).toHaveURL(/\/b2b\?case=\d+/);
      await expect(page.getByRole('dialog', { name: en('producer-details', 'policy.title') })).toBeVisible();
      await checkState(page, "requirements, a row's case");

      await openScreen(page, url('/b2b/requirements?view=all&keywords=no-such-item-a11y'));
      await expect(page.getByText(en('lists', 'empty'))).toBeVisible();
      await checkState(page, 'requirements, no result');
    });

    test('Clients: one selected, detail, documents, no result, load failure', async ({ page }) => {
      await openScreen(page, url('/b2b/clients'));
      const clients = page.getByRole('table', { name: en('producer-lists', 'clients.caption') });
      await expect(clients.locator('tbody tr').first()).toBeVisible();
      await clients.locator('tbody input[type=checkbox]:not([disabled])').first().check();
      await expect(page.getByText('1 client selected')).toBeVisible();
      await checkState(page, 'clients, one selected');
      await clients
        .getByRole('button', { name: /^Details:/, disabled: false })
        .first()
        .click();
      const clientDetail = page.getByRole('dialog', { name: en('producer-details', 'client.title') });
      await expect(clientDetail).toBeVisible();
      await expect(clientDetail.locator('.mantine-Loader-root')).toHaveCount(0);
      await checkState(page, 'client detail');
      await page.keyboard.press('Escape');
      await expect(clientDetail).toBeHidden();
      await clients
        .getByRole('button', { name: /^Documents:/, disabled: false })
        .first()
        .click();
      const documents = page.getByRole('dialog', { name: en('producer-details', 'documents.title') });
      await expect(
        documents.getByRole('tree').or(documents.getByText(en('producer-details', 'documents.empty'))),
      ).toBeVisible();
      await checkState(page, 'client documents');

      await openScreen(page, url('/b2b/clients?keywords=no-such-client-a11y'));
      await expect(page.getByText(en('lists', 'empty'))).toBeVisible();
      await checkState(page, 'clients, no result');

      await failApi(page, '/b2b/clients');
      await openScreen(page, url('/b2b/clients'));
      await expect(
        page.getByRole('alert').filter({ hasText: en('common', 'app.failFetchingData') }),
      ).toBeVisible();
      await checkState(page, 'clients, load failure');
    });

    test('Reports: the empty form, a missing period, and every report type of the site run', async ({
      page,
    }) => {
      await openScreen(page, url('/b2b/reports'));
      const picker = page.getByLabel(en('reports', 'picker.label'), { exact: true });
      await checkState(page, 'reports, nothing chosen');
      const types = (await picker
        .locator('option:not([disabled])')
        .evaluateAll((options) =>
          options.map((option) => Number((option as HTMLOptionElement).value)),
        )) as ReportType[];
      expect(types.length).toBeGreaterThan(3);

      for (const type of types) {
        const definition = REPORT_DEFINITIONS[type];
        await picker.selectOption(String(type));
        const needsPeriod = definition.required.includes('dateFrom');
        if (needsPeriod) {
          // First without its period: the form says what is missing.
          await page.getByRole('button', { name: en('reports', 'run') }).click();
          await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
          await checkState(page, `report ${type}, period missing`);
          for (const [field, value] of [
            ['filters.dateFrom', '2025/01/01'],
            ['filters.dateTo', '2026/12/31'],
          ] as const) {
            await page
              .getByRole('textbox', { name: en('reports', field), exact: true })
              .pressSequentially(value.replaceAll('/', ''));
          }
        }
        await page.getByRole('button', { name: en('reports', 'run') }).click();
        await expect(page.getByRole('table', { name: `${definition.title.en}: preview` })).toBeVisible();
        await expect(page.getByText(/^[\d,]+\+? rows?$/)).toBeVisible();
        await checkState(page, `report ${type} (${definition.name}) result`);
      }
    });

    test('Commissions, team tree, profile, change password with its errors, Page Not Found', async ({
      page,
    }) => {
      await openScreen(page, url('/b2b/commissions'));
      await expect(
        page.getByRole('button', { name: /^Download commission statement / }).first(),
      ).toBeVisible();
      await checkState(page, 'commissions');

      await failApi(page, '/b2b/commission');
      await openScreen(page, url('/b2b/commissions'));
      await expect(page.getByRole('alert').first()).toBeVisible();
      await checkState(page, 'commissions, load failure');
      await page.unrouteAll();

      await openScreen(page, url('/b2b'));
      await page.getByRole('button', { name: en('common', 'producer.openTeamTree') }).click();
      const drawer = page.getByRole('dialog', { name: en('common', 'producer.teamTree') });
      await expect(drawer.getByRole('tree')).toBeVisible();
      await checkState(page, 'team tree');
      await drawer.getByLabel(en('producer-team', 'searchLabel')).fill('zz-nobody');
      await expect(drawer.getByText(en('producer-team', 'noMatches'))).toBeVisible();
      await checkState(page, 'team tree, no match');
      await drawer.getByLabel(en('producer-team', 'searchLabel')).fill('A1002');
      await drawer
        .getByRole('button', { name: /Betty Ng/ })
        .first()
        .click();
      await drawer.getByRole('button', { name: en('producer-team', 'viewWithTeam') }).click();
      await expect(page.getByText(/Viewing as Betty Ng \(A1002\), with their team/)).toBeVisible();
      await checkState(page, 'new business viewed as a sub-partner');

      await openScreen(page, url('/b2b/my_profile'));
      await checkState(page, 'producer profile');

      await openScreen(page, url('/b2b/change_password'));
      await checkState(page, 'producer change password');
      await page.getByRole('main').locator('button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await checkState(page, 'producer change password, blank fields');

      await openScreen(page, url('/b2b/security'));
      await expect(
        page.getByRole('heading', { level: 2, name: en('security', 'sessions.title') }),
      ).toBeVisible();
      await checkState(page, 'producer security');

      await page.goto(url('/b2b/no_such_screen'));
      await expect(page.getByRole('heading', { name: en('common', 'app.pageNotFound') })).toBeVisible();
      await checkState(page, 'producer page not found');
    });
  });
}
