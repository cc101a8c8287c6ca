import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { type DemoAccount, demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { chooseArea, openLogin, submitCredentials } from '../fixtures/account-flows.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/**
 * Account security in the browser, per audience (docs/security/account-security.md): a client, a producer and a
 * staff member each set an authenticator up from the Security page (QR code shown, the secret read in text, as a
 * person without a camera would), sign out, sign in with a code (the client instead of the e-mail), see the event,
 * end a second session of theirs, and remove the authenticator again so the other suites find the account as
 * seeded. The enrolled demo producer and staff member sign in with their authenticator; a remembered browser still
 * confirms before a sensitive change.
 */

const en = (namespace: string, key: string) => catalogText('en', namespace, key);

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** A code of the next 30-second step when `used` is the current one: the server accepts each step once. */
async function freshCode(secret: string, used?: string): Promise<string> {
  const totp = totpOf(secret);
  let code = totp.generate();
  while (code === used) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    code = totp.generate();
  }
  return code;
}

async function submitFactor(page: Page, code: string) {
  const input = page.getByLabel(en('public', 'mfa.code'));
  await expect(input).toBeVisible();
  await input.fill(code);
  await page.getByRole('button', { name: en('public', 'mfa.submit') }).click();
}

async function openSecurity(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: en('security', 'title') })).toBeVisible();
}

function enrolled(
  key: 'partnerWithAuthenticator' | 'staffWithAuthenticator',
): DemoAccount & { totpSecret: string } {
  const account = demoAccount(key);
  if (!account.totpSecret) throw new Error(`${key} has no authenticator in the demo data`);
  return account as DemoAccount & { totpSecret: string };
}

/** The second step answered with a code of `secret` other than `used`, landing on `landing`; returns the code. */
async function answerWithCode(page: Page, secret: string, used: string | undefined, landing: RegExp) {
  const code = await freshCode(secret, used);
  await submitFactor(page, code);
  await expect(page).toHaveURL(landing);
  return code;
}

/** Each sign-in below goes through its login page with the authenticator `secret`, a code other than `used`. */
async function signInProducer(page: Page, producer: DemoAccount, secret: string, used?: string) {
  await openLogin(page, 'afs');
  await chooseArea(page, 'Advisor');
  await submitCredentials(page, producer.login, producer.password);
  await expect(page.getByLabel(en('public', 'mfa.trust'))).toBeVisible();
  return answerWithCode(page, secret, used, /\/b2b\/home$/);
}

async function signInClient(page: Page, client: DemoAccount, secret: string, used?: string) {
  await openLogin(page, 'afs');
  await chooseArea(page, 'Client');
  await submitCredentials(page, client.login, client.password);
  return answerWithCode(page, secret, used, /\/b2c$/);
}

async function signInStaff(page: Page, staff: DemoAccount, secret: string, used?: string) {
  await page.goto(siteUrl('staff', '/login'));
  await submitCredentials(page, staff.login, staff.password);
  await expect(page.getByLabel(en('public', 'mfa.code'))).toBeVisible();
  await expect(page.getByLabel(en('public', 'mfa.trust'))).toHaveCount(0);
  return answerWithCode(page, secret, used, /\/internal(\/|$)/);
}

/**
 * A second browser signs in as the same person; the first lists both sessions on its Security page, signs the
 * other out, and sees it in the activity; the other browser's next screen is the sign-in. Sessions other suites left
 * open are signed out first, with "Sign out everywhere else".
 */
async function endAnotherSession(
  page: Page,
  securityUrl: string,
  signInOther: (other: Page) => Promise<unknown>,
) {
  await openSecurity(page, securityUrl);
  const sessions = page.getByRole('region', { name: en('security', 'sessions.title') });
  const endOthers = sessions.getByRole('button', { name: en('security', 'sessions.endOthers') });
  await expect(sessions.getByText(en('security', 'sessions.current'))).toBeVisible();
  if (await endOthers.isVisible()) {
    await endOthers.click();
    await expect(endOthers).toBeHidden();
  }
  const otherContext = await page.context().browser()?.newContext();
  if (!otherContext) throw new Error('no browser to open a second session in');
  try {
    const other = await otherContext.newPage();
    await signInOther(other);
    await openSecurity(page, securityUrl);
    await expect(
      sessions.getByRole('button', { name: en('security', 'sessions.end'), exact: true }),
    ).toHaveCount(1);
    await sessions.getByRole('button', { name: en('security', 'sessions.end'), exact: true }).click();
    await expect(
      sessions.getByRole('button', { name: en('security', 'sessions.end'), exact: true }),
    ).toHaveCount(0);
    await other.goto(securityUrl);
    await expect(other).toHaveURL(/\/login/);
    await page.reload();
    await expect(
      page.getByRole('cell', { name: en('security', 'activity.types.session_ended') }).first(),
    ).toBeVisible();
  } finally {
    await otherContext.close();
  }
}

test('a producer with an authenticator signs in with its code, ends another session and sees it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const producer = enrolled('partnerWithAuthenticator');
  // passkeys.spec.ts signs the same account in: one test at a time spends its codes.
  await withAccountLock(producer, async () => {
    const used = await signInProducer(page, producer, producer.totpSecret);
    await openSecurity(page, siteUrl('afs', '/b2b/security'));
    await expect(page.getByText(en('security', 'authenticator.on'))).toBeVisible();
    await expect(page.getByText(en('security', 'sessions.current'))).toBeVisible();
    await endAnotherSession(page, siteUrl('afs', '/b2b/security'), (other) =>
      signInProducer(other, producer, producer.totpSecret, used),
    );
  });
});

test('a staff member with an authenticator signs in with its code (no trusted browser), ends another session', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const staff = enrolled('staffWithAuthenticator');
  const used = await signInStaff(page, staff, staff.totpSecret);
  await openSecurity(page, siteUrl('staff', '/internal/security'));
  await expect(page.getByText(en('security', 'authenticator.on'))).toBeVisible();
  await endAnotherSession(page, siteUrl('staff', '/internal/security'), (other) =>
    signInStaff(other, staff, staff.totpSecret, used),
  );
});

/**
 * Sets an authenticator up from the Security page as a person would: the QR code is shown, the secret is read in
 * text (as a person without a camera would), a first code confirms it, ten recovery codes are shown once. Returns
 * the secret and the code spent on confirming (the server takes each 30-second step once).
 */
async function setUpAuthenticator(page: Page, securityUrl: string) {
  await openSecurity(page, securityUrl);
  await page.getByRole('button', { name: en('security', 'authenticator.setUp') }).click();
  await expect(page.getByRole('img', { name: en('security', 'authenticator.qrAlt') })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const confirmCode = await freshCode(secret);
  await page.getByLabel(en('security', 'authenticator.code')).fill(confirmCode);
  await page.getByRole('button', { name: en('security', 'authenticator.confirm') }).click();
  await expect(
    page.getByRole('list', { name: en('security', 'recovery.title') }).getByRole('listitem'),
  ).toHaveCount(10);
  return { secret, confirmCode };
}

/** The activity shows the set-up; the authenticator is removed so the other suites find the account as seeded. */
async function seeSetUpAndRemove(page: Page, securityUrl: string) {
  await openSecurity(page, securityUrl);
  await expect(page.getByRole('cell', { name: en('security', 'activity.types.factor_added') })).toBeVisible();
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: en('security', 'authenticator.remove') }).click();
  await expect(page.getByText(en('security', 'authenticator.off'))).toBeVisible();
}

/*
 * One person of each audience without a factor (the client with their e-mailed code, the producer and the staff
 * member inside their grace period) sets an authenticator up, signs out, signs in with a code (the client instead of
 * the e-mail), ends a second session of theirs, sees the set-up in the activity and removes it. Their other suites
 * take the same account lock: while the authenticator is on, those suites' sign-ins would be asked for a code.
 */
const WITHOUT_A_FACTOR = [
  {
    who: 'a client',
    account: demoAccount('client2'),
    host: 'afs',
    securityPath: '/b2c/security',
    signInWithCode: signInClient,
  },
  {
    who: 'a producer',
    account: demoAccount('otherPartner'),
    host: 'afs',
    securityPath: '/b2b/security',
    signInWithCode: signInProducer,
  },
  {
    who: 'a staff member',
    account: demoAccount('staff3'),
    host: 'staff',
    securityPath: '/internal/security',
    signInWithCode: signInStaff,
  },
] as const;

for (const { who, account, host, securityPath, signInWithCode } of WITHOUT_A_FACTOR) {
  test(`${who} sets up an authenticator, signs in with it, ends another session, and removes it`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const securityUrl = siteUrl(host, securityPath);
    await withAccountLock(account, async () => {
      await signIn(page, account);
      const { secret, confirmCode } = await setUpAuthenticator(page, securityUrl);
      await page.goto(siteUrl(host, '/logout'));
      await expect(page).toHaveURL(/\/login/);
      const used = await signInWithCode(page, account, secret, confirmCode);
      await endAnotherSession(page, securityUrl, (other) => signInWithCode(other, account, secret, used));
      await seeSetUpAndRemove(page, securityUrl);
    });
  });
}

test('a producer on a remembered browser confirms it is them before making new recovery codes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const producer = enrolled('partnerWithAuthenticator');
  await withAccountLock(producer, async () => {
    // A sign-in with the code, remembering this browser: the next sign-in here skips the second factor, and so
    // counts as no recent check (docs/security/account-security.md, "Step-up").
    await openLogin(page, 'afs');
    await chooseArea(page, 'Advisor');
    await submitCredentials(page, producer.login, producer.password);
    await page.getByLabel(en('public', 'mfa.trust')).check();
    const used = await freshCode(producer.totpSecret);
    await submitFactor(page, used);
    await expect(page).toHaveURL(/\/b2b\/home$/);
    await page.goto(siteUrl('afs', '/logout'));
    await expect(page).toHaveURL(/\/login/);
    await openLogin(page, 'afs');
    await chooseArea(page, 'Advisor');
    await submitCredentials(page, producer.login, producer.password);
    await expect(page).toHaveURL(/\/b2b\/home$/);

    await openSecurity(page, siteUrl('afs', '/b2b/security'));
    const remembered = page.getByRole('region', { name: en('security', 'trusted.title') });
    await expect(remembered.getByRole('button', { name: en('security', 'trusted.forget') })).toHaveCount(1);
    await page.getByRole('button', { name: en('security', 'recovery.renew') }).click();
    const dialog = page.getByRole('dialog', { name: en('security', 'stepUp.title') });
    await expect(dialog.getByText(en('security', 'stepUp.intro.totp'))).toBeVisible();
    // A wrong code is refused in the dialog, which stays open for another try.
    await dialog.getByLabel(en('security', 'stepUp.code')).fill(used === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: en('security', 'stepUp.confirm') }).click();
    await expect(dialog.getByLabel(en('security', 'stepUp.code'))).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel(en('security', 'stepUp.code')).fill(await freshCode(producer.totpSecret, used));
    await dialog.getByRole('button', { name: en('security', 'stepUp.confirm') }).click();
    // The change is sent again once the check passes: ten new codes, shown once.
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('list', { name: en('security', 'recovery.title') }).getByRole('listitem'),
    ).toHaveCount(10);

    await remembered.getByRole('button', { name: en('security', 'trusted.forget') }).click();
    await expect(remembered.getByRole('button', { name: en('security', 'trusted.forget') })).toHaveCount(0);
  });
});
