import { type Browser, expect, type Page, test } from '@playwright/test';
import { hongKongToday } from '@portal/contract';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { PNG_BYTES } from '../../apps/server/src/testing/multipart-form.js';
import { catalogText } from '../catalogs.js';
import { PARTNER1_TEAM_REQUIREMENTS, withAccountLock, withLock } from '../fixtures/account-lock.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/*
 * One item's whole way, as people see it: the second demo client sends a payment proof from a phone; partner1's home
 * (the case is in their team) counts one item fewer owed by clients and one more awaiting review, and lists it as
 * received; the office finds it in its queue, accepts it, is refused the issued stage while other mandatory items are
 * open, waives them with a reason, and issues the case; the client's tracker then shows the policy on its way.
 */

const client = demoAccount('client2');
const partner = demoAccount('partner');
const staff = demoAccount('staff');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);
const PAYMENT_PROOF = en('domain', 'requirementType.PAYMENT_PROOF');

async function pageAt(browser: Browser, size: keyof typeof SCREEN_SIZES): Promise<Page> {
  const context = await browser.newContext({ viewport: SCREEN_SIZES[size] });
  return context.newPage();
}

/** A figure of the producer home, by its tile's label. */
async function homeFigure(page: Page, tileKey: string): Promise<number> {
  const tile = page.getByRole('listitem').filter({ hasText: en('producer', `home.tiles.${tileKey}`) });
  const text = (await tile.locator('p').nth(1).textContent()) ?? '';
  return Number(text.replace(/,/g, ''));
}

test('a payment proof from the client’s phone to an issued policy', async ({ browser }) => {
  test.setTimeout(180_000);
  const producer = await pageAt(browser, 'desktop');
  await signIn(producer, partner);
  const phone = await pageAt(browser, 'phone');
  await withAccountLock(client, () => signIn(phone, client));
  await phone.goto(siteUrl(client.site, '/b2c/applications'));
  // The home's figures count partner1's whole team: no other test's upload may land inside this window.
  const clientName = await withLock(PARTNER1_TEAM_REQUIREMENTS, async () => {
    await producer.goto(siteUrl(partner.site, '/b2b/home'));
    await expect(
      producer.getByRole('heading', { level: 1, name: en('producer', 'home.title') }),
    ).toBeVisible();
    const owedBefore = await homeFigure(producer, 'outstandingFromClients');
    const awaitingBefore = await homeFigure(producer, 'receivedRequirements');

    const form = phone.getByRole('form', { name: `Send ${PAYMENT_PROOF}` });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bank-slip.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await form.getByRole('button', { name: en('client', 'applications.upload.send') }).click();
    await expect(phone.getByRole('status').filter({ hasText: PAYMENT_PROOF })).toBeVisible();
    await expect(form).toHaveCount(0);
    const clientName = (
      (await phone
        .getByText(/^Signed in as /)
        .first()
        .textContent()) ?? ''
    ).replace(/^Signed in as /, '');
    expect(clientName).not.toBe('');

    await producer.reload();
    await expect(
      producer.getByRole('heading', { level: 1, name: en('producer', 'home.title') }),
    ).toBeVisible();
    await expect.poll(() => homeFigure(producer, 'outstandingFromClients')).toBe(owedBefore - 1);
    expect(await homeFigure(producer, 'receivedRequirements')).toBe(awaitingBefore + 1);
    await expect(producer.getByText(`${PAYMENT_PROOF} from ${clientName}`).first()).toBeVisible();
    return clientName;
  });

  const office = await pageAt(browser, 'desktop');
  await signIn(office, staff);
  await office.goto(siteUrl('staff', '/internal/case_requirements'));
  await office.getByRole('combobox', { name: en('case-review', 'queue.order') }).click();
  await office.getByRole('option', { name: en('case-review', 'queue.orders.newest') }).click();
  const row = office
    .getByRole('row')
    .filter({ hasText: clientName })
    .filter({ hasText: PAYMENT_PROOF })
    .first();
  await row.getByRole('button', { name: new RegExp(en('case-review', 'queue.open')) }).click();
  const dialog = office.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'bank-slip.png' })).toBeVisible();
  await dialog.getByRole('button', { name: `Accept ${PAYMENT_PROOF}` }).click();
  await expect(dialog.getByRole('button', { name: `Accept ${PAYMENT_PROOF}` })).toHaveCount(0);

  // The issued stage is refused while a mandatory item is open: the refusal names them.
  const stage6 = en('domain', 'stage.6');
  const moveTo = async () => {
    await dialog.getByRole('combobox', { name: en('case-review', 'stage.label') }).click();
    await office.getByRole('option', { name: stage6 }).click();
    await dialog.getByRole('button', { name: en('case-review', 'stage.submit') }).click();
  };
  await moveTo();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('mandatory');
  // Waive each mandatory item still open, with a reason, then issue.
  for (;;) {
    const waive = dialog
      .getByRole('row')
      .filter({ hasText: en('domain', 'requirementMandatory') })
      .getByRole('button', { name: /^Waive / })
      .first();
    if ((await waive.count()) === 0) break;
    await waive.click();
    await dialog.getByRole('textbox', { name: /^Why is / }).fill('Original seen at the branch');
    await dialog.getByRole('button', { name: en('case-review', 'case.confirm.waived'), exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: /^Why is / })).toHaveCount(0);
  }
  await moveTo();
  await expect(dialog.getByRole('status')).toContainText(stage6);

  await phone.reload();
  // The case just issued: at stage 6 since today (the client has an older plan at that stage too).
  const today = hongKongToday(new Date()).replaceAll('-', '/');
  const current = phone
    .locator('[aria-current="step"]')
    .filter({ hasText: en('client', 'applications.stage.6') })
    .filter({ hasText: today });
  await expect(current).toBeVisible();
});
