import { EXE_BYTES, PNG_BYTES } from '../../apps/server/src/testing/multipart-form.js';
import { clientUrl, expect, test, text } from '../client/fixtures.js';
import { PARTNER1_TEAM_REQUIREMENTS, withLock } from '../fixtures/account-lock.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { checkState, failApi, openScreen } from './screen-states.js';

/*
 * My Applications as the demo client (AG10000001 has an application in progress with items outstanding from them),
 * on a desktop and a phone: the timeline and what is owed; a program named like a PDF refused by the server with its
 * message; a real PNG sent, after which the item leaves "what we need" and shows as received; the load failing.
 * axe-core must find nothing critical or serious, and each state fits its width.
 */

const en = (namespace: string, key: string) => text('en', namespace, key);

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`client applications, ${size}`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('timeline and owed items, a refused file, a document sent, load failure', async ({ page }) => {
      await openScreen(page, clientUrl('en', '/b2c/applications'));
      await expect(
        page.getByRole('heading', { level: 1, name: en('client', 'applications.title') }),
      ).toBeVisible();
      const timeline = page.getByRole('list', { name: en('client', 'applications.timeline') }).first();
      await expect(timeline.locator('[aria-current="step"]')).toHaveCount(1);
      const forms = page.getByRole('form', { name: /^Send / });
      await expect(forms.first()).toBeVisible();
      await checkState(page, 'client applications');

      // The first owed item: its form's name says which item it is.
      const form = forms.first();
      const formName = (await form.getAttribute('aria-label')) ?? '';
      const item = formName.replace(/^Send /, '');
      const before = await forms.count();

      // A program renamed .pdf passes the browser's check by name; the server refuses it by its bytes.
      await form.locator('input[type="file"]').setInputFiles({
        name: 'receipt.pdf',
        mimeType: 'application/pdf',
        buffer: EXE_BYTES,
      });
      await form.getByRole('button', { name: en('client', 'applications.upload.send') }).click();
      await expect(form.getByRole('alert')).toContainText('PDF, JPEG, PNG');
      await checkState(page, 'client applications, refused file');

      await form.locator('input[type="file"]').setInputFiles({
        name: 'payment-slip.png',
        mimeType: 'image/png',
        buffer: PNG_BYTES,
      });
      // The item is in partner1's team: the walk from upload to issue counts that team's items meanwhile.
      await withLock(PARTNER1_TEAM_REQUIREMENTS, async () => {
        await form.getByRole('button', { name: en('client', 'applications.upload.send') }).click();
        await expect(
          page
            .getByRole('status')
            .filter({ hasText: en('client', 'applications.upload.sent').replace('{{item}}', item) }),
        ).toBeVisible();
      });
      await expect(page.getByRole('form', { name: formName })).toHaveCount(0);
      await expect(forms).toHaveCount(before - 1);
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: `${item}: Received` })
          .first(),
      ).toBeVisible();
      await checkState(page, 'client applications, document sent');

      await failApi(page, '/b2c/applications');
      await openScreen(page, clientUrl('en', '/b2c/applications'));
      await expect(
        page.getByRole('alert').filter({ hasText: en('common', 'app.failFetchingData') }),
      ).toBeVisible();
      await checkState(page, 'client applications, load failure');
    });
  });
}
