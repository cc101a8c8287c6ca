import { expect, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { checkState, failApi, openScreen } from './screen-states.js';

/*
 * The office's Case requirements screen as staff1, on a desktop and a phone: the queue; the oldest case with its
 * checklist; the reason form of a rejection (cancelled); the issued stage refused by the stage rule with the open
 * items named; the queue failing to load. Nothing here changes a case (the refusal writes nothing), so the walk from
 * upload to issue (cases/case-flow.spec.ts) runs beside it.
 */

const staff = demoAccount('staff');
const en = (namespace: string, key: string) => catalogText('en', namespace, key);
const url = siteUrl('staff', '/internal/case_requirements');

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test.describe(`case requirements, ${size}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test('queue, a case, a rejection reason, the stage rule, load failure', async ({ page }) => {
      await signIn(page, staff);
      await openScreen(page, url);
      await expect(page.getByRole('heading', { level: 1, name: en('case-review', 'title') })).toBeVisible();
      const open = page.getByRole('button', { name: new RegExp(`^${en('case-review', 'queue.open')}`) });
      await expect(open.first()).toBeVisible();
      await checkState(page, 'case requirements queue');

      await open.first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('table', { name: en('case-review', 'case.caption') })).toBeVisible();
      await checkState(page, 'case requirements case');

      await dialog
        .getByRole('button', { name: /^Reject / })
        .first()
        .click();
      await expect(dialog.getByRole('textbox', { name: /^Why is / })).toBeFocused();
      await checkState(page, 'case requirements rejection reason');
      await dialog.getByRole('button', { name: en('case-review', 'case.cancel') }).click();

      await dialog.getByRole('combobox', { name: en('case-review', 'stage.label') }).click();
      await page.getByRole('option', { name: en('domain', 'stage.6') }).click();
      await dialog.getByRole('button', { name: en('case-review', 'stage.submit') }).click();
      await expect(dialog.getByRole('alert')).toContainText('mandatory');
      await checkState(page, 'case requirements stage refused');
      await page.keyboard.press('Escape');

      await failApi(page, '/internal/requirements');
      await openScreen(page, url);
      await expect(
        page.getByRole('alert').filter({ hasText: en('common', 'app.failFetchingData') }),
      ).toBeVisible();
      await checkState(page, 'case requirements load failure');
    });
  });
}
