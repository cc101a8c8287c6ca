import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { openAsProducer } from './helpers.js';

/*
 * The header's pop-ups (team tree, absg user menu) load their code when the pointer reaches the header. A press on
 * the button can start before that code arrives and end after it: the first tap must still open the pop-up. Each
 * test holds the code's download until the button is pressed, lets it arrive, then releases.
 */

/** Holds every script the page asks for from now on, until `arrive` lets them through and they have loaded. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  await page.route(/\/assets\/.+\.js$/, (route) => {
    held.push(route);
  });
  return {
    held: () => held.length,
    arrive: async () => {
      const loaded = held.map((route) => page.waitForResponse(route.request().url()));
      await Promise.all(held.map((route) => route.continue()));
      await Promise.all(loaded);
      // The modules run and React commits (or, as it must here, waits for the release) within a few frames.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await page.unroute(/\/assets\/.+\.js$/);
    },
  };
}

/** Presses `button`, lets the held code arrive, then releases: one click whose download ends mid-press. */
async function clickAcrossTheDownload(page: Page, button: Locator) {
  const scripts = await holdScripts(page);
  await button.hover();
  await expect.poll(scripts.held, { message: 'the hover asked for the pop-up’s code' }).toBeGreaterThan(0);
  await page.mouse.down();
  await scripts.arrive();
  await page.mouse.up();
}

test.use({ viewport: { width: 1366, height: 768 } });

test('the team-tree button opens the tree when its code arrives while it is pressed', async ({ page }) => {
  await openAsProducer(page, demoAccount('partner'), '/b2b');
  await clickAcrossTheDownload(page, page.getByRole('button', { name: 'Open team tree' }));
  await expect(page.getByRole('dialog', { name: 'Team tree' })).toBeVisible();
});

test('the absg user menu opens when its code arrives while it is pressed', async ({ page }) => {
  await openAsProducer(page, demoAccount('absgProducer'), '/b2b');
  await clickAcrossTheDownload(page, page.getByRole('button', { name: /user menu/ }));
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
});
