import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  clientList,
  type Language,
  type ListColumn,
  newBusinessList,
  requirementList,
  revenueList,
  serviceRecordList,
  siteCapabilities,
} from '@portal/contract';
import { type DemoAccount, demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { SCREEN_SIZES } from '../fixtures/axe.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/**
 * Every list of the producer area (and the staff revenue list) at 1366 px keeps its key columns (the definition's
 * pinned ones) and its row buttons in view, unhidden, whether the table is scrolled to its start or its end; at
 * 390 px each row is a card of "label value" lines, every column of the definition in it and none past the screen.
 * In every language of every site.
 */

interface ListCase {
  name: string;
  path: string;
  columns: readonly ListColumn[];
  /** Buttons of the row-actions column (Clients: Details, Documents). */
  rowButtons?: boolean;
}

const PRODUCER_LISTS: ListCase[] = [
  { name: 'new business', path: '/b2b?stage=all', columns: newBusinessList.columns },
  {
    name: 'service records',
    path: '/b2b/service_records?statusOptions=All',
    columns: serviceRecordList.columns,
  },
  { name: 'clients', path: '/b2b/clients', columns: clientList.columns, rowButtons: true },
  { name: 'requirements', path: '/b2b/requirements?view=all', columns: requirementList.columns },
];
const STAFF_LISTS: ListCase[] = [
  { name: 'revenues', path: '/internal/revenues', columns: revenueList.columns },
];

const AREAS: { account: DemoAccount; host: 'afs' | 'ipc' | 'absg' | 'staff'; lists: ListCase[] }[] = [
  { account: demoAccount('partner'), host: 'afs', lists: PRODUCER_LISTS },
  { account: demoAccount('ipcProducer'), host: 'ipc', lists: PRODUCER_LISTS },
  // absg producers have no Service Records menu.
  {
    account: demoAccount('absgProducer'),
    host: 'absg',
    lists: PRODUCER_LISTS.filter((list) => list.name !== 'service records'),
  },
  { account: demoAccount('staff'), host: 'staff', lists: STAFF_LISTS },
];

async function openList(page: Page, host: string, language: Language, list: ListCase): Promise<Locator> {
  const prefix = language === 'en' ? '' : `/${language}`;
  await page.goto(siteUrl(host as 'afs', `${prefix}${list.path}`));
  const table = page.getByRole('main').locator('table.data-table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  return table;
}

/**
 * The elements (by selector inside the table) that are not fully inside both the screen and the table's scroll box,
 * or that another element covers at their centre.
 */
async function hiddenKeyParts(table: Locator, selectors: string[]): Promise<string[]> {
  return table.evaluate((element, wanted) => {
    const scroller = element.closest('.data-table-scroll') ?? element;
    const box = scroller.getBoundingClientRect();
    const left = Math.max(0, box.left);
    const right = Math.min(document.documentElement.clientWidth, box.right);
    const problems: string[] = [];
    for (const selector of wanted) {
      const found = [...element.querySelectorAll<HTMLElement>(selector)];
      if (found.length === 0) problems.push(`${selector}: none`);
      for (const part of found) {
        const rect = part.getBoundingClientRect();
        const name = `${selector} "${part.textContent?.trim().slice(0, 24)}"`;
        if (rect.left < left - 1 || rect.right > right + 1) {
          problems.push(
            `${name} at ${Math.round(rect.left)}–${Math.round(rect.right)} outside ${left}–${right}`,
          );
          continue;
        }
        part.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const again = part.getBoundingClientRect();
        const top = document.elementFromPoint(again.left + again.width / 2, again.top + again.height / 2);
        if (top && !part.contains(top) && !top.contains(part))
          problems.push(`${name} covered by ${top.tagName}`);
      }
    }
    return problems;
  }, selectors);
}

/** Header and first-row cells of each pinned column, and the first rows' buttons in the actions column. */
function keySelectors(table: Locator, list: ListCase) {
  return table.evaluate(
    (element, { rowButtons }) => {
      const headers = [...element.querySelectorAll('thead th')];
      const slots = headers.flatMap((th, slot) => (th.hasAttribute('data-pin') ? [slot + 1] : []));
      return [
        ...slots.map((n) => `thead th:nth-child(${n})`),
        ...slots.map((n) => `tbody tr:nth-child(-n+3) > td:nth-child(${n})`),
        ...(rowButtons ? ['tbody tr:nth-child(-n+3) > td:last-child button'] : []),
      ];
    },
    { rowButtons: !!list.rowButtons },
  );
}

for (const { account, host, lists } of AREAS) {
  const { languages } = siteCapabilities(account.site);
  test.describe(`list layout on ${host}`, () => {
    test.describe.configure({ timeout: 240_000 });
    test.beforeEach(async ({ page }) => {
      await signIn(page, account);
    });

    test(`1366 px: key columns and row buttons stay in view (${languages.join(', ')})`, async ({ page }) => {
      await page.setViewportSize(SCREEN_SIZES.desktop);
      for (const language of languages) {
        for (const list of lists) {
          const table = await openList(page, host, language, list);
          const label = `${host} ${list.name} (${language})`;
          // The definition's key columns are the pinned headers, in the page's language.
          const pinned = list.columns.filter((column) => column.pin).map((column) => column.label[language]);
          expect(pinned.length, `${label}: the definition names its key columns`).toBeGreaterThan(0);
          const pinnedHeaders = await table.locator('thead th[data-pin]').allTextContents();
          for (const header of pinned) {
            expect(
              pinnedHeaders.some((text) => text.startsWith(header)),
              `${label}: ${header} pinned`,
            ).toBe(true);
          }
          const selectors = await keySelectors(table, list);
          expect(await hiddenKeyParts(table, selectors), `${label}, scrolled to the start`).toEqual([]);
          await table.evaluate((element) => {
            const scroller = element.closest('.data-table-scroll');
            if (scroller) scroller.scrollLeft = scroller.scrollWidth;
          });
          expect(await hiddenKeyParts(table, selectors), `${label}, scrolled to the end`).toEqual([]);
        }
      }
    });

    test(`390 px: rows are cards with every column (${languages.join(', ')})`, async ({ page }) => {
      await page.setViewportSize(SCREEN_SIZES.phone);
      for (const language of languages) {
        for (const list of lists) {
          const table = await openList(page, host, language, list);
          const label = `${host} ${list.name} (${language})`;
          const card = await table.evaluate((element) => {
            const row = element.querySelector<HTMLElement>('tbody tr');
            const width = document.documentElement.clientWidth;
            const cells = [...(row?.querySelectorAll<HTMLElement>('td[data-label]') ?? [])];
            return {
              rowDisplay: row ? getComputedStyle(row).display : '',
              labels: cells.map((cell) => cell.dataset.label),
              outside: cells
                .filter((cell) => cell.getBoundingClientRect().right > width + 1)
                .map((cell) => cell.dataset.label),
              pageOverflow: document.documentElement.scrollWidth - width,
            };
          });
          expect(card, label).toEqual({
            rowDisplay: 'block',
            labels: list.columns.map((column) => column.label[language]),
            outside: [],
            pageOverflow: 0,
          });
          if (list.rowButtons) {
            const buttons = await table
              .locator('tbody tr:first-child > td:last-child button')
              .evaluateAll((found) =>
                found.map((button) => Math.round(button.getBoundingClientRect().right)),
              );
            expect(buttons.length, `${label}: row buttons`).toBeGreaterThan(0);
            for (const right of buttons)
              expect(right, `${label}: row buttons on screen`).toBeLessThanOrEqual(390);
          }
        }
      }
    });
  });
}
