import type { Page } from '@playwright/test';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { clientUrl, expect, test, text } from '../client/fixtures.js';
import { withAccountLock } from '../fixtures/account-lock.js';
import { expectAccessible, SCREEN_SIZES } from '../fixtures/axe.js';
import { settledBell, unreadOf } from '../fixtures/bell.js';
import { signIn } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { expectFitsWidth } from './layout-checks.js';

/**
 * The must-show flow of conversations (docs/conversations.md), at 1366 and 390 px: the advisor has Messages open in
 * another browser; the client writes with a PDF attached; the advisor's bell rises and the conversation appears
 * unread without a reload; the advisor opens it (the PDF is there) and replies; the client sees the reply live. Then
 * an advisor writes to a client from the Clients screen. Every screen on the way passes axe and fits its width.
 */

const consultant = demoAccount('consultant');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

async function check(page: Page, label: string) {
  await settled(page);
  await expectAccessible(page, label);
  await expectFitsWidth(page, label);
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test(`a client writes to their advisor with a PDF, the advisor replies, ${size}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const subject = `Question about my statement (${size} ${Date.now()})`;

    // The advisor, in a browser of their own, has Messages open before the client writes.
    const advisorContext = await browser.newContext({ viewport });
    try {
      const advisor = await advisorContext.newPage();
      await withAccountLock(consultant, () => signIn(advisor, consultant));
      await advisor.goto(siteUrl(consultant.site, '/b2b/conversations'));
      await settled(advisor);
      const { bell, unread: before } = await settledBell(advisor);

      await page.goto(clientUrl('en', '/b2c/conversations'));
      await check(page, `client conversations, ${size}`);
      await page.getByRole('button', { name: text('en', 'conversations', 'newMessage') }).click();
      const form = page.getByRole('form', { name: text('en', 'conversations', 'compose.send') });
      await form.getByLabel(text('en', 'conversations', 'compose.subject')).fill(subject);
      await form
        .getByLabel(text('en', 'conversations', 'compose.body'))
        .fill('Please see the attached statement.');
      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF });
      await form.getByRole('button', { name: text('en', 'conversations', 'compose.send') }).click();
      await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(page.getByRole('link', { name: 'statement.pdf' })).toBeVisible();
      await check(page, `client conversation, ${size}`);

      // Without a reload, the advisor's bell rises and the conversation is listed, unread (the list itself is not
      // polled: only the stream's notice makes it ask again). At least one more: the advisor's own sign-in in a new
      // browser may be noticed in the same moments.
      await expect.poll(() => unreadOf(bell), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 1);
      const row = advisor.getByRole('listitem').filter({ hasText: subject });
      await expect(row.locator('.mantine-Badge-root')).toHaveText('1', { timeout: 15_000 });
      await check(advisor, `producer conversations, ${size}`);
      await row.getByRole('link', { name: subject }).click();
      await expect(advisor.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(advisor.getByText('Please see the attached statement.')).toBeVisible();
      const download = advisor.getByRole('link', { name: 'statement.pdf' });
      await expect(download).toBeVisible();
      // Fetched by the page itself: its session cookie and its host (*.localhost resolves in the browser only).
      const file = await advisor.evaluate(
        async (href) => {
          const response = await fetch(href);
          const head = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
          return { status: response.status, head: String.fromCharCode(...head) };
        },
        (await download.getAttribute('href')) ?? '',
      );
      expect(file).toEqual({ status: 200, head: '%PDF-' });
      await check(advisor, `producer conversation, ${size}`);
      const reply = advisor.getByRole('form', { name: text('en', 'conversations', 'compose.send') });
      await reply
        .getByLabel(text('en', 'conversations', 'compose.body'))
        .fill('Thank you, I will look at it today.');
      await reply.getByRole('button', { name: text('en', 'conversations', 'compose.send') }).click();
      await expect(advisor.getByText('Thank you, I will look at it today.')).toBeVisible();
    } finally {
      await advisorContext.close();
    }

    // The client sees the reply live, without a reload: its notification on the stream makes the open thread ask
    // again (the 30-second poll would come later than this wait).
    await expect(page.getByText('Thank you, I will look at it today.')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(text('en', 'conversations', 'read')).first()).toBeVisible();
  });
}

for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
  test(`an advisor writes to a client from the Clients screen, ${size}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const subject = `About your plan (${size} ${Date.now()})`;
    const advisorContext = await browser.newContext({ viewport });
    try {
      const advisor = await advisorContext.newPage();
      await withAccountLock(consultant, () => signIn(advisor, consultant));
      await advisor.goto(siteUrl(consultant.site, '/b2b/clients'));
      await settled(advisor);
      await advisor
        .getByRole('button', { name: /^Details: / })
        .first()
        .click();
      const detail = advisor.getByRole('dialog');
      await detail.getByRole('link', { name: /^Message: / }).click();
      const form = advisor.getByRole('form', { name: text('en', 'conversations', 'compose.send') });
      await expect(advisor.getByTestId('new-conversation-to')).toContainText(/^To: .+ \(AG\d{8}\)/);
      await check(advisor, `new conversation to a client, ${size}`);
      await form.getByLabel(text('en', 'conversations', 'compose.subject')).fill(subject);
      await form
        .getByLabel(text('en', 'conversations', 'compose.body'))
        .fill('Shall we review it next week?');
      await form.getByRole('button', { name: text('en', 'conversations', 'compose.send') }).click();
      await expect(advisor.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(advisor.getByText('Shall we review it next week?')).toBeVisible();
    } finally {
      await advisorContext.close();
    }
  });
}
