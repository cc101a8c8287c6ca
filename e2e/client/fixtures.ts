import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { Language } from '@portal/contract';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { pageApi, signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

export const client = demoAccount('client');

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Client-area tests run signed in as the demo client. The sign-in (with its one-time code) happens once per worker
 * and the session is shared through storageState: the server limits one-time-code verifications per account.
 */
export const test = base.extend<{ page: Page }, { clientState: StorageState }>({
  clientState: [
    async ({ browser }, use, workerInfo) => {
      // Shared by every worker of this run (the output folder is emptied when a run starts): a worker restarted
      // after a failure reuses the session instead of spending another one-time code.
      const cache = join(workerInfo.project.outputDir, '.client-session.json');
      // One worker signs in at a time: two one-time codes to the same mailbox at once cannot be told apart.
      const state = await withAccountLock(client, async () => {
        if (existsSync(cache)) {
          const cached = JSON.parse(readFileSync(cache, 'utf8')) as StorageState;
          if (await stillSignedIn(browser, cached)) return cached;
        }
        const context = await browser.newContext();
        const page = await context.newPage();
        await signIn(page, client);
        const fresh = await context.storageState();
        await context.close();
        writeFileSync(cache, JSON.stringify(fresh));
        return fresh;
      });
      await use(state);
    },
    { scope: 'worker' },
  ],
  page: async ({ browser, clientState }, use) => {
    const context = await browser.newContext({
      storageState: clientState,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect };

async function stillSignedIn(browser: Browser, state: StorageState): Promise<boolean> {
  // A check that fails on a busy machine (a navigation timing out) is tried again: answering "signed out" would
  // spend another one-time code, and the account has five per 15 minutes.
  for (let attempt = 1; ; attempt++) {
    const context = await browser.newContext({ storageState: state });
    try {
      const page = await context.newPage();
      await page.goto(siteUrl(client.site, '/login'));
      const me = await pageApi(page, '/me');
      if (me.status >= 500 && attempt < 3) continue;
      return me.status === 200 && (JSON.parse(me.text) as { currentClient: unknown }).currentClient !== null;
    } catch {
      if (attempt >= 3) return false;
    } finally {
      await context.close();
    }
  }
}

/** The portal under the client's site, in a language: clientUrl('zh', '/b2c') → http://afs.localhost:…/angel/face/zh/b2c. */
export function clientUrl(language: Language, path: string): string {
  return siteUrl(client.site, language === 'en' ? path : `/${language}${path}`);
}

/** A text of the web app's catalogs, for assertions in the page's language. */
export function text(language: Language, namespace: string, key: string): string {
  return catalogText(language, namespace, key);
}
