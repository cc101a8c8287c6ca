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
import { expectScreenComplete } from '../fixtures/screen-checks.js';
import { siteUrl } from '../sites.js';

/**
 * The whole life of a client account on afs, in one browser, reading every code and link from the e-mails sent:
 * register → activate → sign in with a one-time code → change password → log out → forgotten password → reset →
 * sign in with the new password. It uses the demo client without an account (registerWithEmail) and nobody else, so
 * it runs beside the other suites; each error path on the way is checked where it arises.
 */
const client = DEMO_REGISTRATION_CLIENTS.find((c) => c.key === 'registerWithEmail');
if (!client?.email) throw new Error('demo data lacks the registerWithEmail client');
const email = client.email;

const FIRST_PASSWORD = 'Kawing2024';
const CHANGED_PASSWORD = 'Lee2025ab';
const RESET_PASSWORD = 'Reset7788';

test('a client registers, activates, signs in with a code, changes, forgets and resets the password', async ({
  page,
}) => {
  test.setTimeout(120_000);

  // Registration: an impossible date is a field error from the server, then the real details.
  await openLogin(page, 'afs');
  await page.getByRole('link', { name: 'First time here? Activate your account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Cannot be blank')).toHaveCount(6);
  await page.locator('input[name="idNo"]').fill(client.idNumber);
  await page.locator('input[name="surName"]').fill(client.surname);
  await page.locator('input[name="givenName"]').fill(client.givenName);
  await selectBirthDate(page, '1990-02-31');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('select[name="birthDay"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Is not a valid date')).toBeVisible();
  await expectScreenComplete(page, 'registration errors');

  let after = await lastMailTo(email);
  await selectBirthDate(page, client.birthDate);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  // Activation from the e-mailed link: mismatched confirmation first, then the password.
  const activation = await nextLink(email, after);
  expect(activation.pathname).toBe('/angel/face/en/activation');
  await page.goto(activation.href);
  await expect(page.locator('input[name="login"]')).toHaveValue(client.clientNo);
  await submitNewPassword(page, FIRST_PASSWORD, 'Different1');
  await expect(page.getByText('Does not match the password')).toBeVisible();
  await submitNewPassword(page, FIRST_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to login' }).click();

  // Sign-in: a wrong password is the base error, then the code form; a wrong code, then the right one.
  await expect(page.getByRole('radio', { name: /^Client/ })).toHaveAttribute('aria-checked', 'true');
  await submitCredentials(page, client.clientNo, 'Wrong12345');
  await expect(formAlert(page)).toHaveText('Invalid Client ID or password.');
  after = await lastMailTo(email);
  await submitCredentials(page, client.clientNo, FIRST_PASSWORD);
  const code = await nextCode(email, after);
  await submitCode(page, code === '000000' ? '111111' : '000000');
  await expect(formAlert(page)).toHaveText('The verification code is incorrect.');
  await submitCode(page, code);
  await expect(page).toHaveURL(/\/angel\/face(\/en)?\/b2c$/);

  // Change password: blank fields, a wrong current password, then success with an empty form.
  await page.getByRole('link', { name: 'Change Password' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Cannot be blank')).toHaveCount(3);
  await page.locator('input[name="currentPassword"]').fill('NotMine99');
  await page.locator('input[name="newPassword"]').fill(CHANGED_PASSWORD);
  await page.locator('input[name="confirmNewPassword"]').fill(CHANGED_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('input[name="currentPassword"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await expectScreenComplete(page, 'change password error');
  await page.locator('input[name="currentPassword"]').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await expect(page.locator('input[name="newPassword"]')).toHaveValue('');

  // Logout ends the session: the client area sends back to login.
  await page.goto(siteUrl('afs', '/logout'));
  await expect(page).toHaveURL(/\/angel\/face\/login$/);
  await page.goto(siteUrl('afs', '/b2c'));
  await expect(page).toHaveURL(/\/login\?referrer=%2Fb2c$/);

  // Forgotten password → reset link → new password.
  await page.getByRole('link', { name: 'Forgot your Client ID or password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Login ID or Password' })).toBeVisible();
  after = await lastMailTo(email);
  await page.locator('input[name="idNo"]').fill(client.idNumber);
  await selectBirthDate(page, client.birthDate);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(page.getByText(/If no e-mail arrives within 30 minutes/)).toBeVisible();
  const reset = await nextLink(email, after);
  expect(reset.searchParams.get('type')).toBe('B2C');
  await page.goto(reset.href);
  await submitNewPassword(page, RESET_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

  // The old password no longer works; the new one does (with a code).
  await page.getByRole('link', { name: 'Go to login' }).click();
  await submitCredentials(page, client.clientNo, CHANGED_PASSWORD);
  await expect(formAlert(page)).toHaveText('Invalid Client ID or password.');
  after = await lastMailTo(email);
  await submitCredentials(page, client.clientNo, RESET_PASSWORD);
  await submitCode(page, await nextCode(email, after));
  await expect(page).toHaveURL(/\/angel\/face(\/en)?\/b2c$/);

  // A used reset link is refused with its message.
  await page.goto(siteUrl('afs', '/logout'));
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(reset.href);
  await submitNewPassword(page, 'Another123');
  await expect(formAlert(page)).toHaveText('This link is invalid or has expired. Please request a new one.');
});
