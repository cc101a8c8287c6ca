import { expect, type Page, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { STAFF_MENUS } from '../../apps/server/src/db/seed/demo-org.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { expectAccessible } from '../fixtures/axe.js';
import { pageApi, signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/*
 * The staff shell (docs/internal/README.md): the main menu is exactly the staff member's menu rows, keyboard-operable,
 * and the revenue screens are reached only with the Revenues row — the server refuses the calls without it.
 */

/** The names on the menu bar, in order: the mainMenu rows (the bar keeps the documented order (docs/product.md, "Staff
 * area")).
 */
async function barNames(page: Page): Promise<string[]> {
  const bar = page.getByRole('navigation', { name: 'Main menu' }).locator('.internal-menu__bar > li');
  return (await bar.locator(':scope > button, :scope > a').allInnerTexts()).map((text) => text.trim());
}

const mainMenuNames = (login: keyof typeof STAFF_MENUS) =>
  STAFF_MENUS[login].filter((row) => row.type === 'mainMenu').map((row) => row.name);

test.describe('staff main menu', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('staff1 sees exactly the permitted entries, and a mega-menu works from the keyboard', async ({
    page,
  }) => {
    await signIn(page, demoAccount('staff'));
    await page.goto(siteUrl('staff', '/internal'));
    await expect(page).toHaveURL(/\/internal\/revenues$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Revenues' })).toBeVisible();

    const names = await barNames(page);
    expect([...names].sort()).toEqual([...mainMenuNames('staff1')].sort());
    expect(names).not.toContain('Sync');
    expect(names).not.toContain('Data Feed');
    // The documented order, whatever order the rows were granted in.
    expect(names.slice(0, 4)).toEqual(['Service', 'Batch', 'Commission', 'Subsystem']);

    const commission = page.getByRole('button', { name: 'Commission' });
    await commission.focus();
    await page.keyboard.press('ArrowDown');
    await expect(commission).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await commission.getAttribute('aria-controls')}`);
    // Every subMenu row under Commission, and nothing else.
    const start = STAFF_MENUS.staff1.findIndex((row) => row.name === 'Commission');
    const next = STAFF_MENUS.staff1.findIndex((row, i) => i > start && row.type === 'mainMenu');
    const expected = STAFF_MENUS.staff1.slice(start + 1, next).filter((row) => row.type === 'subMenu');
    await expect(panel.getByRole('link')).toHaveText(expected.map((row) => row.name));
    await expect(panel.getByRole('link').first()).toBeFocused();
    await expectAccessible(page, 'staff menu open');

    await page.keyboard.press('Escape');
    await expect(commission).toHaveAttribute('aria-expanded', 'false');
    await expect(commission).toBeFocused();

    // Enter on the Revenues link follows it inside the app.
    await page.keyboard.press('Enter');
    await panel.getByRole('link', { name: 'Revenues' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/internal\/revenues$/);

    // Footer and header facts.
    const year = new Date().getFullYear();
    await expect(page.getByRole('contentinfo')).toContainText(`2012–${year}`);
    // The staff name edits the session in the back office: plain text while none is configured (decision 035).
    await expect(page.getByRole('banner').getByText(/^Grace Ho/)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Grace Ho/ })).toHaveCount(0);
  });

  test('staff2 sees fewer entries: only its own rows', async ({ page }) => {
    await signIn(page, demoAccount('staff2'));
    await page.goto(siteUrl('staff', '/internal/revenues'));
    await expect(page.getByRole('heading', { level: 1, name: 'Revenues' })).toBeVisible();
    const names = await barNames(page);
    expect([...names].sort()).toEqual([...mainMenuNames('staff2')].sort());
    expect(names.length).toBeLessThan(mainMenuNames('staff1').length);
  });
});

test('staff3 without the Revenues row cannot reach the revenue screens, and the server refuses the calls', async ({
  page,
}) => {
  // account-security.spec.ts sets an authenticator up on staff3 for up to two minutes: one test at a time signs it
  // in, and this one may wait that long.
  test.setTimeout(240_000);
  const staff3 = demoAccount('staff3');
  await withAccountLock(staff3, async () => {
    await signIn(page, staff3);
    await page.goto(siteUrl('staff', '/internal/revenues'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await barNames(page)).toEqual(['Report', 'Chart']);

    await page.goto(siteUrl('staff', '/internal/revenues/1/summary'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);

    const detail = await pageApi(page, '/internal/revenues/1');
    expect(detail.status).toBe(403);
    const me = JSON.parse((await pageApi(page, '/me')).text) as { csrfToken: string };
    const search = await pageApi(page, '/internal/revenues/search', {
      method: 'POST',
      body: {},
      csrfToken: me.csrfToken,
    });
    expect(search.status).toBe(403);
    expect(search.text).not.toContain('RV0');
  });
});

test('the internal calls answer 401 to nobody on the staff host and do not exist on a producer site', async ({
  page,
}) => {
  await page.goto(siteUrl('staff', '/login'));
  expect((await pageApi(page, '/internal/revenues/1')).status).toBe(401);
  await signIn(page, demoAccount('partner'));
  expect((await pageApi(page, '/internal/revenues/1')).status).toBe(404);
});
