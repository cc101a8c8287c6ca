import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { DemoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { pageApi, signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

/** Signs a producer in and opens a producer screen (path under /angel/face, e.g. '/b2b/clients'). */
export async function openAsProducer(page: Page, account: DemoAccount, path: string): Promise<void> {
  await signIn(page, account);
  await page.goto(siteUrl(account.site, path));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** A list call made from the page with its session, as the SPA makes it: `{ items, totalSize }`. */
export async function listFromApi(
  page: Page,
  path: string,
  criteria: Record<string, unknown> = {},
  language = 'en',
): Promise<{ items: Record<string, unknown>[]; totalSize: number; totalIsLowerBound: boolean }> {
  const me = JSON.parse((await pageApi(page, '/me')).text) as { csrfToken: string };
  const answer = await pageApi(page, path, {
    method: 'POST',
    body: criteria,
    csrfToken: me.csrfToken,
    language,
  });
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text);
}

/** The pager's "n–m of total" text of the list on screen. */
export function pagerRange(page: Page) {
  return page.getByText(/^\d+–\d+ of [\d,]+\+?$|^0 of \d+$/);
}

/** Clicks a button that downloads a file and returns the file's first sheet, read back with exceljs. */
export async function downloadSheet(page: Page, buttonName: string | RegExp) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName }).click(),
  ]);
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return { sheet: workbook.worksheets[0] as ExcelJS.Worksheet, fileName: download.suggestedFilename(), path };
}

/** Header texts of a sheet's first row. */
export const sheetHeaders = (sheet: ExcelJS.Worksheet) =>
  (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v));
