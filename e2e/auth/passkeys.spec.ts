import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { chooseArea, openLogin, submitCredentials } from '../fixtures/account-flows.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { siteUrl } from '../sites.js';

/**
 * Passkeys in the browser (docs/security/account-security.md, "Passkeys") with Chromium's virtual authenticator:
 * the enrolled demo producer adds a passkey on the Security page, signs out, signs in with the passkey alone, and
 * removes it again so the other suites find the account as seeded (its authenticator step is unchanged meanwhile).
 */

const en = (namespace: string, key: string) => catalogText('en', namespace, key);

/** A platform authenticator with user verification, as a laptop's fingerprint reader or a phone would be. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

test('a producer adds a passkey, signs in with it alone, and removes it', async ({ page }) => {
  const producer = demoAccount('partnerWithAuthenticator');
  const secret = producer.totpSecret;
  if (!secret) throw new Error('partnerWithAuthenticator has no authenticator in the demo data');
  // The producer test of account-security.spec.ts signs the same account in with its authenticator codes.
  await withAccountLock(producer, async () => {
    await addVirtualAuthenticator(page);

    await openLogin(page, 'afs');
    await chooseArea(page, 'Advisor');
    await submitCredentials(page, producer.login, producer.password);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    // The next 30-second step's code (accepted: one step of drift is allowed), so a code account-security.spec.ts
    // used for this account a moment ago is never replayed.
    await page.getByLabel(en('public', 'mfa.code')).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: en('public', 'mfa.submit') }).click();
    await expect(page).toHaveURL(/\/b2b\/home$/);

    // A sign-in a moment ago counts as the recent check adding a passkey needs: no dialog.
    await page.goto(siteUrl('afs', '/b2b/security'));
    const section = page.getByRole('region', { name: en('security', 'passkeys.title') });
    await expect(section.getByText(en('security', 'passkeys.none'))).toBeVisible();
    await section.getByLabel(en('security', 'passkeys.name')).fill('E2E laptop');
    await section.getByRole('button', { name: en('security', 'passkeys.add') }).click();
    await expect(section.getByRole('cell', { name: 'E2E laptop' })).toBeVisible();
    await expect(section.getByRole('cell', { name: en('security', 'passkeys.never') })).toBeVisible();

    await page.getByRole('link', { name: en('common', 'header.logout') }).click();
    await expect(page).toHaveURL(/\/login/);
    await openLogin(page, 'afs');
    await chooseArea(page, 'Advisor');
    await page.getByRole('button', { name: en('public', 'passkey.signIn') }).click();
    await expect(page).toHaveURL(/\/b2b\/home$/);

    await page.goto(siteUrl('afs', '/b2b/security'));
    await expect(
      page.getByRole('cell', { name: en('security', 'activity.types.passkey_added') }).first(),
    ).toBeVisible();
    await expect(section.getByRole('cell', { name: 'E2E laptop' })).toBeVisible();
    await expect(section.getByRole('cell', { name: en('security', 'passkeys.never') })).toHaveCount(0);
    page.once('dialog', (dialog) => dialog.accept());
    await section.getByRole('button', { name: en('security', 'passkeys.remove') }).click();
    await expect(section.getByText(en('security', 'passkeys.none'))).toBeVisible();
  });
});
