import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/*
 * A figure a person can check must check out: the revenue screens are recomputed here from what they print — every
 * total is the sum of its printed lines, outstanding is entitled minus settled, and paging through Particular adds
 * up to the entitled pay-out. Amounts are compared in cents, parsed from the formatted text ("12,971.07").
 */

const cents = (text: string): number => {
  const match = /^-?[\d,]+\.\d{2}$/.exec(text.trim());
  if (!match) throw new Error(`not an amount with 2 decimals: "${text}"`);
  return Math.round(Number(text.trim().replaceAll(',', '')) * 100);
};
/** A rate printed to 4 decimals, in units of 10^-4. */
const rateUnits = (text: string): number => {
  if (!/^\d+\.\d{4}$/.test(text.trim())) throw new Error(`not a rate with 4 decimals: "${text}"`);
  return Math.round(Number(text.trim()) * 10_000);
};

/** The value printed beside a label of a definition list inside `scope`. */
async function fact(scope: Locator | Page, label: string): Promise<string> {
  const term = scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`, 'i') })
    .first();
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

async function openRevenue(page: Page, refNo: string, tab: string) {
  await page.goto(siteUrl('staff', `/internal/revenues?keywords=${refNo}`));
  await page.getByRole('link', { name: refNo, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Revenue ${refNo}` })).toBeVisible();
  const id = /\/internal\/revenues\/(\d+)\//.exec(page.url())?.[1];
  await page.goto(siteUrl('staff', `/internal/revenues/${id}/${tab}`));
  return id;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, demoAccount('staff'));
});

test('summary and pay-in: totals are the sums of their printed lines', async ({ page }) => {
  await openRevenue(page, 'RV000001', 'summary');
  const header = page.getByRole('region', { name: 'Revenue facts' });
  const payinTotal = cents(await fact(header, 'Total pay-in amount'));
  const payoutTotal = cents(await fact(header, 'Total pay-out amount'));
  expect(cents(await fact(header, 'Gross profit'))).toBe(payinTotal - payoutTotal);

  const payees = page.getByRole('table', { name: 'Payees' });
  const rows = payees.locator('tbody tr');
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  let amounts = 0;
  let rates = 0;
  for (let i = 0; i < count; i += 1) {
    const cells = rows.nth(i).locator('td');
    rates += rateUnits(await cells.nth(0).innerText());
    amounts += cents(await cells.nth(1).innerText());
  }
  const footer = payees.locator('tfoot td');
  expect(rateUnits(await footer.nth(0).innerText())).toBe(rates);
  expect(cents(await footer.nth(1).innerText())).toBe(amounts);
  expect(amounts).toBe(payoutTotal);

  const payin = page.getByRole('region', { name: 'Pay-in' });
  const entitled = cents(await fact(payin, 'Entitled pay-in'));
  const settled = cents(await fact(payin, 'Settled pay-in'));
  expect(entitled).toBe(payinTotal);
  expect(cents(await fact(payin, 'Outstanding pay-in'))).toBe(entitled - settled);

  // Every instalment of the All list: its pay amounts add up to the entitled pay-in, its settlements to settled.
  await page
    .getByRole('navigation', { name: 'Revenue sections' })
    .getByRole('link', { name: 'Pay-in' })
    .click();
  const allList = page
    .getByRole('navigation', { name: 'Pay-in instalments' })
    .getByRole('link', { name: 'All' });
  await allList.click();
  // The Outstanding list shows instalments too: read the cards only once the All list has replaced it.
  await expect(allList).toHaveAttribute('aria-current', 'page');
  const instalments = page.getByRole('heading', { name: /^Instalment \d+$/ });
  await expect(instalments.first()).toBeVisible();
  let itemsTotal = 0;
  let itemsSettled = 0;
  for (const heading of await instalments.all()) {
    const card = heading.locator('xpath=ancestor::*[.//dl][1]');
    const due = cents(await fact(card, 'Pay amount'));
    const got = cents(await fact(card, 'Settled amount'));
    expect(cents(await fact(card, 'Outstanding amount'))).toBe(due - got);
    itemsTotal += due;
    itemsSettled += got;
  }
  expect(itemsTotal).toBe(entitled);
  expect(itemsSettled).toBe(settled);
});

test('Particular: paging through every record adds up to the entitled pay-out', async ({ page }) => {
  const id = await openRevenue(page, 'RV000005', 'payout');
  const entitled = cents(await fact(page, 'Entitled pay-out'));
  await page.goto(siteUrl('staff', `/internal/revenues/${id}/payout?view=particular`));
  const displaying = page.getByText(/^Displaying \d+ - \d+ of \d+$/);
  const total = Number(/of (\d+)$/.exec(await displaying.innerText())?.[1]);
  expect(total).toBeGreaterThan(1);
  expect(cents(await fact(page, 'Total of every matching record'))).toBe(entitled);

  let sum = 0;
  for (let n = 1; n <= total; n += 1) {
    await expect(page.getByText(`Displaying ${n} - ${n} of ${total}`)).toBeVisible();
    sum += cents(await fact(page, 'Pay-out amount'));
    if (n < total) await page.getByRole('button', { name: 'Next record' }).click();
  }
  await expect(page.getByRole('button', { name: 'Next record' })).toBeDisabled();
  expect(sum).toBe(entitled);
});
