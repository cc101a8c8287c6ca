import { expect, test } from '@playwright/test';
import { DEMO_REGISTRATION_CLIENTS } from '../../apps/server/src/db/seed/demo-accounts.js';
import {
  formAlert,
  lastMailTo,
  nextCode,
  nextLink,
  openLogin,
  selectBirthDate,
  submitCode,
  submitCredentials,
  submitNewPassword,
} from '../fixtures/account-flows.js';
import { expectAccessible } from '../fixtures/axe.js';
import { expectScreenComplete } from '../fixtures/screen-checks.js';

/**
 * Resend and cancel of the one-time code, on an account of its own: the demo client whose activation is pending
 * (pendingActivation) registers again for a fresh link, activates, and signs in. Other suites sign in the main demo
 * client; a code resent here would void theirs, so this one never touches it.
 */
const pending = DEMO_REGISTRATION_CLIENTS.find((c) => c.key === 'pendingActivation');
const noEmail = DEMO_REGISTRATION_CLIENTS.find((c) => c.key === 'registerWithoutEmail');
if (!pending?.email || !noEmail) throw new Error('demo registration clients missing');
const email = pending.email;
const PASSWORD = 'Waikit2024';

test('the code form resends (with its notice) and cancels back to the login form', async ({ page }) => {
  test.setTimeout(180_000);
  await openLogin(page, 'afs', '/registration');
  let after = await lastMailTo(email);
  await page.locator('input[name="idNo"]').fill(pending.idNumber);
  await page.locator('input[name="surName"]').fill(pending.surname);
  await page.locator('input[name="givenName"]').fill(pending.givenName);
  await selectBirthDate(page, pending.birthDate);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.goto((await nextLink(email, after)).href);
  await submitNewPassword(page, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible();

  await openLogin(page, 'afs');
  after = await lastMailTo(email);
  await submitCredentials(page, pending.clientNo, PASSWORD);
  const firstCode = await nextCode(email, after);
  await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveAttribute(
    'autocomplete',
    'one-time-code',
  );

  // Resend waits a minimum interval after the last code, and says how long (docs/auth.md, "One-time code"; three codes
  // had gone out within two seconds, then a 10-minute block).
  const resend = page.getByRole('button', { name: 'Send a new code' });
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/^You can ask for a new code in \d+ seconds?\.$/)).toBeVisible();
  await expect(resend).toBeEnabled({ timeout: 70_000 });

  // Resend: a new code, the server's msg as a "Notification"; the first code stops working.
  after = await lastMailTo(email);
  await resend.click();
  await expect(resend).toBeDisabled();
  const notice = page.locator('.login-notice');
  await expect(notice).toContainText('Notification');
  await expect(notice).toContainText('A new verification code has been sent to');
  await expectScreenComplete(page, 'code form with its notification');
  await expectAccessible(page, 'code form with its notification');
  const secondCode = await nextCode(email, after);
  if (firstCode !== secondCode) {
    await submitCode(page, firstCode);
    await expect(formAlert(page)).toBeVisible();
  }

  // Cancel: back to the credentials form, and the pending code is void.
  await page.getByRole('button', { name: 'Cancel and sign in again' }).click();
  await expect(page.locator('input[name="password"]')).toBeVisible();
  await expect(page.locator('input[name="otpCode"]')).toHaveCount(0);

  // Signing in again asks for a new code, which works.
  after = await lastMailTo(email);
  await submitCredentials(page, pending.clientNo, PASSWORD);
  await submitCode(page, await nextCode(email, after));
  await expect(page).toHaveURL(/\/angel\/face(\/en)?\/b2c$/);
});

test('registration without an e-mail on file shows how to contact us', async ({ page }) => {
  await openLogin(page, 'afs', '/zh/registration');
  await page.locator('input[name="idNo"]').fill(noEmail.idNumber);
  await page.locator('input[name="surName"]').fill(noEmail.surname);
  await page.locator('input[name="givenName"]').fill(noEmail.givenName);
  await selectBirthDate(page, noEmail.birthDate);
  await page.getByRole('button', { name: '繼續' }).click();
  await expect(page.getByRole('heading', { name: '請與我們聯絡' })).toBeVisible();
  await expectScreenComplete(page, 'registration without an e-mail address');
  await expect(page.getByRole('link', { name: /inquiry@afs\.example/ })).toHaveAttribute(
    'href',
    'mailto:inquiry@afs.example',
  );
});

test('an activation link that is wrong shows its error above the form', async ({ page }) => {
  await openLogin(page, 'afs', '/activation?login=AG10000009&activation_code=not-a-real-code');
  await submitNewPassword(page, 'Abcd1234');
  await expect(formAlert(page)).toHaveText('This link is invalid or has expired. Please request a new one.');
});
