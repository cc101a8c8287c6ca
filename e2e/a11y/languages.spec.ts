import { expect, type Page, test } from '@playwright/test';
import type { Language } from '@portal/contract';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { test as clientTest, clientUrl } from '../client/fixtures.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { checkState, openScreen, sizeOf } from './screen-states.js';

/**
 * The accessibility gate in the other three languages (decision 037). The other a11y specs walk every screen state,
 * mostly in English; text-dependent rules (label-content-name-mismatch splits names into words, and Korean or
 * Japanese words split differently) need the other languages too. Each family of states below is walked at both
 * sizes with the languages rotated over its states: state i in OTHER_LANGUAGES[(i + size) % 3], so every family is
 * checked in every language at every size, and the run costs one axe pass per state and size, not three.
 */

const OTHER_LANGUAGES = ['kr', 'zh', 'ja'] as const satisfies readonly Language[];

/** One state of a family: opens it in `language` and waits until axe can look at it. */
type State = { name: string; open: (page: Page, language: Language) => Promise<void> };

const prefixed = (language: Language, path: string) => (language === 'en' ? path : `/${language}${path}`);
const producerUrl = (language: Language, path: string) => siteUrl('afs', prefixed(language, path));
const staffUrl = (language: Language, path: string) => siteUrl('staff', prefixed(language, path));

/** A server-paged list with its rows and pager (the page-number buttons) on screen. */
async function openList(page: Page, url: string) {
  await openScreen(page, url);
  await expect(page.getByRole('main').locator('table.data-table tbody tr').first()).toBeVisible();
}

const PRODUCER_LISTS: State[] = [
  { name: 'new business', open: (page, l) => openList(page, producerUrl(l, '/b2b?stage=all')) },
  {
    name: 'service records',
    open: (page, l) => openList(page, producerUrl(l, '/b2b/service_records?statusOptions=All')),
  },
  { name: 'clients', open: (page, l) => openList(page, producerUrl(l, '/b2b/clients')) },
  { name: 'commissions', open: (page, l) => openScreen(page, producerUrl(l, '/b2b/commissions')) },
  { name: 'reports', open: (page, l) => openScreen(page, producerUrl(l, '/b2b/reports')) },
];

const PRODUCER_PANELS: State[] = [
  {
    name: 'team tree, every branch open',
    open: async (page, l) => {
      await openScreen(page, producerUrl(l, '/b2b'));
      await page.getByRole('button', { name: catalogText(l, 'common', 'producer.openTeamTree') }).click();
      const drawer = page.getByRole('dialog', { name: catalogText(l, 'common', 'producer.teamTree') });
      await drawer.getByRole('button', { name: catalogText(l, 'common', 'producer.expandAll') }).click();
      await expect(drawer.getByRole('treeitem').nth(3)).toBeVisible();
    },
  },
  {
    name: 'policy detail',
    open: async (page, l) => {
      await openList(page, producerUrl(l, '/b2b?stage=all'));
      await page.getByRole('main').locator('table.data-table tbody tr').first().click();
      const dialog = page.getByRole('dialog', { name: catalogText(l, 'producer-details', 'policy.title') });
      await expect(dialog.locator('.mantine-Loader-root')).toHaveCount(0);
      await expect(dialog.getByRole('heading').first()).toBeVisible();
    },
  },
  {
    name: 'client detail',
    open: async (page, l) => {
      await openList(page, producerUrl(l, '/b2b/clients'));
      await page.getByRole('main').locator('table.data-table tbody tr td:last-child button').first().click();
      const dialog = page.getByRole('dialog', { name: catalogText(l, 'producer-details', 'client.title') });
      await expect(dialog.locator('.mantine-Loader-root')).toHaveCount(0);
      await expect(dialog.getByRole('heading').first()).toBeVisible();
    },
  },
];

const STAFF_SCREENS: State[] = [
  { name: 'revenue index', open: (page, l) => openList(page, staffUrl(l, '/internal/revenues')) },
  {
    name: 'revenue summary',
    open: (page, l) => openScreen(page, staffUrl(l, '/internal/revenues/1/summary')),
  },
  {
    name: 'revenue pay-out',
    open: (page, l) => openScreen(page, staffUrl(l, '/internal/revenues/1/payout')),
  },
];

const CLIENT_SCREENS: State[] = [
  { name: 'my plan', open: (page, l) => openScreen(page, clientUrl(l, '/b2c')) },
  { name: 'message box', open: (page, l) => openScreen(page, clientUrl(l, '/b2c/message')) },
  { name: 'profile', open: (page, l) => openScreen(page, clientUrl(l, '/b2c/my_profile')) },
];

/** Walks a family at the page's size, each state in its turn of the other languages. */
async function walk(page: Page, family: State[], offset: number) {
  for (const [index, state] of family.entries()) {
    const language = OTHER_LANGUAGES[(index + offset) % OTHER_LANGUAGES.length] as Language;
    await state.open(page, language);
    await checkState(page, `${state.name} (${language})`);
  }
}

for (const [offset, [size, viewport]] of Object.entries(SCREEN_SIZES).entries()) {
  test.describe(`accessibility in other languages, ${size}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 360_000 });

    test('producer lists and panels', async ({ page }) => {
      await signIn(page, demoAccount('partner'));
      await walk(page, PRODUCER_LISTS, offset);
      await walk(page, PRODUCER_PANELS, offset);
      expect(sizeOf(page)).toBe(size);
    });

    test('back-office revenue screens', async ({ page }) => {
      await signIn(page, demoAccount('staff'));
      await walk(page, STAFF_SCREENS, offset);
    });
  });

  clientTest.describe(`client area accessibility in other languages, ${size}`, () => {
    clientTest.describe.configure({ timeout: 240_000 });
    clientTest('my plan, messages, profile', async ({ page }) => {
      await page.setViewportSize(viewport);
      await walk(page, CLIENT_SCREENS, offset);
    });
  });
}
