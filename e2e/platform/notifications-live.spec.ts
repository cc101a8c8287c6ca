import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { unreadOf } from '../fixtures/bell.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/**
 * A notification arrives live (docs/notifications.md): a producer has the notification centre open; the same account
 * signs in from a second browser (a security event, "sign-in from a new browser"); the first browser's bell count
 * rises without a reload, the notification is listed, and opening it goes to the Security page and marks it read.
 */

const consultant = demoAccount('consultant');
const en = (key: string) => catalogText('en', 'notifications', key);

for (const [size, viewport] of Object.entries({
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
})) {
  test(`the bell rises live and the notification opens, ${size}`, async ({ browser }) => {
    test.setTimeout(180_000);
    await withAccountLock(consultant, async () => {
      const first = await browser.newContext({ viewport });
      const second = await browser.newContext({ viewport });
      try {
        const page = await first.newPage();
        await signIn(page, consultant);
        await page.goto(siteUrl('afs', '/b2b/notifications'));
        await expect(page.getByRole('heading', { level: 1, name: en('title') })).toBeVisible({
          timeout: 45_000,
        });
        const bell = page.getByTestId('notification-bell');
        await expect(bell).toBeVisible();
        // The stream is open once it has sent its first count (the bell shows the same number as the list).
        await expect(page.getByRole('heading', { level: 2, name: /^Unread: \d+$/ })).toBeVisible({
          timeout: 30_000,
        });
        const before = await unreadOf(bell);

        await signIn(await second.newPage(), consultant);

        await expect.poll(() => unreadOf(bell), { timeout: 20_000 }).toBe(before + 1);
        const item = page
          .getByTestId('notification-list')
          .getByRole('listitem')
          .filter({ hasText: 'sign-in from a new browser' })
          .first();
        await expect(item).toBeVisible();
        await item.getByRole('button', { name: en('open') }).click();
        await expect(page).toHaveURL(/\/b2b\/security$/);
        await expect.poll(() => unreadOf(bell), { timeout: 10_000 }).toBe(before);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });
}
