import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  availableReportTypes,
  REPORT_DEFINITIONS,
  type ReportDefinition,
  type ReportType,
} from '@portal/contract';
import type ExcelJS from 'exceljs';
import { type DemoAccount, demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { pageApi } from '../fixtures/sign-in.js';
import { downloadSheet, openAsProducer, sheetHeaders } from './helpers.js';

/*
 * Every report of every site (docs/reports.md), as that site's demo producer, previewed on the Reports screen and
 * exported; the workbook read back (headers, rows = the preview's count, typed date and amount cells) and opened by
 * LibreOffice (all of a site's workbooks in one LibreOffice run).
 */

const PERMISSIONS: Record<string, { bv: boolean; training: boolean }> = {
  partner: { bv: true, training: true },
  consultant: { bv: false, training: false },
};

function typesOf(account: DemoAccount, key: string): ReportType[] {
  const perms = PERMISSIONS[key] ?? { bv: false, training: false };
  return availableReportTypes(account.site, {
    hasBvReportPermission: perms.bv,
    hasTrainingHistoryReportPermission: perms.training,
  });
}

const definitionOf = (type: ReportType): ReportDefinition => {
  const definition = REPORT_DEFINITIONS[type];
  if (!definition) throw new Error(`report ${type} has no definition`);
  return definition;
};

/** Chooses a report in the picker, runs it and returns the row count the preview shows. */
async function runReport(page: Page, type: ReportType): Promise<number> {
  const definition = definitionOf(type);
  await page.getByLabel('Report', { exact: true }).selectOption(String(type));
  // A report that needs a period (13, 14) gets the demo data's two years; the others run with their defaults.
  if (definition.required.includes('dateFrom')) {
    for (const [field, value] of [
      ['Date from', '2025/01/01'],
      ['Date to', '2026/12/31'],
    ] as const) {
      // Typed as digits: the date mask puts the slashes in.
      const input = page.getByRole('textbox', { name: field, exact: true });
      await input.pressSequentially(value.replaceAll('/', ''));
      await expect(input).toHaveValue(value);
    }
  }
  await page.getByRole('button', { name: 'Run report' }).click();
  const table = page.getByRole('table', { name: `${definition.title.en}: preview` });
  await expect(table).toBeVisible();
  const count = page.getByText(/^[\d,]+\+? rows?$/);
  await expect(count).toBeVisible();
  const text = (await count.textContent()) ?? '';
  expect(text, `report ${type} is capped, not exportable directly`).not.toContain('+');
  return Number(text.replace(/[^\d]/g, ''));
}

/**
 * LibreOffice headless converts every workbook of one site to CSV in one run (one start of LibreOffice, not one per
 * report): each converts, and each CSV holds its report's first header.
 */
function convertWithLibreOffice(workbooks: { path: string; type: ReportType; firstHeader: string }[]): void {
  const out = mkdtempSync(join(tmpdir(), 'report-lo-'));
  const inputs = workbooks.map(({ path, type }) => {
    const named = join(out, `report-${type}.xlsx`);
    copyFileSync(path, named);
    return named;
  });
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${out}/profile`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76',
      '--outdir',
      out,
      ...inputs,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  for (const { type, firstHeader } of workbooks) {
    const csv = join(out, `report-${type}.csv`);
    expect(existsSync(csv), `LibreOffice wrote a CSV of report ${type}`).toBe(true);
    expect(readFileSync(csv, 'utf8'), `report ${type}`).toContain(firstHeader);
  }
}

/** Checks typed cells: the first non-empty date cell is a Date, the first non-empty amount cell a number. */
function expectTypedCells(sheet: ExcelJS.Worksheet, definition: ReportDefinition): void {
  for (const kind of ['date', 'amount'] as const) {
    const index = definition.columns.findIndex((c) => c.kind === kind);
    if (index < 0) continue;
    let checked = false;
    for (let r = 2; r <= sheet.rowCount && !checked; r++) {
      const value = sheet.getRow(r).getCell(index + 1).value;
      if (value === null || value === undefined || value === '') continue;
      if (kind === 'date') expect(value, `${definition.name} row ${r} date`).toBeInstanceOf(Date);
      else expect(typeof value, `${definition.name} row ${r} amount`).toBe('number');
      checked = true;
    }
  }
}

const ACCOUNTS = [
  { key: 'partner', name: 'afs partner (every permission)' },
  { key: 'ipcProducer', name: 'ipc partner' },
  { key: 'absgProducer', name: 'absg advisor' },
] as const;

for (const { key, name } of ACCOUNTS) {
  test(`${name}: every report of the site previewed and exported`, async ({ page }) => {
    test.setTimeout(300_000);
    const account = demoAccount(key);
    const types = typesOf(account, key);
    await openAsProducer(page, account, '/b2b/reports');
    const picker = page.getByLabel('Report', { exact: true });
    const offered = await picker
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)));
    expect(offered).toEqual(types);
    const workbooks: { path: string; type: ReportType; firstHeader: string }[] = [];
    for (const type of types) {
      const definition = definitionOf(type);
      const count = await runReport(page, type);
      expect(count, `${definition.title.en} has rows for ${account.login}`).toBeGreaterThan(0);
      if (type === types[0]) {
        for (const size of Object.values(SCREEN_SIZES)) {
          await page.setViewportSize(size);
          await expectAccessible(page, `reports ${type} ${size.width}px`);
        }
      }
      const { sheet, fileName, path } = await downloadSheet(page, 'Export to Excel');
      expect(fileName).toMatch(/\.xlsx$/);
      expect(sheetHeaders(sheet)).toEqual(definition.columns.map((c) => c.label.en));
      expect(sheet.actualRowCount - 1, `${definition.title.en}: exported rows = preview count`).toBe(count);
      expectTypedCells(sheet, definition);
      workbooks.push({ path, type, firstHeader: definition.columns[0]?.label.en ?? '' });
    }
    convertWithLibreOffice(workbooks);
  });
}

test('a consultant without permissions sees neither Commissions nor types 13, 14, 201; the server refuses them', async ({
  page,
}) => {
  const account = demoAccount('consultant');
  await openAsProducer(page, account, '/b2b/reports');
  const offered = await page
    .getByLabel('Report', { exact: true })
    .locator('option:not([disabled])')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  for (const hidden of ['13', '14', '201']) expect(offered).not.toContain(hidden);
  await expect(page.getByRole('link', { name: 'Commissions' })).toHaveCount(0);
  const me = JSON.parse((await pageApi(page, '/me')).text) as {
    csrfToken: string;
    currentProducer: { producerId: number };
  };
  for (const reportType of [13, 14, 201]) {
    const preview = await pageApi(page, '/b2b/reports', {
      method: 'POST',
      body: { reportType, page: 1, sizePerPage: 10 },
      csrfToken: me.csrfToken,
    });
    expect(preview.status, `preview of type ${reportType}`).toBe(403);
    const exported = await pageApi(page, `/b2b/report_export?reportType=${reportType}`);
    expect(exported.status, `export of type ${reportType}`).toBe(403);
  }
  const statements = await pageApi(page, `/b2b/commissions/list_statement/${me.currentProducer.producerId}`);
  expect(statements.status).toBe(403);
});
