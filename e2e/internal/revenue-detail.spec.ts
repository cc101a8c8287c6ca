import { expect, type Page, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { pageApi, signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/*
 * The staff revenue detail (docs/internal/README.md) on the staff host — index → detail, every tab and sub-tab, the
 * rate pop-up, Particular paging and pay-mode filter, edit (a validation error, then success) and delete. The revenues
 * are found through the API by what the test needs (flags, pay modes) rather than by id, so a reseeded demo with
 * other ids still works; RV000001 is the demo's documented R revenue with three payees (docs/internal/README.md).
 */

const staff = demoAccount('staff');
const detailUrl = (id: number, tab: string, search = '') =>
  siteUrl('staff', `/internal/revenues/${id}/${tab}${search}`);

interface SearchItem {
  revenueId: number;
  refNo: string;
}

interface DetailAnswer {
  revenue: {
    revenueId: number;
    refNo: string;
    editable: boolean;
    deletable: boolean;
    commissionType: string;
  };
  payout: { payModes: string[] };
}

async function csrf(page: Page): Promise<string> {
  return (JSON.parse((await pageApi(page, '/me')).text) as { csrfToken: string }).csrfToken;
}

/** The index's revenues (first 30, newest ref. no. first), as the index screen asks for them. */
async function searchRevenues(page: Page, criteria: Record<string, unknown> = {}): Promise<SearchItem[]> {
  const answer = await pageApi(page, '/internal/revenues/search', {
    method: 'POST',
    body: { settledState: 'all', page: 1, sizePerPage: 30, ...criteria },
    csrfToken: await csrf(page),
  });
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { items: SearchItem[] }).items;
}

async function detailOf(page: Page, id: number): Promise<DetailAnswer> {
  const answer = await pageApi(page, `/internal/revenues/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text) as DetailAnswer;
}

async function recordCount(page: Page, id: number, payMode = ''): Promise<number> {
  const answer = await pageApi(page, `/internal/revenues/payout_record/${id}?pay_mode=${payMode}&page=0`);
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { totalSize: number }).totalSize;
}

/**
 * The first demo revenue whose detail satisfies `wanted`, newest first, page by page: the ledger's demo revenues
 * (never deletable) fill the first pages, so the first page alone is not enough.
 */
async function findRevenue(
  page: Page,
  wanted: (detail: DetailAnswer) => boolean | Promise<boolean>,
): Promise<DetailAnswer> {
  for (let pageNo = 1; pageNo <= 20; pageNo += 1) {
    const items = await searchRevenues(page, { page: pageNo });
    for (const item of items) {
      const detail = await detailOf(page, item.revenueId);
      if (await wanted(detail)) return detail;
    }
    if (items.length < 30) break;
  }
  throw new Error('no demo revenue fits');
}

async function expectAccessibleAtBothSizes(page: Page, label: string) {
  for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${label}, ${size}`);
  }
  await page.setViewportSize(SCREEN_SIZES.desktop);
}

test.describe('revenue detail', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page, staff);
  });

  test('index → detail, then every tab and sub-tab', async ({ page }) => {
    await page.goto(siteUrl('staff', '/internal/revenues'));
    await expect(page.getByRole('heading', { level: 1, name: 'Revenues' })).toBeVisible();
    // Newest first: the index opens on the highest ref numbers.
    const firstRef = page
      .getByRole('table')
      .getByRole('link', { name: /^RV\d+$/ })
      .first();
    const newest = (await firstRef.textContent()) ?? '';
    expect(newest > 'RV000001').toBe(true);
    await expectAccessibleAtBothSizes(page, 'revenue index');

    await page.getByLabel(/^Keywords/).fill('RV000001');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/keywords=RV000001/);
    await expect(page.getByRole('table').getByRole('link', { name: /^RV\d+$/ })).toHaveText(['RV000001']);
    await page.getByRole('link', { name: 'RV000001', exact: true }).click();
    await expect(page).toHaveURL(/\/internal\/revenues\/\d+\/summary$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue RV000001' })).toBeVisible();

    const facts = page.getByRole('region', { name: 'Revenue facts' });
    await expect(facts.getByText('Premium Amount', { exact: true })).toBeVisible();
    await expect(facts.getByText('Lapse / surrender date')).toHaveCount(0);
    const tabs = page.getByRole('navigation', { name: 'Revenue sections' });
    await expect(tabs.getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
    await expect(
      page.getByRole('region', { name: 'Pay-out' }).getByRole('table', { name: 'Payees' }),
    ).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'revenue summary');

    // The tabs are links: the keyboard follows them like any link.
    await tabs.getByRole('link', { name: 'Pay-in' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payin$/);
    const lists = page.getByRole('navigation', { name: 'Pay-in instalments' });
    await expect(lists.getByRole('link', { name: 'Outstanding' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Fully settled')).toHaveCount(0);
    await expectAccessibleAtBothSizes(page, 'revenue pay-in outstanding');
    for (const [name, list] of [
      ['Settled', 'settled'],
      ['All', 'all'],
    ] as const) {
      await lists.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/payin\\?list=${list}$`));
      await expect(lists.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      await expectAccessibleAtBothSizes(page, `revenue pay-in ${list}`);
    }
    await expect(page.getByText('Not yet settled').first()).toBeVisible();

    await tabs.getByRole('link', { name: 'Pay-out' }).click();
    await expect(page).toHaveURL(/\/payout$/);
    const views = page.getByRole('navigation', { name: 'Pay-out views' });
    await expect(views.getByRole('link', { name: 'Overall' })).toHaveAttribute('aria-current', 'page');
    await expectAccessibleAtBothSizes(page, 'revenue pay-out overall');

    const rates = page.getByRole('button', { name: /^Rates of / }).first();
    await rates.click();
    const popup = page.getByRole('dialog', { name: /^Rates of / });
    await expect(popup.getByRole('heading', { name: 'Rate info', exact: true })).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Override rate info' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'rate pop-up');
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(rates).toBeFocused();

    await views.getByRole('link', { name: 'Particular' }).click();
    await expect(page).toHaveURL(/\/payout\?view=particular$/);
    await expect(page.getByText(/^Displaying 1 - 1 of \d+$/)).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'revenue pay-out particular');
  });

  test('Particular pages one record at a time and a pay mode starts again at the first', async ({ page }) => {
    await page.goto(siteUrl('staff', '/internal/revenues'));
    const revenue = await findRevenue(
      page,
      async (detail) =>
        detail.payout.payModes.includes('CHEQUE') &&
        (await recordCount(page, detail.revenue.revenueId)) >= 3 &&
        (await recordCount(page, detail.revenue.revenueId, 'CHEQUE')) >= 1,
    );
    const id = revenue.revenue.revenueId;
    const total = await recordCount(page, id);
    const cheques = await recordCount(page, id, 'CHEQUE');

    await page.goto(detailUrl(id, 'payout', '?view=particular'));
    await expect(page.getByText(`Displaying 1 - 1 of ${total}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous record' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next record' }).click();
    await expect(page.getByText(`Displaying 2 - 2 of ${total}`)).toBeVisible();
    await expect(page).toHaveURL(/view=particular&page=1$/);
    await page.getByRole('button', { name: 'Next record' }).click();
    await expect(page.getByText(`Displaying 3 - 3 of ${total}`)).toBeVisible();
    await page.getByRole('button', { name: 'Previous record' }).click();
    await expect(page.getByText(`Displaying 2 - 2 of ${total}`)).toBeVisible();

    await page.getByRole('combobox', { name: 'Pay mode' }).click();
    await page.getByRole('option', { name: 'Cheque' }).click();
    await expect(page.getByText(`Displaying 1 - 1 of ${cheques}`)).toBeVisible();
    await expect(page).toHaveURL(/view=particular&pay_mode=CHEQUE$/);
    await expect(page.getByRole('region', { name: 'Pay-out record' })).toContainText('Cheque');

    // Back returns to the record seen before the filter.
    await page.goBack();
    await expect(page.getByText(`Displaying 2 - 2 of ${total}`)).toBeVisible();
  });

  test('edit: a value the contract refuses, then a saved change', async ({ page }) => {
    await page.goto(siteUrl('staff', '/internal/revenues'));
    const revenue = await findRevenue(page, (detail) => detail.revenue.editable);
    await page.goto(detailUrl(revenue.revenue.revenueId, 'summary'));
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit revenue ${revenue.revenue.refNo}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Lapse / surrender date')).toHaveCount(
      revenue.revenue.commissionType === 'C' ? 1 : 0,
    );

    await dialog.getByLabel('Description').fill('x'.repeat(2001));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('At most 2000 characters.')).toBeVisible();
    await expect(dialog.getByLabel('Description')).toBeFocused();
    await expectAccessibleAtBothSizes(page, 'edit revenue with an error');

    const note = `Checked in e2e ${Date.now()}`;
    await dialog.getByLabel('Description').fill(note);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Revenue ${revenue.revenue.refNo} was saved.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Notes' })).toContainText(note);
    // A reload reads the saved note back from the server.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Notes' })).toContainText(note);
  });

  test('delete asks "Are you sure?", returns to the index, and the revenue is gone', async ({ page }) => {
    await page.goto(siteUrl('staff', '/internal/revenues'));
    // RV000001 stays for the other tests; any other deletable revenue goes.
    const revenue = await findRevenue(
      page,
      (detail) => detail.revenue.deletable && detail.revenue.refNo !== 'RV000001',
    );
    const { revenueId, refNo } = revenue.revenue;
    await page.goto(detailUrl(revenueId, 'summary'));
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete revenue ${refNo}` });
    await expect(dialog.getByText('Are you sure?')).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'delete revenue dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await expect(page).toHaveURL(/\/internal\/revenues$/);
    await expect(page.getByText(refNo).first()).toBeVisible(); // the index's notice names it
    expect(await searchRevenues(page, { keywords: refNo })).toEqual([]);

    // Its detail now says it does not exist (a 404 is no failure IT could fix), with the way back.
    await page.goto(detailUrl(revenueId, 'summary'));
    await expect(
      page.getByRole('heading', { level: 1, name: `No revenue with ID ${revenueId} exists.` }),
    ).toBeVisible();
    await expect(page.getByRole('alert').getByRole('link')).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'revenue not found');
  });

  test('a revenue that may not be deleted offers no Delete, and the server refuses one', async ({ page }) => {
    await page.goto(siteUrl('staff', '/internal/revenues'));
    const revenue = await findRevenue(page, (detail) => !detail.revenue.deletable);
    await page.goto(detailUrl(revenue.revenue.revenueId, 'summary'));
    await expect(
      page.getByRole('heading', { level: 1, name: `Revenue ${revenue.revenue.refNo}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    const answer = await pageApi(page, `/internal/revenues/${revenue.revenue.revenueId}`, {
      method: 'DELETE',
      csrfToken: await csrf(page),
    });
    expect(answer.status, answer.text).toBe(409);
  });
});
