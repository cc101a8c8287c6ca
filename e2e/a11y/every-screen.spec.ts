import { expect, type Page, test } from '@playwright/test';
import { OTP_RESEND_INTERVAL_SECONDS } from '@portal/contract';
import { DEMO_REGISTRATION_CLIENTS, demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { zh } from '../../apps/server/src/i18n/zh.js';
import { catalogText } from '../catalogs.js';
import { chooseArea, formAlert, openLogin, submitCredentials } from '../fixtures/account-flows.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { expectFitsWidth } from './layout-checks.js';

/**
 * axe-core (WCAG 2.x A and AA) on every public, producer and back-office screen state a person can reach today, on a
 * desktop and on a phone; any critical or serious finding fails. The client area is in client-screens.spec.ts (it
 * shares the signed-in client session of e2e/client).
 */

const client2 = demoAccount('client2');
const staff = demoAccount('staff');
const noEmail = DEMO_REGISTRATION_CLIENTS.find((c) => c.key === 'registerWithoutEmail');
if (!noEmail) throw new Error('demo registration client without e-mail missing');

/** Opens a page and waits for its heading, so axe sees the screen and not its loading state. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`accessibility, ${size}`, () => {
    test.use({ viewport });
    // Each test walks several screen states, each one a page visit and an axe run.
    test.describe.configure({ timeout: 120_000 });

    test('login pages of every site and host, in English and Chinese, with a failed sign-in', async ({
      page,
    }) => {
      for (const [site, path] of [
        ['afs', '/'],
        ['afs', '/login'],
        ['afs', '/zh/login'],
        ['afs', '/kr/login'],
        ['ipc', '/zh/login'],
        ['absg', '/login'],
        ['staff', '/login'],
      ] as const) {
        await visit(page, siteUrl(site, path));
        await expectAccessible(page, `${site}${path}, ${size}`);
        await expectFitsWidth(page, `${site}${path}`);
      }

      // Fields left blank: their messages in the error colour.
      await openLogin(page, 'afs');
      await chooseArea(page, 'Advisor');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, `login, blank fields, ${size}`);

      // A refused sign-in: the alert above the form (a name without an account: no one is pushed to a lock).
      await submitCredentials(page, `nobody-a11y-${size}-${Date.now()}`, 'Wrong1234');
      await expect(formAlert(page)).toBeVisible();
      await expectAccessible(page, `login, refused, ${size}`);
    });

    test('the one-time code form and its notification', async ({ page }) => {
      // Alone with client2's sign-in: another test's code would void this one's (fixtures/account-lock.ts).
      await withAccountLock(client2, async () => {
        // The resend button waits a minute after the first code. What resending does is tested in
        // auth/one-time-code.spec.ts against the server; here only the screen matters, so the page's clock skips the
        // minute and the resend is answered as the server answers it, instead of holding client2 for a minute.
        await page.clock.install();
        await page.route('**/resend_otp', (route) =>
          route.fulfill({ json: { msg: zh.auth.otpResent.replace('{{email}}', 'c***@example.com') } }),
        );
        await openLogin(page, 'afs', '/zh/login');
        await submitCredentials(page, client2.login, client2.password);
        await expect(page.locator('input[name="otpCode"]')).toBeVisible();
        await expectAccessible(page, `code form, ${size}`);
        await page.clock.fastForward(OTP_RESEND_INTERVAL_SECONDS * 1000);
        const resend = page.getByRole('button', { name: catalogText('zh', 'public', 'otp.resend') });
        // Enabled by the skipped minute, not by a real one going by.
        await expect(resend).toBeEnabled({ timeout: 10_000 });
        await resend.click();
        const notice = page.locator('.login-notice');
        await expect(notice).toBeVisible();
        await expect(
          notice.getByRole('button', { name: catalogText('zh', 'common', 'app.closeNotification') }),
        ).toBeVisible();
        await expectAccessible(page, `code form with its notification, ${size}`);
        await page.getByRole('button', { name: catalogText('zh', 'public', 'otp.cancel') }).click();
        await expect(page.locator('input[name="password"]')).toBeVisible();
      });
    });

    test('account flows: registration, activation, forgotten and reset password, not found', async ({
      page,
    }) => {
      await visit(page, siteUrl('afs', '/registration'));
      await expectAccessible(page, `registration, ${size}`);
      await expectFitsWidth(page, 'registration');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, `registration, blank fields, ${size}`);

      await visit(page, siteUrl('afs', '/ja/registration'));
      await expectAccessible(page, `registration (ja), ${size}`);

      await visit(page, siteUrl('afs', '/activation?login=AG10000009&activation_code=not-a-real-code'));
      await page.locator('input[name="password"]').fill('Abcd1234');
      await page.locator('input[name="passwordConfirmation"]').fill('Abcd1234');
      await page.locator('form button[type="submit"]').click();
      await expect(formAlert(page)).toBeVisible();
      await expectAccessible(page, `activation, refused link, ${size}`);

      await visit(page, siteUrl('afs', '/forget_password'));
      await expectAccessible(page, `forgot password (client), ${size}`);
      await visit(page, siteUrl('ipc', '/zh/forget_password_b2b'));
      await expectAccessible(page, `forgot password (producer, zh), ${size}`);
      await visit(
        page,
        siteUrl('afs', '/reset_password?login=AG10000009&reset_password_code=not-a-real-code'),
      );
      await expectAccessible(page, `reset password, ${size}`);

      await page.goto(siteUrl('afs', '/zh/no/such/page'));
      await expect(page.getByText(catalogText('zh', 'common', 'app.pageNotFound'))).toBeVisible();
      await expectAccessible(page, `not found (zh), ${size}`);
    });

    test('producer shells of afs and absg, with their menus and panels', async ({ page }) => {
      await signIn(page, demoAccount('partner'));
      for (const path of ['/b2b', '/b2b/clients', '/b2b/commissions', '/zh/b2b/my_profile']) {
        await visit(page, siteUrl('afs', path));
        await expectAccessible(page, `afs producer ${path}, ${size}`);
      }
      await page.getByRole('button', { name: catalogText('zh', 'common', 'producer.openTeamTree') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `afs producer team tree, ${size}`);

      await signIn(page, demoAccount('absgProducer'));
      await visit(page, siteUrl('absg', '/b2b/reports'));
      await expectAccessible(page, `absg producer, ${size}`);
      await page.getByRole('button', { name: /user menu/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `absg user menu open, ${size}`);
      if (size === 'phone') {
        await page.keyboard.press('Escape');
        await page
          .getByRole('button', { name: catalogText('en', 'common', 'header.openNavigation') })
          .click();
        await expect(page.getByRole('navigation').first()).toBeVisible();
        await expectAccessible(page, `absg navigation open, ${size}`);
      }

      // Logout lands on the login page.
      await page.goto(siteUrl('absg', '/logout'));
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `after logout, ${size}`);
    });

    test('back-office revenue screens on the staff host', async ({ page }) => {
      await signIn(page, staff);
      await visit(page, siteUrl('staff', '/internal/revenues'));
      await expectAccessible(page, `internal revenue index, ${size}`);
      for (const tab of ['summary', 'payin', 'payin?list=all', 'payout', 'payout?view=particular']) {
        await visit(page, siteUrl('staff', `/internal/revenues/1/${tab}`));
        await expectAccessible(page, `internal revenue ${tab}, ${size}`);
      }
    });
  });
}
