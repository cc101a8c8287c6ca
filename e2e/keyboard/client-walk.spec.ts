import { expect, test } from '@playwright/test';
import type { PlanDetail } from '@portal/contract';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { lastMailTo, nextCode } from '../fixtures/account-flows.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { pageApi } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { expectFocusAtScreenStart, expectVisibleFocus, startsWith, tabTo } from './keyboard.js';

/**
 * A client's main task with the keyboard alone (no click): sign in with the one-time code, My Plan, open a plan,
 * switch its tabs, view a statement and close it, sign out. Every stop shows its focus, and focus lands where a
 * person expects it: the code field, each new screen's heading, back on the button that opened the viewer.
 * client2 belongs to no other suite's sign-in, so its code e-mails are not confused with another test's.
 */

const client = demoAccount('client2');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);

test.use({ viewport: { width: 1366, height: 768 } });

test('client: sign in, My Plan, a plan and its tabs, a statement, sign out — keyboard only', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Signed in alone: another test's sign-in of client2 would void this one's code (fixtures/account-lock.ts).
  await withAccountLock(client, async () => {
    await page.goto(siteUrl('afs', '/login'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The client area is the default choice; the radio group is one Tab stop.
    const clientArea = page.getByRole('radio', { name: new RegExp(`^${en('public', 'login.areaClient')}`) });
    await tabTo(page, clientArea, 'area choice');
    await expect(clientArea).toBeChecked();
    await tabTo(page, page.getByLabel(startsWith(en('public', 'login.clientLogin'))), 'Client ID');
    await page.keyboard.type(client.login);
    await tabTo(page, page.getByLabel(startsWith(en('public', 'login.password'))), 'password');
    await page.keyboard.type(client.password);
    const before = await lastMailTo(client.email);
    await page.keyboard.press('Enter');

    // The code form takes focus in its field.
    const codeField = page.getByRole('textbox', { name: en('public', 'otp.code') });
    await expect(codeField).toBeFocused();
    await expectVisibleFocus(page, 'the one-time code field');
    await page.keyboard.type(await nextCode(client.email, before));
    await page.keyboard.press('Enter');

    // My Plan: focus on its heading; the first plan row is reached by Tab and opened with Enter.
    const myPlan = page.getByRole('heading', { level: 1, name: en('common', 'client.myPlan') });
    await expectFocusAtScreenStart(page, myPlan, { newDocument: true });
  });
  // A plan with monthly statements (read from the API the page uses; the walk itself only presses keys).
  const { data: plans } = JSON.parse((await pageApi(page, '/b2c/plans')).text) as { data: { id: number }[] };
  const details = await Promise.all(
    plans.map(async ({ id }) => JSON.parse((await pageApi(page, `/b2c/plans/${id}`)).text) as PlanDetail),
  );
  const withStatements = details.find(
    (plan) => plan.partyId !== null && plan.stmtMonthOptions.length > 0 && !plan.isTerminated,
  );
  if (!withStatements) throw new Error(`${client.login} has no plan with monthly statements`);
  const planRow = page.getByRole('table').locator('tbody tr', { hasText: withStatements.planNo });
  await tabTo(page, planRow, `plan ${withStatements.planNo}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/b2c\/plan_detail\/\d+/);
  await expectFocusAtScreenStart(
    page,
    page.getByRole('heading', { level: 1 }).filter({ hasNotText: en('common', 'client.myPlan') }),
  );

  // The tabs are one stop; arrows move between them and show each panel.
  const tabs = page.getByRole('tab');
  await tabTo(page, page.getByRole('tab', { selected: true }), 'plan tabs');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=/);
  await expectVisibleFocus(page, 'second plan tab');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

  // A statement in the viewer; Escape closes it and focus goes back to the button.
  const view = page.getByRole('button', { name: en('client', 'statement.view') });
  await tabTo(page, view, 'View statement');
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: en('statements', 'viewer.title') });
  await expect(viewer.getByTestId('statement-frame')).toBeVisible();
  await expect
    .poll(() => viewer.evaluate((dialog) => dialog.contains(document.activeElement)), {
      message: 'focus moves into the viewer',
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(view).toBeFocused();

  // Sign out: the header's Logout link, reached backwards from the page.
  await tabTo(page, page.getByRole('link', { name: en('common', 'header.logout') }), 'Logout', {
    backwards: true,
    max: 80,
  });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel(startsWith(en('public', 'login.clientLogin')))).toBeVisible();
});
