import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { pageApi } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { listFromApi, openAsProducer } from './helpers.js';

/*
 * A producer opens a client's statements from the Clients screen (a row, or the client detail) in the client area's
 * statement viewer; the buttons for chosen clients follow one rule and every disabled control says why; a detail
 * modal names itself once and adds no banner landmark.
 */

const partner = demoAccount('partner');

for (const [size, viewport] of [
  ['1366 px', SCREEN_SIZES.desktop],
  ['390 px', SCREEN_SIZES.phone],
] as const) {
  test(`a client's statements open from the Clients row and the client detail, ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const rows = await (async () => {
      await openAsProducer(page, partner, '/b2b/clients');
      return (await listFromApi(page, '/b2b/clients', { sizePerPage: 30 })).items as {
        policyNo: string;
        clientName: string;
        stmtId: number | null;
        accountNo: string | null;
      }[];
    })();
    const withStatement = rows.find((r) => r.stmtId !== null);
    const without = rows.find((r) => r.stmtId === null && r.accountNo === null);
    if (!withStatement || !without) throw new Error('the demo team has clients with and without statements');

    // Nothing chosen: the three buttons are off and say why.
    for (const name of ['Export to Excel', 'Statements PDF', 'Statements ZIP']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription('Choose one or more clients in the table first');
    }

    await page.goto(siteUrl('afs', `/b2b/clients?keywords=${without.policyNo}`));
    const table = page.getByRole('table', { name: 'Clients' });
    const rowName = `${without.clientName}, policy ${without.policyNo}`;
    await expect(table.getByRole('button', { name: `Documents: ${rowName}` })).toHaveAccessibleDescription(
      'No documents on file',
    );
    await expect(table.getByRole('checkbox', { name: `Select ${rowName}` })).toHaveAccessibleDescription(
      'No statement on file',
    );

    await page.goto(siteUrl('afs', `/b2b/clients?keywords=${withStatement.policyNo}`));
    const name = `${withStatement.clientName}, policy ${withStatement.policyNo}`;
    await table.getByRole('button', { name: `Statements: ${name}` }).click();
    const viewer = page.getByRole('dialog', { name: 'Monthly Statement' });
    await expect(viewer.getByRole('combobox', { name: 'Month' })).toBeEnabled();
    await expect(viewer.locator('iframe')).toBeVisible();
    await expectAccessible(page, `producer statement viewer, ${size}`);
    await viewer.getByRole('button', { name: 'Close the statement' }).click();
    await expect(viewer).toHaveCount(0);

    await table.getByRole('button', { name: `Details: ${name}` }).click();
    const detail = page.getByRole('dialog', { name: 'Client Detail' });
    await expect(detail.getByText(withStatement.policyNo).first()).toBeVisible();
    // The title once, and no second banner landmark while the dialog is open.
    await expect(page.getByText('Client Detail', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await detail.getByRole('button', { name: 'Statements', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Monthly Statement' })).toBeVisible();
  });
}

test("the producer's viewer offers the plan's provider statement, which opens the file", async ({ page }) => {
  await openAsProducer(page, partner, '/b2b/clients');
  const rows = (await listFromApi(page, '/b2b/clients', { sizePerPage: 30 })).items as {
    policyNo: string;
    clientName: string;
    stmtId: number | null;
  }[];
  let chosen: (typeof rows)[number] | undefined;
  for (const row of rows.filter((r) => r.stmtId !== null)) {
    const list = JSON.parse((await pageApi(page, `/statement/policy_list/${row.stmtId}`)).text) as {
      accounts: { partyId: number; providerStatementPath: string | null }[];
    };
    const own = list.accounts.find((a) => a.partyId === row.stmtId);
    if (own?.providerStatementPath === `/statement/provider_statement/${row.stmtId}`) {
      chosen = row;
      break;
    }
  }
  if (!chosen) throw new Error('the demo team has a client account with a provider statement');
  await page.goto(siteUrl('afs', `/b2b/clients?keywords=${chosen.policyNo}`));
  const table = page.getByRole('table', { name: 'Clients' });
  await table
    .getByRole('button', { name: `Statements: ${chosen.clientName}, policy ${chosen.policyNo}` })
    .click();
  const viewer = page.getByRole('dialog', { name: 'Monthly Statement' });
  await expect(viewer.locator('iframe')).toBeVisible();
  const opened = page.waitForEvent('popup');
  await viewer.getByRole('button', { name: 'Provider statement' }).click();
  const popup = await opened;
  await popup.waitForLoadState();
  expect(popup.url()).toContain(`/api/statement/provider_statement/${chosen.stmtId}`);
  await popup.close();

  // The month's statements as one PDF: the bar runs while the server prepares them (held a moment here, so the
  // first stage is seen however fast the render), then the file is saved.
  await page.route('**/api/statement/download_pdf**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'All plans as PDF' }).click();
  await expect(viewer.getByText(/^Step 1 of 2: Preparing \d+ statements?…$/)).toBeVisible();
  await expect(viewer.locator('[data-download-progress]')).toBeVisible();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(viewer.getByText(/^Downloaded: /)).toBeVisible();
});
