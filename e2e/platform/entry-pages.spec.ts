import { expect, test } from '@playwright/test';
import { catalogText, HTML_LANG } from '../catalogs.js';
import { SITES_WITH_LANGUAGES, siteUrl } from '../sites.js';

const SITE_NAMES = {
  afs: 'Angel Financial Services',
  ipc: 'IPC Independent Planning Consultants',
  absg: 'ABSG Advisory Services Group',
} as const;

for (const { site, languages } of SITES_WITH_LANGUAGES) {
  for (const language of languages) {
    test(`${site} entry page renders in ${language}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await page.goto(siteUrl(site, `/${language}/login`));
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language]);
      await expect(page.getByRole('main')).toBeVisible();
      // The copyright line names the site and this year.
      await expect(
        page.getByText(new RegExp(`©.*${new Date().getFullYear()}.*${SITE_NAMES[site]}`)),
      ).toBeVisible();
      await expect(page.getByText(catalogText(language, 'common', 'footer.privacy')).first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
}

test('the root of each site lands on its login page', async ({ page }) => {
  await page.goto(siteUrl('ipc', '/'));
  await expect(page).toHaveURL(/\/angel\/face\/(login)?$/);
  await expect(page.getByText(SITE_NAMES.ipc).first()).toBeVisible();
  await expect(page.getByText(catalogText('en', 'common', 'app.pageNotFound'))).toHaveCount(0);
});

test('absg is titled Advisor Login and offers no language switcher', async ({ page }) => {
  await page.goto(siteUrl('absg', '/login'));
  await expect(page.getByRole('heading', { name: 'Advisor Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: /中文|language/i })).toHaveCount(0);
});
