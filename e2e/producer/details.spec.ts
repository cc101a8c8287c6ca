import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { pageApi } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { listFromApi, openAsProducer } from './helpers.js';

/*
 * The producer modals as partner1 opens them from the lists: policy detail (with the dated stage history) and its
 * PDF read back with pdftotext, service record detail, client detail and its PDF, the documents tree and a file.
 */

const partner = demoAccount('partner');

async function pdfText(page: Page, buttonName: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog').getByRole('button', { name: buttonName }).click(),
  ]);
  const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
  return { name: download.suggestedFilename(), text };
}

test('policy detail: stage history and days in stage on screen and in the PDF', async ({ page }) => {
  await openAsProducer(page, partner, '/b2b');
  const first = (await listFromApi(page, '/b2b/new_business')).items[0] as { clientName: string };
  await page.getByRole('table', { name: 'New business applications' }).locator('tbody tr').first().click();
  const dialog = page.getByRole('dialog', { name: 'Policy Detail' });
  await expect(dialog.getByText('Stage history')).toBeVisible();
  await expect(dialog.getByText('Days in current stage')).toBeVisible();
  await expect(dialog.getByText(first.clientName).first()).toBeVisible();
  await expect(dialog.getByText(/\d{4}\/\d{2}\/\d{2}/).first()).toBeVisible();
  await expectAccessible(page, 'policy detail modal');

  const { name, text } = await pdfText(page, 'Download PDF');
  expect(name).toMatch(/^policy-detail-.*\.pdf$/);
  expect(text).toContain(first.clientName);
  expect(text).toContain('Stage history');
  expect(text).toMatch(/\d{4}\/\d{2}\/\d{2}/);
});

test('service record detail opens from its row', async ({ page }) => {
  await openAsProducer(page, partner, '/b2b/service_records');
  const first = (await listFromApi(page, '/b2b/service_records')).items[0] as { uniqueId: string };
  await page.getByRole('table', { name: 'Service records' }).locator('tbody tr').first().click();
  const dialog = page.getByRole('dialog', { name: 'Service Record' });
  await expect(dialog.getByText(first.uniqueId).first()).toBeVisible();
  await expectAccessible(page, 'service record modal');
});

test('client detail and documents, on a phone', async ({ page }) => {
  await page.setViewportSize(SCREEN_SIZES.phone);
  await openAsProducer(page, partner, '/b2b/clients');
  const table = page.getByRole('table', { name: 'Clients' });
  const first = (await listFromApi(page, '/b2b/clients')).items[0] as {
    clientName: string;
    clientNo: string;
  };
  await table
    .getByRole('button', { name: /^Details:/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Client Detail' });
  await expect(dialog.getByText(first.clientNo).first()).toBeVisible();
  await expectAccessible(page, 'client detail modal, 390 px');
  const { text } = await pdfText(page, 'Download PDF');
  expect(text).toContain(first.clientNo);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // One account of the team with documents and one without, found through the API, opened from their rows.
  const rows = (await listFromApi(page, '/b2b/clients', { sizePerPage: 30 })).items as {
    accountNo: string | null;
    policyNo: string;
  }[];
  const withFiles: string[] = [];
  const withoutFiles: string[] = [];
  for (const row of rows.filter((r) => r.accountNo)) {
    const tree = await pageApi(page, `/b2b/clients/list_document?account_no=${row.accountNo}`);
    (JSON.parse(tree.text).length > 0 ? withFiles : withoutFiles).push(row.policyNo);
  }
  expect(withFiles.length).toBeGreaterThan(0);
  expect(withoutFiles.length).toBeGreaterThan(0);

  await page.goto(siteUrl('afs', `/b2b/clients?keywords=${withFiles[0]}`));
  await table
    .getByRole('button', { name: /^Documents:/ })
    .first()
    .click();
  const documents = page.getByRole('dialog', { name: 'Client Documents' });
  const tree = documents.getByRole('tree');
  await expect(tree).toBeVisible();
  await expectAccessible(page, 'documents tree, 390 px');
  const file = tree.getByText(/\(download\)$/).first();
  const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename().length).toBeGreaterThan(0);
  await documents.getByRole('button', { name: 'Close' }).first().click();

  await page.goto(siteUrl('afs', `/b2b/clients?keywords=${withoutFiles[0]}`));
  await table
    .getByRole('button', { name: /^Documents:/ })
    .first()
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Client Documents' }).getByText('No file found.'),
  ).toBeVisible();
});

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test(`client detail draws the plan's performance chart, ${size}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await openAsProducer(page, partner, '/b2b/clients');
    // The first row on the screen whose plan has a history to measure (a term-life plan has none).
    const rows = (await listFromApi(page, '/b2b/clients')).items as {
      clientId: number;
      clientName: string;
      policyNo: string;
    }[];
    let chosen: (typeof rows)[number] | undefined;
    for (const row of rows) {
      const answer = await pageApi(page, `/b2b/clients/${row.clientId}/performance?planNo=${row.policyNo}`);
      if (answer.status === 200 && JSON.parse(answer.text).series.length > 0) {
        chosen = row;
        break;
      }
    }
    expect(chosen, 'a plan with a history on the first page').toBeDefined();
    await page
      .getByRole('button', {
        name: `Details: ${chosen?.clientName}, policy ${chosen?.policyNo}`,
        exact: true,
      })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Client Detail' });
    const section = dialog.getByTestId('plan-performance');
    await expect(section.getByRole('slider')).toBeVisible();
    await expect(section.getByTestId('twr')).toHaveText(/^[+−]?\d+\.\d{2}%$/);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/client-detail-performance-${size}.png` });
    await expectAccessible(page, `client detail performance, ${size}`);
    const fits = await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits, 'the modal needs no sideways scrolling').toBe(true);
  });
}
