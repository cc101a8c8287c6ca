import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.js';
import { clientUrl, expect, test, text } from './fixtures.js';
import { demoPlans, fetchFile, newWindowRequest, pdfText, snapshot } from './helpers.js';

const tabName = (language: 'en' | 'zh', key: string) => text(language, 'client', `tabs.${key}`);

async function tabNames(page: Page): Promise<string[]> {
  return page.getByRole('tab').allTextContents();
}

for (const language of ['en', 'zh'] as const) {
  test.describe(`Plan detail (${language})`, () => {
    test('every tab of a plan, each one linkable, with its files', async ({ page }) => {
      const { withAssets: plan } = await demoPlans(page);
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}`));
      await expect(page.getByRole('heading', { level: 1, name: plan.productName })).toBeVisible();
      await expect(page.getByRole('tab', { name: tabName(language, 'formDownload') })).toBeVisible();
      expect(await tabNames(page)).toEqual(
        ['overview', 'details', 'assetsSelection', 'formDownload'].map((key) => tabName(language, key)),
      );
      const side = page.getByRole('navigation', { name: text(language, 'client', 'planDetail.allPlans') });
      await expect(side.locator('[aria-current="page"]')).toContainText(plan.planNo);

      // Overview: holdings with 4-decimal units and prices, 2-decimal amounts, and the disclaimer.
      await expect(page.getByRole('tab', { name: tabName(language, 'overview') })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const holdings = page.getByRole('table', { name: text(language, 'client', 'holdings.caption') });
      const firstFund = holdings.locator('tbody tr').first().locator('td');
      await expect(firstFund.nth(1)).toHaveText(/^\d{1,3}(,\d{3})*\.\d{4}$/);
      await expect(firstFund.nth(2)).toHaveText(/^\d{1,3}(,\d{3})*\.\d{4}$/);
      await expect(firstFund.nth(3)).toHaveText(/^[A-Z]{3} \d{1,3}(,\d{3})*\.\d{2}$/);
      await expect(page.locator('.sanitized-html strong')).toBeVisible();
      await snapshot(page, `plan-overview-${language}`);
      await expectAccessible(page, `plan overview (${language})`);

      // Details.
      await page.getByRole('tab', { name: tabName(language, 'details') }).click();
      await expect(page).toHaveURL(/\?tab=plan_details$/);
      await expect(
        page.getByText(text(language, 'client', 'plan.policyOwner'), { exact: true }),
      ).toBeVisible();
      await expect(
        page.getByRole('table', { name: text(language, 'client', 'policyItems.caption') }),
      ).toBeVisible();
      await snapshot(page, `plan-details-${language}`);

      // Assets Selection, with its document in a new window.
      await page.getByRole('tab', { name: tabName(language, 'assetsSelection') }).click();
      await expect(page).toHaveURL(/\?tab=assets_selection$/);
      const assetsUrl = await newWindowRequest(
        page,
        page.getByRole('button', { name: text(language, 'client', 'assetsSelection.download') }),
      );
      const assets = await fetchFile(page, assetsUrl, `assets-${language}.pdf`);
      expect(assets.contentType).toContain('application/pdf');
      await snapshot(page, `plan-assets-${language}`);

      // Form Download: the list, and one form downloaded.
      await page.getByRole('tab', { name: tabName(language, 'formDownload') }).click();
      await expect(page).toHaveURL(/\?tab=download_form$/);
      const forms = page.getByRole('table', { name: text(language, 'client', 'forms.caption') });
      await expect(forms.locator('tbody tr').first()).toBeVisible();
      const formUrl = await newWindowRequest(page, forms.getByRole('link').first());
      const form = await fetchFile(page, formUrl, `form-${language}.pdf`);
      expect(form.contentType).toContain('application/pdf');
      expect(pdfText(form.file).trim().length).toBeGreaterThan(0);
      await snapshot(page, `plan-forms-${language}`);

      // A link straight to a tab opens that tab.
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}?tab=assets_selection`));
      await expect(page.getByRole('tab', { name: tabName(language, 'assetsSelection') })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });

    test('Assets Selection asked for on a plan without it falls back to Overview', async ({ page }) => {
      const { withoutAssets: plan } = await demoPlans(page);
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}?tab=assets_selection`));
      await expect(page.getByRole('heading', { level: 1, name: plan.productName })).toBeVisible();
      await expect(page.getByRole('tab', { name: tabName(language, 'overview') })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('tab', { name: tabName(language, 'formDownload') })).toBeVisible();
      expect(await tabNames(page)).not.toContain(tabName(language, 'assetsSelection'));
    });

    test('a terminated plan offers no Form Download tab and no monthly statement', async ({ page }) => {
      const { terminated: plan } = await demoPlans(page);
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}?tab=download_form`));
      await expect(page.getByRole('heading', { level: 1, name: plan.productName })).toBeVisible();
      await expect(page.getByRole('tab', { name: tabName(language, 'overview') })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(await tabNames(page)).not.toContain(tabName(language, 'formDownload'));
      await expect(
        page.getByRole('button', { name: text(language, 'client', 'statement.view') }),
      ).toHaveCount(0);
      if (plan.disabledPolicyValueSection) {
        await expect(
          page.getByRole('heading', { name: text(language, 'client', 'policyValues.title') }),
        ).toHaveCount(0);
      }
      await snapshot(page, `plan-terminated-${language}`);
    });

    test('a plan without forms hides the Form Download tab, with no failed request in the console', async ({
      page,
    }) => {
      const { withoutForms: plan } = await demoPlans(page);
      const failures: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') failures.push(message.text());
      });
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}?tab=download_form`));
      await expect(page.getByRole('heading', { level: 1, name: plan.productName })).toBeVisible();
      await expect(page.getByRole('tab', { name: tabName(language, 'overview') })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(await tabNames(page)).not.toContain(tabName(language, 'formDownload'));
      expect(failures).toEqual([]);
    });
  });
}
