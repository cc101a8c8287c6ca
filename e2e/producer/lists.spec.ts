import { expect, test } from '@playwright/test';
import { clientList, newBusinessList, serviceRecordList } from '@portal/contract';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { siteUrl } from '../sites.js';
import { downloadSheet, listFromApi, openAsProducer, pagerRange, sheetHeaders } from './helpers.js';

/*
 * The three producer lists as partner1 (afs, four-level team) sees them: searched, filtered, paged, sorted,
 * reloaded (criteria restored from the URL), exported and read back; axe on each screen, desktop and phone.
 */

const partner = demoAccount('partner');

test('New Business: search, sort, page, reload and export', async ({ page }) => {
  await openAsProducer(page, partner, '/b2b');
  const all = await listFromApi(page, '/b2b/new_business');
  await expect(pagerRange(page)).toHaveText(`1–10 of ${all.totalSize}`);
  await expectAccessible(page, 'new business');

  // Page 2, then sort by received date ascending: the URL carries both.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(pagerRange(page)).toHaveText(`11–20 of ${all.totalSize}`);
  await page.getByRole('button', { name: /Received Date/ }).click();
  await expect(page).toHaveURL(/sortField=receivedDate/);
  const table = page.getByRole('table', { name: 'New business applications' });
  await expect(table.getByRole('columnheader', { name: /Received Date/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // The rows of the new order replace the previous page's once they arrive.
  await expect
    .poll(async () => {
      const dates = await table.locator('tbody tr td:nth-child(9)').allTextContents();
      return dates.length === 10 && [...dates].sort().join() === dates.join();
    })
    .toBe(true);

  // A keyword search: page 1, no sort, only matching rows; a reload restores it.
  const policyNo = String(all.items.find((item) => item.policyNo)?.policyNo);
  await page.getByLabel('Keywords').fill(policyNo);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`keywords=${policyNo}`));
  await expect(page).not.toHaveURL(/sortField/);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText(policyNo);
  await page.reload();
  await expect(page.getByLabel('Keywords')).toHaveValue(policyNo);
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // All stages: more rows than in progress; the export holds exactly the search's rows, headers in English.
  await page.getByLabel('Keywords').fill('');
  await page.getByRole('radio', { name: 'All' }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const everyStage = await listFromApi(page, '/b2b/new_business', { stage: 'all' });
  expect(everyStage.totalSize).toBeGreaterThan(all.totalSize);
  await expect(pagerRange(page)).toHaveText(`1–10 of ${everyStage.totalSize}`);
  const { sheet, fileName } = await downloadSheet(page, 'Export to Excel');
  expect(fileName).toMatch(/^new-business-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(sheetHeaders(sheet)).toEqual(newBusinessList.columns.map((c) => c.label.en));
  expect(sheet.rowCount - 1).toBe(everyStage.totalSize);
});

test('Service Records in Chinese: open by default, all statuses more, export headers in Chinese', async ({
  page,
}) => {
  await openAsProducer(page, partner, '/zh/b2b/service_records');
  const open = await listFromApi(page, '/b2b/service_records', {}, 'zh');
  const every = await listFromApi(page, '/b2b/service_records', { statusOptions: 'All' }, 'zh');
  expect(every.totalSize).toBeGreaterThan(open.totalSize);
  await expect(page.getByText(`第 1–10 項，共 ${open.totalSize} 項`)).toBeVisible();
  await expectAccessible(page, 'service records, zh');

  const { sheet } = await downloadSheet(page, '匯出至 Excel');
  expect(sheetHeaders(sheet)).toEqual(serviceRecordList.columns.map((c) => c.label.zh));
  expect(sheet.rowCount - 1).toBe(open.totalSize);
});

test('Service Records: status and created-date filters, sort, page, reload', async ({ page }) => {
  await openAsProducer(page, partner, '/b2b/service_records');
  const every = await listFromApi(page, '/b2b/service_records', { statusOptions: 'All' });
  await page.getByRole('radio', { name: 'All' }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/statusOptions=All/);
  await expect(pagerRange(page)).toHaveText(`1–10 of ${every.totalSize}`);

  const table = page.getByRole('table', { name: 'Service records' });
  await table.getByRole('button', { name: /^Created/ }).click();
  await expect(table.getByRole('columnheader', { name: /^Created/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(pagerRange(page)).toHaveText(`11–20 of ${every.totalSize}`);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(pagerRange(page)).toHaveText(`11–20 of ${every.totalSize}`);

  // A created-from date typed as YYYY/MM/DD narrows the search to what the server counts for it.
  const from = String(
    (every.items[Math.floor(every.items.length / 2)] as { createdDate: string }).createdDate,
  );
  const narrowed = await listFromApi(page, '/b2b/service_records', {
    statusOptions: 'All',
    createdFrom: from,
  });
  expect(narrowed.totalSize).toBeLessThan(every.totalSize);
  // Typed as digits: the date mask puts the slashes in.
  const createdFrom = page.getByRole('textbox', { name: 'Created from' });
  await createdFrom.pressSequentially(from.replaceAll('-', ''));
  await expect(createdFrom).toHaveValue(from.replaceAll('-', '/'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(pagerRange(page)).toHaveText(new RegExp(`^1–\\d+ of ${narrowed.totalSize}$`));
});

test('Clients: selection enables the statement downloads and is cleared by the next page', async ({
  page,
}) => {
  await openAsProducer(page, partner, '/b2b/clients');
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.locator('tbody tr')).toHaveCount(10);
  const pdf = page.getByRole('button', { name: 'Statements PDF' });
  await expect(pdf).toBeDisabled();
  const selectable = table.locator('tbody input[type=checkbox]:not([disabled])');
  await selectable.first().check();
  await expect(page.getByText('1 client selected')).toBeVisible();
  await expect(pdf).toBeEnabled();
  await expectAccessible(page, 'clients, one selected');

  const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('0 clients selected')).toBeVisible();
  await expect(pdf).toBeDisabled();

  // Excluding lapsed plans narrows the list; the export agrees with the count.
  const all = await listFromApi(page, '/b2b/clients');
  const withoutLapsed = await listFromApi(page, '/b2b/clients', { excludePolicyStatus: ['LAP'] });
  expect(withoutLapsed.totalSize).toBeLessThan(all.totalSize);
  await page.goto(siteUrl('afs', '/b2b/clients?excludePolicyStatus=LAP'));
  await expect(pagerRange(page)).toHaveText(`1–10 of ${withoutLapsed.totalSize}`);
  // The three downloads share one rule: nothing chosen, nothing to download; Excel then exports the whole search.
  await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  await table.locator('tbody input[type=checkbox]:not([disabled])').first().check();
  const { sheet } = await downloadSheet(page, 'Export to Excel');
  expect(sheetHeaders(sheet)).toEqual(clientList.columns.map((c) => c.label.en));
  expect(sheet.rowCount - 1).toBe(withoutLapsed.totalSize);
});

for (const [name, path] of [
  ['new business', '/b2b'],
  ['service records', '/b2b/service_records'],
  ['clients', '/b2b/clients'],
] as const) {
  test(`${name} on a phone: no sideways page scroll, accessible`, async ({ page }) => {
    await page.setViewportSize(SCREEN_SIZES.phone);
    await openAsProducer(page, partner, path);
    await expect(pagerRange(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name}, 390 px`);
  });
}
