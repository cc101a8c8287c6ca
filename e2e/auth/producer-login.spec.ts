import { expect, test } from '@playwright/test';
import { SITE_CODES, type SiteCode, siteCapabilities } from '@portal/contract';
import {
  type DemoAccount,
  type DemoAccountKey,
  demoAccount,
} from '../../apps/server/src/db/seed/demo-accounts.js';
import { chooseArea, formAlert, openLogin, submitCredentials } from '../fixtures/account-flows.js';
import { expectAccessible } from '../fixtures/axe.js';
import { siteUrl } from '../sites.js';

/**
 * Producers sign in with their Login ID or their Advisor Code on every site (no one-time code for producers by
 * default). Signing in changes nothing these accounts' other users depend on; a wrong password is tried on a name
 * that has no account, so the demo producers are never pushed towards their lock.
 */
const producerOf: Record<SiteCode, DemoAccount> = {
  afs: producer('partner'),
  ipc: producer('ipcProducer'),
  absg: producer('absgProducer'),
};

function producer(key: DemoAccountKey): DemoAccount {
  const account = demoAccount(key);
  if (!account.advisorCode) throw new Error(`demo producer ${key} missing`);
  return account;
}

for (const site of SITE_CODES) {
  const account = producerOf[site];
  const rules = siteCapabilities(site);
  // Where clients sign in too, the page first asks which area.
  const choosesArea = rules.hasArea('b2c');

  test(`${site}: a producer signs in by Login ID and by Advisor Code`, async ({ page }) => {
    for (const login of [account.login, account.advisorCode ?? '']) {
      await openLogin(page, site);
      if (choosesArea) await chooseArea(page, 'Advisor');
      await expect(page.getByLabel('Login ID or Advisor Code')).toBeVisible();
      await submitCredentials(page, login, account.password);
      await expect(page).toHaveURL(/\/angel\/face\/b2b\/home$/);
      await page.goto(siteUrl(site, '/logout'));
      await expect(page).toHaveURL(/\/angel\/face\/login$/);
    }
  });

  test(`${site}: the login page has this site's title, choices and links`, async ({ page }) => {
    await openLogin(page, site);
    const title = rules.loginTitle === 'advisorLogin' ? 'Advisor Login' : 'Login';
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('radiogroup')).toHaveCount(choosesArea ? 1 : 0);
    if (choosesArea) await chooseArea(page, 'Advisor');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveCount(
      rules.has('producerPasswordReset') ? 1 : 0,
    );
    await expect(page.getByRole('navigation', { name: 'Language' })).toHaveCount(
      rules.hasLanguageBar ? 1 : 0,
    );
    const year = new Date().getFullYear();
    await expect(page.getByText(new RegExp(`^© ${year} `))).toBeVisible();

    // Unknown name: the per-area failure message as the base error.
    await submitCredentials(page, `nobody-${site}-${Date.now()}`, 'Wrong1234');
    await expect(formAlert(page)).toHaveText('Invalid Login ID / Advisor Code or password.');
    await expectAccessible(page, `${site} login, refused`);
  });
}

test('a failed producer login is answered in the page language', async ({ page }) => {
  await openLogin(page, 'ipc', '/zh/login');
  await submitCredentials(page, `nobody-zh-${Date.now()}`, 'Wrong1234');
  await expect(formAlert(page)).toBeVisible();
  await expect(formAlert(page)).not.toHaveText(/Invalid/);
});

test('a producer who forgot the password gets the same confirmation whoever they are', async ({ page }) => {
  await openLogin(page, 'ipc');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(page.getByText('Cannot be blank')).toBeVisible();
  await page.locator('input[name="loginId"]').fill(`nobody-${Date.now()}`);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login\?area=b2b$/);
});
