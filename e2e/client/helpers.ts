import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import type { Language, PlanDetail, PlanListItem } from '@portal/contract';
import { isTerminatedStatus } from '@portal/contract';
import { expectScreenComplete } from '../fixtures/screen-checks.js';
import { pageApi } from '../fixtures/sign-in.js';
import { clientUrl } from './fixtures.js';

/** The client's API, called from inside the page with its session (as the SPA would). */
export async function apiGet<T>(page: Page, path: string, language: Language = 'en'): Promise<T> {
  const answer = await pageApi(page, path, { language });
  expect(answer.status, `${path} answered ${answer.status}`).toBe(200);
  return JSON.parse(answer.text) as T;
}

export interface DemoPlans {
  /** Active life-investment plan with assets selection, holdings and statements. */
  withAssets: PlanDetail;
  /** Active plan without assets selection (asking for that tab falls back to Overview). */
  withoutAssets: PlanDetail;
  /** A plan in a terminated status (no Form Download tab). */
  terminated: PlanDetail;
  /** An active plan whose forms lookup finds none (the Form Download tab is hidden). */
  withoutForms: PlanDetail;
  /** Plan ids whose forms lookup finds forms. */
  withForms: Set<number>;
  all: PlanListItem[];
}

/** Picks the demo client's plans for each tab rule from the data itself, not from hard-coded ids. */
export async function demoPlans(page: Page): Promise<DemoPlans> {
  if (!page.url().startsWith('http')) await page.goto(clientUrl('en', '/b2c'));
  const { data: all } = await apiGet<{ data: PlanListItem[] }>(page, '/b2c/plans');
  const details = await Promise.all(all.map((plan) => apiGet<PlanDetail>(page, `/b2c/plans/${plan.id}`)));
  // A plan without forms answers an empty list (not a 404 that the browser would log).
  const formCounts = await Promise.all(
    details.map(async (plan) => {
      const answer = await pageApi(page, `/b2c/plans/${plan.id}/forms`);
      const count = answer.status === 200 ? (JSON.parse(answer.text) as { data: unknown[] }).data.length : 0;
      return [plan.id, count] as const;
    }),
  );
  const withForms = new Set(formCounts.filter(([, count]) => count > 0).map(([id]) => id));
  const find = (what: string, test: (plan: PlanDetail) => boolean) => {
    const plan = details.find(test);
    if (!plan) throw new Error(`the demo client has no ${what} plan`);
    return plan;
  };
  return {
    withAssets: find(
      'assets selection',
      (p) => p.isShowAssetsSelection && !p.isTerminated && p.holdings.length > 0 && withForms.has(p.id),
    ),
    withoutAssets: find('plain', (p) => !p.isShowAssetsSelection && !p.isTerminated && withForms.has(p.id)),
    withoutForms: find('formless', (p) => !p.isTerminated && !withForms.has(p.id)),
    withForms,
    terminated: find('terminated', (p) => isTerminatedStatus(p.policyStatusCode)),
    all,
  };
}

/**
 * Clicks something that opens a download in a new window and returns the URL that window asked for. The file is
 * then fetched with the same session (page.request), whether the server sends it inline or as an attachment.
 */
export async function newWindowRequest(page: Page, trigger: Locator): Promise<string> {
  // Listen on the whole context before clicking: the new window may ask for its URL before we hold it.
  const requests: Request[] = [];
  const record = (request: Request) => requests.push(request);
  page.context().on('request', record);
  try {
    const popupPromise = page.waitForEvent('popup');
    await trigger.click();
    const popup = await popupPromise;
    const fromPopup = () =>
      requests.find((request) => {
        try {
          return request.frame().page() === popup;
        } catch {
          return false;
        }
      });
    await expect.poll(() => fromPopup()?.url() ?? '', { timeout: 10_000 }).not.toBe('');
    const url = fromPopup()?.url() ?? '';
    await popup.close().catch(() => {});
    return url;
  } finally {
    page.context().off('request', record);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'client-e2e-'));

/**
 * Clicks something that fetches a file inside the page and hands it to the browser's download (long bundles), and
 * keeps the saved file. Answers the API request the page made, the file and the name the browser was given.
 */
export async function pageDownload(page: Page, trigger: Locator, apiPath: RegExp, name: string) {
  const request = page.waitForRequest((r) => apiPath.test(new URL(r.url()).pathname));
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await trigger.click();
  const [sent, saved] = await Promise.all([request, download]);
  const file = join(scratch, name);
  await saved.saveAs(file);
  return { url: sent.url(), file, suggestedName: saved.suggestedFilename() };
}

/** Fetches a file with the page's session (inside the page) and keeps it on disk. */
export async function fetchFile(page: Page, url: string, name: string) {
  const answer = await page.evaluate(async (target) => {
    const response = await fetch(target, { credentials: 'include' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return {
      status: response.status,
      base64: btoa(binary),
      contentType: response.headers.get('content-type') ?? '',
      disposition: response.headers.get('content-disposition') ?? '',
    };
  }, url);
  expect(answer.status, `${url} answered ${answer.status}`).toBe(200);
  const file = join(scratch, name);
  writeFileSync(file, Buffer.from(answer.base64, 'base64'));
  return { file, contentType: answer.contentType, disposition: answer.disposition };
}

/** A PDF's text as poppler reads it. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The file names inside a ZIP archive. */
export function zipEntries(file: string): string[] {
  return execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** Checks what a picture of the screen must show (fixtures/screen-checks.ts); it used to only save one to /tmp. */
export async function snapshot(page: Page, name: string) {
  await expectScreenComplete(page, name);
}
