import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { siteUrl } from '../sites.js';
import { expectFocusAtScreenStart, expectVisibleFocus, startsWith, tabTo } from './keyboard.js';

/**
 * Back-office staff's main task with the keyboard alone (no click), on the staff host: sign in, the revenue index,
 * search, open a revenue, switch its tabs, open Edit and leave it with Escape (focus back on Edit).
 */

const staff = demoAccount('staff');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);

test.use({ viewport: { width: 1366, height: 768 } });

test('staff: sign in, revenue index, search, a revenue and its tabs, edit cancelled — keyboard only', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(siteUrl('staff', '/login'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByLabel(startsWith(en('public', 'login.staffLogin'))), 'staff login ID');
  await page.keyboard.type(staff.login);
  await tabTo(page, page.getByLabel(startsWith(en('public', 'login.password'))), 'password');
  await page.keyboard.type(staff.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/internal\/revenues$/);
  await expectFocusAtScreenStart(
    page,
    page.getByRole('heading', { level: 1, name: en('internal', 'index.title') }),
  );

  // A keyword search submitted with Enter in the field.
  await tabTo(page, page.getByLabel(en('internal', 'index.keywords'), { exact: true }), 'Keywords');
  await page.keyboard.type('RV000001');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/keywords=RV000001/);
  const result = page.getByRole('table').getByRole('link', { name: 'RV000001', exact: true });
  await expect(result).toBeVisible();
  await tabTo(page, result, 'RV000001');
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'Revenue RV000001' });
  await expectFocusAtScreenStart(page, heading);

  // The section tabs are links: Pay-in, then Pay-out.
  const sections = page.getByRole('navigation', { name: en('revenue', 'sections') });
  await tabTo(page, sections.getByRole('link', { name: en('revenue', 'tabs.payin') }), 'Pay-in tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payin/);
  await expect(sections.getByRole('link', { name: en('revenue', 'tabs.payin') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await tabTo(page, sections.getByRole('link', { name: en('revenue', 'tabs.payout') }), 'Pay-out tab', {
    backwards: true,
  });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payout/);

  // Edit opens its dialog with focus inside; Escape leaves it unchanged and focus returns to Edit.
  const edit = page.getByRole('button', { name: en('revenue', 'edit.open') });
  await tabTo(page, edit, 'Edit', { backwards: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit revenue RV000001' });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
      message: 'focus moves into the edit dialog',
    })
    .toBe(true);
  await expectVisibleFocus(page, 'first field of the edit dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});
