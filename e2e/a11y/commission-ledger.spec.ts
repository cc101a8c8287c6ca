import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { checkState, openScreen } from './screen-states.js';

/**
 * The commission ledger's must-show flow, on a desktop and on a phone, each state checked by axe: partner1 disputes a
 * line of their ledger; staff1 resolves it with an adjustment on the Commission reconciliation screen; partner1's
 * ledger shows the adjustment; staff1 imports an insurer's sample statement through the preview and posts it. Each
 * size imports another insurer's sample, so the second run is not a repeat of the first.
 */

const partner = demoAccount('partner');
const staff = demoAccount('staff');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);
const SAMPLES = join(import.meta.dirname, '..', '..', 'docs', 'samples');
const SAMPLE_BY_SIZE: Record<string, string> = { desktop: 'HLA', phone: 'PPI' };

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`commission ledger, ${size}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 360_000 });

    test('a dispute from the producer, resolved by staff, shown in the ledger; a statement imported', async ({
      browser,
    }) => {
      // Two people in two browsers, a dispute's whole life and an import: longer than one screen's test.
      test.setTimeout(180_000);
      const adjustment = size === 'desktop' ? '12.34' : '-5.67';
      // Both people's browsers are closed at the end, pass or fail: a page left open keeps polling the server.
      const producerContext = await browser.newContext({ viewport });
      const staffContext = await browser.newContext({ viewport });
      try {
        const producerPage = await producerContext.newPage();
        await signIn(producerPage, partner);
        await openScreen(producerPage, siteUrl(partner.site, '/b2b/commissions'));
        const ledger = producerPage.getByRole('table', { name: en('commissions', 'ledger.title') });
        await expect(ledger.locator('tbody tr').first()).toBeVisible();
        await checkState(producerPage, 'commission ledger');

        const disputeButton = ledger.getByRole('button', { name: /^Dispute the line of policy/ }).first();
        const label = (await disputeButton.getAttribute('aria-label')) ?? '';
        const policyNo = /policy (\S+) on/.exec(label)?.[1] ?? '';
        await disputeButton.click();
        const dialog = producerPage.getByRole('dialog');
        await dialog
          .getByRole('textbox', { name: en('commissions', 'ledger.dispute.comment') })
          .fill(`Amount looks wrong (${size})`);
        await checkState(producerPage, 'dispute dialog');
        await dialog.getByRole('button', { name: en('commissions', 'ledger.dispute.submit') }).click();
        await expect(dialog).toBeHidden();

        const staffPage = await staffContext.newPage();
        await signIn(staffPage, staff);
        await openScreen(staffPage, siteUrl('staff', '/internal/commission-reconciliation'));
        const work = staffPage
          .getByRole('button', { name: new RegExp(`Work on the dispute of policy ${policyNo} `) })
          .first();
        await expect(work).toBeVisible();
        await checkState(staffPage, 'reconciliation disputes');
        await work.click();
        const modal = staffPage.getByRole('dialog');
        await modal.getByRole('combobox', { name: en('reconciliation', 'disputes.outcome') }).click();
        await staffPage
          .getByRole('option', { name: en('reconciliation', 'disputes.status.resolved') })
          .click();
        await modal.getByRole('textbox', { name: /^Adjustment/ }).fill(adjustment);
        await modal
          .getByRole('textbox', { name: en('reconciliation', 'disputes.resolution') })
          .fill(`Corrected (${size})`);
        await checkState(staffPage, 'resolve dialog');
        await modal.getByRole('button', { name: en('reconciliation', 'disputes.save') }).click();
        await expect(modal).toBeHidden();

        await producerPage.reload();
        await expect(
          producerPage
            .getByRole('table', { name: en('commissions', 'ledger.title') })
            .getByText(`Corrected (${size})`),
        ).toBeVisible();

        await staffPage.getByRole('tab', { name: en('reconciliation', 'tabs.import') }).click();
        const insurer = SAMPLE_BY_SIZE[size] ?? 'HLA';
        await staffPage.getByRole('combobox', { name: en('reconciliation', 'import.insurer') }).click();
        await staffPage.getByRole('option', { name: insurer, exact: true }).click();
        await staffPage
          .locator('input[type="file"]')
          .setInputFiles(join(SAMPLES, `commission-statement-${insurer}.csv`));
        await staffPage.getByRole('button', { name: en('reconciliation', 'import.preview') }).click();
        await expect(staffPage.getByTestId('import-rate')).toContainText('100');
        await checkState(staffPage, 'statement preview');
        await staffPage.getByRole('button', { name: /^Post \d+ matched lines$/ }).click();
        await expect(staffPage.getByRole('status').filter({ hasText: 'posted as pay-ins' })).toBeVisible();
      } finally {
        await producerContext.close();
        await staffContext.close();
      }
    });
  });
}
