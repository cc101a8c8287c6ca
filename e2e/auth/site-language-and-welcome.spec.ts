import { expect, test } from '@playwright/test';
import { SITE_CODES, siteCapabilities } from '@portal/contract';
import { siteUrl } from '../sites.js';

/*
 * Producer-only sites speak to advisors, and a language a site does not offer opens the page in the site's default
 * language (English) instead of a Page Not Found.
 */

const PRODUCER_ONLY = SITE_CODES.filter((site) => !siteCapabilities(site).hasArea('b2c'));

for (const site of PRODUCER_ONLY) {
  test(`${site}: /ja/login opens the login page in English, welcoming advisors`, async ({ page }) => {
    await page.goto(siteUrl(site, '/ja/login'));
    await expect(page).toHaveURL(new RegExp(`^http://${site}\\.localhost:\\d+/angel/face/login$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      siteCapabilities(site).loginTitle === 'advisorLogin' ? 'Advisor Login' : 'Login',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByText(
        'Sign in to follow your clients, new business, reports and commissions in one secure place.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/follow your plans/)).toHaveCount(0);
  });
}

test('afs keeps its Japanese login page and the client welcome', async ({ page }) => {
  await page.goto(siteUrl('afs', '/ja/login'));
  await expect(page).toHaveURL(/\/angel\/face\/ja\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});
