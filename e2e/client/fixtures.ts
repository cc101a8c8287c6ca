import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { Language } from '@portal/contract';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { catalogText } from '../catalogs.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';

export const client = demoAccount('client');

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Client-area tests run signed in as the demo client. The sign-in (with its one-time code) happens once per worker
 * and the session is shared through storageState: the server limits one-time-code verifications per account.
 */
export const test = base.extend<{ page: Page }, { clientState: StorageState }>({
  clientState: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, client);
      const state = await context.storageState();
      await context.close();
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

/** The portal under the client's site, in a language: clientUrl('zh', '/b2c') → http://afs.localhost:…/angel/face/zh/b2c. */
export function clientUrl(language: Language, path: string): string {
  return siteUrl(client.site, language === 'en' ? path : `/${language}${path}`);
}

/** A text of the web app's catalogs, for assertions in the page's language. */
export function text(language: Language, namespace: string, key: string): string {
  return catalogText(language, namespace, key);
}
