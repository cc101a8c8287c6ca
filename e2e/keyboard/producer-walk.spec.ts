import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { siteUrl } from '../sites.js';
import { expectFocusAtScreenStart, expectVisibleFocus, startsWith, tabTo } from './keyboard.js';

/**
 * A producer's main task with the keyboard alone (no click): choose the Advisor area and sign in, New Business, set
 * a filter and search, open a policy detail and close it with Escape (focus back on its row), export to Excel, then
 * open the team tree and view a sub-partner's business.
 */

const partner = demoAccount('partner');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);

test.use({ viewport: { width: 1366, height: 768 } });

test('producer: sign in to the home, New Business search, policy detail, export, team tree — keyboard only', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(siteUrl('afs', '/login'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The area choice is one Tab stop (the chosen area); an arrow key moves to Advisor and chooses it.
  const clientArea = page.getByRole('radio', { name: new RegExp(`^${en('public', 'login.areaClient')}`) });
  const advisor = page.getByRole('radio', { name: new RegExp(`^${en('public', 'login.areaProducer')}`) });
  await tabTo(page, clientArea, 'area choice');
  await page.keyboard.press('ArrowRight');
  await expect(advisor).toBeChecked();
  await expect(advisor).toBeFocused();
  await expectVisibleFocus(page, 'Advisor choice, chosen');
  await tabTo(page, page.getByLabel(startsWith(en('public', 'login.producerLogin'))), 'Login ID');
  await page.keyboard.type(partner.login);
  await tabTo(page, page.getByLabel(startsWith(en('public', 'login.password'))), 'password');
  await page.keyboard.type(partner.password);
  await page.keyboard.press('Enter');

  // Home, the producer's first screen: focus at the start of the screen.
  await expect(page).toHaveURL(/\/b2b\/home$/);
  await expectFocusAtScreenStart(
    page,
    page.getByRole('heading', { level: 1, name: en('common', 'producer.home') }),
    { newDocument: true },
  );

  // Back into the side menu, New Business with Enter: focus at the start of that screen.
  const menu = page.getByRole('navigation', { name: en('common', 'producer.menu') });
  await tabTo(
    page,
    menu.getByRole('link', { name: en('common', 'producer.newBusiness'), exact: true }),
    'New Business in the menu',
    {
      backwards: true,
    },
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/b2b$/);
  await expectFocusAtScreenStart(
    page,
    page.getByRole('heading', { level: 1, name: en('common', 'producer.newBusiness') }),
  );

  // Stage: every stage, then Search.
  await tabTo(page, page.getByRole('radio', { checked: true }), 'stage choice');
  const everyStage = page.getByRole('radio', {
    name: en('producer-lists', 'newBusiness.stageAll'),
    exact: true,
  });
  await page.keyboard.press('ArrowRight');
  await expect(everyStage).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: en('lists', 'search'), exact: true }), 'Search');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/stage=all/);

  // The first row opens its policy detail with Enter; Escape closes it and focus is back on the row.
  const table = page.getByRole('table', { name: en('producer-lists', 'newBusiness.caption') });
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  await tabTo(page, firstRow, 'first new business row');
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: en('producer-details', 'policy.title') });
  await expect(detail).toBeVisible();
  await expect
    .poll(() => detail.evaluate((dialog) => dialog.contains(document.activeElement)), {
      message: 'focus moves into the policy detail',
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(firstRow).toBeFocused();

  // Export to Excel, reached backwards from the table.
  await tabTo(page, page.getByRole('button', { name: en('lists', 'export') }), 'Export to Excel', {
    backwards: true,
  });
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/^new-business-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // The team tree: search a sub-partner, choose them, view their business.
  await tabTo(
    page,
    page.getByRole('button', { name: en('common', 'producer.openTeamTree') }),
    'Open team tree',
    {
      backwards: true,
    },
  );
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: en('common', 'producer.teamTree') });
  await expect(drawer.getByRole('tree')).toBeVisible();
  await tabTo(page, drawer.getByLabel(en('producer-team', 'searchLabel')), 'team search');
  await page.keyboard.type('A1002');
  await tabTo(page, drawer.getByRole('button', { name: /Betty Ng/ }).first(), 'Betty Ng');
  await page.keyboard.press('Enter');
  await tabTo(
    page,
    drawer.getByRole('button', { name: en('producer-team', 'viewWithTeam') }),
    'View with team',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Viewing as Betty Ng \(A1002\), with their team/)).toBeVisible();
  await expect(drawer).toBeHidden();
});
