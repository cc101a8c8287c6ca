import { expectAccessible } from '../fixtures/axe.js';
import { clientUrl, expect, test, text } from './fixtures.js';
import { snapshot } from './helpers.js';

for (const language of ['en', 'zh'] as const) {
  test.describe(`My Plan (${language})`, () => {
    test('donut of plans by category with a two-column legend', async ({ page }) => {
      await page.goto(clientUrl(language, '/b2c'));
      const figure = page.getByRole('figure', { name: text(language, 'client', 'myPlan.chartTitle') });
      await expect(figure).toBeVisible();
      // The drawing is 370 × 370.
      const drawing = figure.locator('.donut-drawing');
      await expect(drawing.locator('.donut-segment').first()).toBeVisible();
      const box = await drawing.boundingBox();
      expect(Math.round(box?.width ?? 0)).toBe(370);
      expect(Math.round(box?.height ?? 0)).toBe(370);
      // Two legend columns, at least three entries each, counts adding up to the plans in the table.
      const columns = figure.getByRole('list');
      await expect(columns).toHaveCount(2);
      const counts: number[] = [];
      for (const column of await columns.all()) {
        const items = column.getByRole('listitem');
        expect(await items.count()).toBeGreaterThanOrEqual(3);
        for (const item of await items.all())
          counts.push(Number((await item.locator('p').last().textContent()) ?? 0));
      }
      const rows = page.getByRole('table').getByRole('row');
      await expect(rows.nth(1)).toBeVisible();
      expect(counts.reduce((a, b) => a + b, 0)).toBe((await rows.count()) - 1);
      await expect(
        figure.getByRole('listitem').filter({ hasText: text(language, 'domain', 'productCategory.IL') }),
      ).toBeVisible();
      await snapshot(page, `my-plan-${language}`);
      await expectAccessible(page, `My Plan (${language})`);
    });

    test('table sorted by category, a header click selects and toggles', async ({ page }) => {
      await page.goto(clientUrl(language, '/b2c'));
      const table = page.getByRole('table');
      const categoryHeader = table.getByRole('columnheader', {
        name: text(language, 'client', 'plan.productCategory'),
      });
      const numberHeader = table.getByRole('columnheader', { name: text(language, 'client', 'plan.planNo') });
      await expect(categoryHeader).toHaveAttribute('aria-sort', 'ascending');
      const column = async (index: number) =>
        table
          .locator('tbody tr')
          .evaluateAll(
            (rows, i) => rows.map((row) => row.querySelectorAll('td')[i]?.textContent ?? ''),
            index,
          );
      // Ascending in the page language's collation (zh-Hant: by strokes).
      const categories = await column(0);
      const expected = await page.evaluate((values) => {
        const collator = new Intl.Collator(document.documentElement.lang, {
          numeric: true,
          sensitivity: 'base',
        });
        return [...values].sort(collator.compare);
      }, categories);
      expect(categories).toEqual(expected);

      await numberHeader.getByRole('button').click();
      await expect(numberHeader).toHaveAttribute('aria-sort', 'ascending');
      await expect(categoryHeader).toHaveAttribute('aria-sort', 'none');
      const ascending = await column(3);
      expect(ascending).toEqual([...ascending].sort());

      await numberHeader.getByRole('button').click();
      await expect(numberHeader).toHaveAttribute('aria-sort', 'descending');
      expect(await column(3)).toEqual([...ascending].reverse());

      // Keyboard: a row opens its plan with Enter.
      const firstRow = table.locator('tbody tr').first();
      const planName = (await firstRow.locator('td').nth(1).textContent()) ?? '';
      await firstRow.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/b2c\/plan_detail\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: planName })).toBeVisible();
    });
  });
}
