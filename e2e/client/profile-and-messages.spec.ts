import { expectAccessible } from '../fixtures/axe.js';
import { clientUrl, expect, test, text } from './fixtures.js';
import { snapshot } from './helpers.js';

for (const language of ['en', 'zh'] as const) {
  test.describe(`Profile and messages (${language})`, () => {
    test('my profile, read-only, with how to update it', async ({ page }) => {
      await page.goto(clientUrl(language, '/b2c/my_profile'));
      const main = page.getByRole('main');
      await expect(main.getByText('Tai Man Chan').first()).toBeVisible();
      for (const key of ['phoneNumber', 'email', 'resAddress', 'corrAddress']) {
        await expect(
          main.getByText(text(language, 'client', `profile.${key}`), { exact: true }),
        ).toBeVisible();
      }
      await expect(main.getByRole('textbox')).toHaveCount(0);
      await expect(main.locator('a[href^="mailto:"]')).toBeVisible();
      await snapshot(page, `profile-${language}`);
    });

    test('opening an unread message marks it read and the unread count goes down', async ({ page }) => {
      await page.goto(clientUrl(language, '/b2c/message'));
      const menu = page.getByRole('navigation', { name: text(language, 'common', 'client.menu') });
      const table = page.getByRole('table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      const unreadRows = table.locator('tbody tr[data-unread]');
      const before = await unreadRows.count();
      expect(before).toBeGreaterThan(0);
      const badge = menu
        .getByRole('link', { name: new RegExp(text(language, 'common', 'client.messageBox')) })
        .locator('.mantine-Badge-root');
      const badgeBefore = Number(await badge.textContent());
      expect(badgeBefore).toBeGreaterThan(0);
      await snapshot(page, `messages-${language}`);

      // The two language runs open different messages (first and last unread), so they can run side by side.
      const row = language === 'en' ? unreadRows.first() : unreadRows.last();
      const title = (await row.locator('td').nth(3).locator('p').first().textContent()) ?? '';
      await row.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: title });
      await expect(drawer).toBeVisible();
      await snapshot(page, `message-open-${language}`);
      await expectAccessible(page, `message open (${language})`);
      await expect
        .poll(async () => Number((await badge.count()) ? await badge.textContent() : 0))
        .toBeLessThan(badgeBefore);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(table.locator('tbody tr[data-unread]')).toHaveCount(before - 1);
    });
  });
}
