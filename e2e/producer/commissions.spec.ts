import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { openAsProducer } from './helpers.js';

/*
 * Commission statements (docs/producer/commissions.md) as the partner sees them — listed by month and region, each a
 * PDF rendered from the pay-out records; read back with pdftotext, every currency's printed total is the sum of its
 * printed lines. (The server test recomputes the same totals from the pay-out records in SQL: commissions.test.ts.)
 */

const cents = (amount: string) => Math.round(Number(amount.replaceAll(',', '')) * 100);

/** Per currency: the sum of the printed lines and the printed total, in cents. */
function currencyTotals(text: string): Map<string, { lines: number; total: number; count: number }> {
  const totals = new Map<string, { lines: number; total: number; count: number }>();
  for (const line of text.split('\n')) {
    const row = /^RV\d+\s.*\s([A-Z]{3})\s+(-?[\d,]+\.\d{2})\s*$/.exec(line);
    if (row) {
      const entry = totals.get(row[1] as string) ?? { lines: 0, total: Number.NaN, count: 0 };
      entry.lines += cents(row[2] as string);
      entry.count += 1;
      totals.set(row[1] as string, entry);
    }
    const total = /^Total ([A-Z]{3})\s+(-?[\d,]+\.\d{2})\s*$/.exec(line.trim());
    if (total) {
      const entry = totals.get(total[1] as string) ?? { lines: 0, total: 0, count: 0 };
      entry.total = cents(total[2] as string);
      totals.set(total[1] as string, entry);
    }
  }
  return totals;
}

test('the partner downloads a commission statement whose totals are the sums of its lines', async ({
  page,
}) => {
  await openAsProducer(page, demoAccount('partner'), '/b2b/commissions');
  const buttons = page.getByRole('button', { name: /^Download commission statement / });
  await expect(buttons.first()).toBeVisible();
  expect(await buttons.count()).toBeGreaterThan(1);
  for (const size of Object.values(SCREEN_SIZES)) {
    await page.setViewportSize(size);
    await expectAccessible(page, `commissions ${size.width}px`);
  }
  // The quarterly statement of the second company holds more than one currency.
  const quarterly = buttons.filter({ hasText: /_Q\.pdf$/ }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), quarterly.click()]);
  expect(download.suggestedFilename()).toMatch(/^A1001_[A-Z]+_\d{4}-\d{2}_Q\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Commission Statement');
  expect(text).toContain('Alex Lau (A1001)');
  const totals = currencyTotals(text);
  expect(totals.size).toBeGreaterThan(0);
  for (const [currency, { lines, total, count }] of totals) {
    expect(count, `${currency} lines`).toBeGreaterThan(0);
    expect(total, `Total ${currency} = sum of its lines`).toBe(lines);
  }
});
