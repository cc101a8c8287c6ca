import { expectAccessible } from '../fixtures/axe.js';
import { clientUrl, expect, test } from './fixtures.js';
import { demoPlans } from './helpers.js';

/*
 * What a client sees of their unread messages on a phone, and the figures of an investment plan: the portfolio by
 * asset class from the holdings (not the premium allocation again) and the two totals, each saying what it is.
 */

test('on a phone the burger shows the unread message count', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(clientUrl('en', '/b2c'));
  const burger = page.getByRole('button', { name: /^Open navigation \(Unread messages: \d+\)$/ });
  await expect(burger).toBeVisible();
  const count = /Unread messages: (\d+)/.exec((await burger.getAttribute('aria-label')) ?? '')?.[1];
  const indicator = page.getByTestId('burger-unread').locator('.mantine-Indicator-indicator');
  await expect(indicator).toBeVisible();
  await expect(indicator).toHaveText(count ?? '');
  // Drawn as a badge on the burger (Mantine's Indicator styles loaded), not as a loose digit above it.
  expect(await indicator.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
  await expectAccessible(page, 'my plan at 390 with unread badge');
});

for (const width of [1366, 390]) {
  test(`an investment plan's portfolio comes from its holdings and its totals are labelled (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { withAssets: plan } = await demoPlans(page);
    await page.goto(clientUrl('en', `/b2c/plan_detail/${plan.id}`));
    await expect(page.getByRole('heading', { level: 1, name: plan.productName })).toBeVisible({
      timeout: 30_000,
    });

    const portfolio = page.getByRole('region', { name: 'Portfolio by asset class' });
    await expect(portfolio.getByRole('row', { name: /Cash account/ })).toBeVisible();
    const shares = (await portfolio.getByRole('cell', { name: /%$/ }).allInnerTexts()).map((cell) =>
      Number.parseFloat(cell),
    );
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(100, 1);
    const allocation = page.getByRole('region', { name: 'Premium allocation' });
    const allocationShares = (await allocation.getByRole('cell', { name: /%$/ }).allInnerTexts()).map(
      (cell) => Number.parseFloat(cell),
    );
    expect(shares).not.toEqual(allocationShares);

    await expect(page.getByText('Funds and cash held (Holdings), in USD')).toBeVisible();
    await expect(
      page.getByText(/Total Policy Value is their total; it is not the value of the funds held/),
    ).toBeVisible();
  });
}
