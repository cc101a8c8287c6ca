import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { pageApi, signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/**
 * Decision 013: a session that ends on the server (here: logout in another tab) used to leave "Signed in as …" in the
 * header and "Fail fetching data / Please sign in to continue" on every screen. The next API answer (401) now takes
 * the page to the login page with a notice and the way back to where the person was.
 */
const producer = demoAccount('otherPartner');

test('a session ended in another tab lands on login with the notice, and signing in returns to the page', async ({
  page,
  context,
}) => {
  // account-security.spec.ts sets an authenticator up on this account for up to two minutes: one test at a time
  // signs it in, and this one may wait that long.
  test.setTimeout(240_000);
  await withAccountLock(producer, async () => {
    await signIn(page, producer);
    await page.goto(siteUrl('afs', '/b2b'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Another tab of the same browser signs out.
    const otherTab = await context.newPage();
    // A page of the area, not the login page: that one sends a signed-in visitor on with a full page load (its own
    // document, decision 028), which would cut the call below short.
    await otherTab.goto(siteUrl('afs', '/b2b'));
    const { csrfToken } = JSON.parse((await pageApi(otherTab, '/me')).text) as { csrfToken: string };
    expect((await pageApi(otherTab, '/logout', { method: 'DELETE', csrfToken })).status).toBe(200);
    await otherTab.close();

    // The person moves on to Clients; the page may have learnt of the end by itself first (its live-notification
    // stream reconnects and is refused: a CI run, 2026-11-28), then the menu is gone before the click. Either way it
    // lands on login with the notice and the way back to the page the person was on.
    await page
      .getByRole('navigation', { name: 'Advisor menu' })
      .getByRole('link', { name: 'Clients' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    // What the person sees first (two CI runs read the address as "" at this point while the login page showed; the
    // address is checked once the sign-in below has taken them back).
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Your session has ended');
    await expect(page.getByText('Fail fetching data')).toHaveCount(0);

    // Signing in again (the referrer chose the advisor form) leads back to the page the person was on.
    await page.locator('input[name="login"]').fill(producer.login);
    await page.locator('input[name="password"]').fill(producer.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/angel\/face\/b2b(\/clients)?$/);
  });
});

test('a session deleted on the server (idle timeout, password changed elsewhere) ends the same way', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await withAccountLock(producer, async () => {
    await signIn(page, producer);
    await page.goto(siteUrl('afs', '/b2b/reports'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The server no longer knows the cookie's session.
    await page.context().clearCookies();
    await page
      .getByRole('navigation', { name: 'Advisor menu' })
      .getByRole('link', { name: 'Clients' })
      .click();
    await expect(page.getByRole('alert')).toContainText('Your session has ended');
    await expect(page).toHaveURL(/session=ended/);
  });
});
