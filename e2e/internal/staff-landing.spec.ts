import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { STAFF_MENUS } from '../../apps/server/src/db/seed/demo-org.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { expectAccessible } from '../fixtures/axe.js';
import { siteUrl } from '../sites.js';

/*
 * Every staff account from the README's staff address, signed out first (decision 035): the staff host shows its own
 * sign-in, never the back office; each member lands on a portal page with their menu; entries the portal does not
 * build are marked as back-office pages and, with BACK_OFFICE_URL unset (the e2e server's), disabled with the reason.
 */

const REASON = 'Not available: this portal has no back-office address configured (BACK_OFFICE_URL).';
const LANDING = {
  staff: { login: 'staff1', heading: 'Revenues', path: /\/internal\/revenues$/ },
  staff2: { login: 'staff2', heading: 'Revenues', path: /\/internal\/revenues$/ },
  staff3: { login: 'staff3', heading: 'Welcome, Ivy Ng', path: /\/internal$/ },
} as const;

for (const width of [1366, 390]) {
  for (const [key, landing] of Object.entries(LANDING)) {
    test(`${landing.login} signs in from the README's staff address and lands on their menu at ${width} px`, async ({
      page,
    }) => {
      // Three sign-ins and an axe run per test on a shared two-core machine, after waiting for the account's lock
      // (the authenticator test holds staff3's for up to two minutes).
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      const account = demoAccount(key as keyof typeof LANDING);
      // account-security.spec.ts sets an authenticator up on staff3 for a while: one test at a time signs it in.
      await withAccountLock(account, async () => {
        await page.goto(siteUrl('staff', '/internal'));
        await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
        expect(new URL(page.url()).host).toMatch(/^staff\.localhost/);

        await page.getByLabel('Staff login ID').fill(account.login);
        await page.getByLabel('Password').fill(account.password);
        await page.getByLabel('Password').press('Enter');
        const heading = page.getByRole('heading', { level: 1, name: landing.heading });
        await expect(heading).toBeVisible({ timeout: 30_000 });
        await expect(page).toHaveURL(landing.path);
        if (key !== 'staff3') {
          // /internal → /internal/revenues is a change of screen: the heading takes focus, without a ring (it is not
          // a control). staff3's home page is the first screen of the page load, where focus stays put.
          await expect(heading).toBeFocused();
          expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
        }
        await expect(page.getByRole('contentinfo')).toContainText(
          `© 2012–${new Date().getFullYear()} Angel Financial Services`,
        );

        const rows = STAFF_MENUS[account.login as keyof typeof STAFF_MENUS];
        if (width < 1000) await page.getByRole('button', { name: 'Open navigation' }).click();
        const menu = page.getByRole('navigation', { name: 'Main menu' });
        for (const row of rows.filter((entry) => entry.type === 'mainMenu')) {
          await expect(menu.getByText(row.name, { exact: true }).first()).toBeVisible();
        }
        const report = menu.getByRole('link', { name: 'Report', exact: true });
        await expect(report).toHaveAttribute('aria-disabled', 'true');
        await expect(report).not.toHaveAttribute('href');
        await expect(report).toHaveAccessibleDescription(REASON);
        if (key === 'staff3') {
          await expect(page.getByRole('main')).toContainText(REASON);
          await expect(page.getByRole('main').getByRole('link', { name: 'Chart' })).toHaveAttribute(
            'aria-disabled',
            'true',
          );
        }
        await expectAccessible(page, `${landing.login} landing at ${width}`);
      });
    });
  }
}

test('the afs area choice draws only the chosen card as selected', async ({ page }) => {
  await page.goto(siteUrl('afs', '/login'));
  const client = page.getByRole('radio', { name: /^Client/ });
  const advisor = page.getByRole('radio', { name: /^Advisor/ });
  const look = (radio: typeof client) =>
    radio.evaluate((card) => {
      const indicator = card.querySelector('.radio-indicator') as HTMLElement;
      return [getComputedStyle(card).borderColor, getComputedStyle(indicator).backgroundColor].join(' ');
    });
  await expect(client).toHaveAttribute('aria-checked', 'true');
  const checkedLook = await look(client);
  expect(await look(advisor)).not.toBe(checkedLook);
  await advisor.click();
  await expect(advisor).toHaveAttribute('aria-checked', 'true');
  expect(await look(advisor)).toBe(checkedLook);
  expect(await look(client)).not.toBe(checkedLook);
});
