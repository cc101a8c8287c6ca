import { clientUrl, expect, test, text } from './fixtures.js';
import { demoPlans } from './helpers.js';

/** English words of the plan's data that must not show on a page in another language (decision 012). */
const ENGLISH_DATA_WORDS =
  /Whole of life|\d+ years?\b|To age \d|Autopay|Credit card|Monthly|Cash account|Important information|not guaranteed|Inforce/i;

test.describe('Plan data in the page language', () => {
  for (const language of ['zh', 'ja', 'kr'] as const) {
    test(`the plan's overview and details speak ${language}, and the Form Download tab stays`, async ({
      page,
    }) => {
      const { withAssets: plan } = await demoPlans(page);
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}`));
      await expect(page.getByRole('heading', { level: 1, name: plan.productName })).toBeVisible();
      const main = page.locator('main');
      await expect(main.locator('.sanitized-html strong')).toBeVisible();
      expect(await main.innerText()).not.toMatch(ENGLISH_DATA_WORDS);

      await page.getByRole('tab', { name: text(language, 'client', 'tabs.details') }).click();
      await expect(
        page.getByRole('table', { name: text(language, 'client', 'policyItems.caption') }),
      ).toBeVisible();
      expect(await main.innerText()).not.toMatch(ENGLISH_DATA_WORDS);

      // No Korean (or other) form: the English forms are listed, so the tab is still there.
      await page.getByRole('tab', { name: text(language, 'client', 'tabs.formDownload') }).click();
      const forms = page.getByRole('table', { name: text(language, 'client', 'forms.caption') });
      await expect(forms.locator('tbody tr').first()).toBeVisible();
    });
  }
});
