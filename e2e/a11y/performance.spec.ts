import type { Page } from '@playwright/test';
import { clientUrl, expect, test, text } from '../client/fixtures.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { expectFitsWidth } from './layout-checks.js';

/**
 * The Performance screen (docs/performance-reporting.md) on a desktop and on a phone, in English and Chinese: the returns, the chart (a
 * keyboard slider over the months) and its table view, then one consolidated account from the picker, each state
 * checked by axe (no critical or serious finding) and fitting its width.
 */

async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`performance screen, ${size}`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    for (const language of ['en', 'zh'] as const) {
      test(`chart and table in ${language}`, async ({ page }) => {
        await open(page, clientUrl(language, '/b2c/performance'));
        await expect(page.getByTestId('twr')).toHaveText(/^[+−]?\d+\.\d{2}%$/);
        await expect(page.getByTestId('mwr')).toHaveText(/^[+−]?\d+\.\d{2}%$/);
        const chart = page.getByRole('slider');
        await expect(chart).toBeVisible();
        await expectAccessible(page, `performance chart ${language}, ${size}`);
        await expectFitsWidth(page, `performance chart ${language}`);

        // The keyboard reads the months: Home goes to the first, → to the next, each with its figures.
        await chart.focus();
        await page.keyboard.press('Home');
        const first = await chart.getAttribute('aria-valuetext');
        await page.keyboard.press('ArrowRight');
        const second = await chart.getAttribute('aria-valuetext');
        expect(first).toMatch(/\d{4}\/\d{2}\/\d{2}/);
        expect(second).not.toBe(first);

        await page.getByRole('button', { name: text(language, 'performance', 'showTable') }).click();
        const rows = page.locator('table.performance-table tbody tr');
        await expect(rows.first()).toBeVisible();
        expect(await rows.count()).toBeGreaterThan(12);
        await expect(page.locator('table.performance-table caption')).toBeVisible();
        await expectAccessible(page, `performance table ${language}, ${size}`);
        await expectFitsWidth(page, `performance table ${language}`);

        await page.getByRole('button', { name: text(language, 'performance', 'showInputs') }).click();
        await expect(page.locator('table.performance-inputs')).toBeVisible();

        // A preset: one year, not annualised.
        await page.getByText(text(language, 'performance', 'preset.1y'), { exact: true }).click();
        await expect(page.getByText(text(language, 'performance', 'cumulative')).first()).toBeVisible();
        await expectAccessible(page, `performance 1y ${language}, ${size}`);

        // One consolidated statement account, from the picker that also offers the portfolio and each plan.
        const picker = page.getByRole('combobox', {
          name: text(language, 'performance', 'scope'),
          exact: true,
        });
        await picker.click();
        const account = page.getByRole('option', { name: /^(Account|帳戶) / });
        // The open list is not given to axe: Mantine's combobox keeps focus in its input and scrolls the list with
        // the arrow keys, which axe cannot see (it reports the list's scroll area as scrollable-region-focusable).
        await expect(account.first()).toBeVisible();
        await account.first().click();
        await expect(picker).toHaveValue(/^(Account|帳戶) /);
        await expect(page.getByTestId('twr')).toHaveText(/^[+−]?\d+\.\d{2}%$/);
        await expectAccessible(page, `performance account ${language}, ${size}`);
        await expectFitsWidth(page, `performance account ${language}`);
        await page.screenshot({
          path: test.info().outputPath(`performance-account-${language}-${size}.png`),
        });
      });
    }
  });
}
