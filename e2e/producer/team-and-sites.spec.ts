import { expect, type Page, test } from '@playwright/test';
import { siteCapabilities } from '@portal/contract';
import { demoAccount } from '../../apps/server/src/db/seed/demo-accounts.js';
import { expectAccessible } from '../fixtures/axe.js';
import { pageApi } from '../fixtures/sign-in.js';
import { siteUrl } from '../sites.js';
import { listFromApi, openAsProducer, pagerRange } from './helpers.js';

/*
 * The team tree narrows every list to a chosen sub-partner and says so; each site shows its own menu and legend
 * (absg: no Service Records, three stages).
 */

test('choosing a sub-partner from the team tree narrows every list and shows the banner', async ({
  page,
}) => {
  const partner = demoAccount('partner');
  // The partner's own search carries filters; none of them may go out for the sub-partner.
  await openAsProducer(page, partner, '/b2b?keywords=a&stage=all&page=2');
  const whole = await listFromApi(page, '/b2b/new_business');
  const subId = await producerId(page, 'A1002');
  const sub = await listFromApi(page, '/b2b/new_business', { selectedProducerId: subId });
  const searches: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/b2b/new_business')) {
      searches.push(request.postDataJSON() as Record<string, unknown>);
    }
  });

  await page.getByRole('button', { name: 'Open team tree' }).click();
  const drawer = page.getByRole('dialog', { name: 'Team tree' });
  await expect(drawer.getByRole('tree')).toBeVisible();
  await drawer.getByLabel('Search by name or advisor code').fill('A1002');
  await drawer
    .getByRole('button', { name: /Betty Ng/ })
    .first()
    .click();
  await drawer.getByRole('button', { name: 'View with their team' }).click();

  const banner = page.getByText(/Viewing as Betty Ng \(A1002\), with their team/);
  await expect(banner).toBeVisible();
  expect(sub.totalSize).toBeLessThan(whole.totalSize);
  await expect(pagerRange(page)).toHaveText(`1–10 of ${sub.totalSize}`);
  // Exactly one search for the sub-partner, with the defaults (no old keywords, stage or page).
  const forSub = searches.filter((body) => body.selectedProducerId === subId);
  expect(forSub).toHaveLength(1);
  expect(forSub[0]).toMatchObject({ stage: 'nb', page: 1 });
  expect(forSub[0]?.keywords ?? '').toBe('');
  await expectAccessible(page, 'new business viewing as a sub-partner');

  // Every list follows the choice; going back restores the caller's own data.
  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Back to my own data' }).click();
  await expect(banner).toHaveCount(0);
  await page.getByRole('link', { name: 'New Business' }).click();
  await expect(pagerRange(page)).toHaveText(`1–10 of ${whole.totalSize}`);
});

async function producerId(page: Page, code: string): Promise<number> {
  const answer = await pageApi(page, `/b2b/team/search?q=${code}`);
  const { items } = JSON.parse(answer.text) as { items: { id: number; code: string }[] };
  const hit = items.find((h) => h.code === code);
  if (!hit) throw new Error(`no ${code} in ${answer.text}`);
  return hit.id;
}

for (const [site, key] of [
  ['ipc', 'ipcProducer'],
  ['absg', 'absgProducer'],
] as const) {
  test(`${site}: the producer's lists, menu and stage legend`, async ({ page }) => {
    const rules = siteCapabilities(site);
    const account = demoAccount(key);
    await openAsProducer(page, account, '/b2b');
    const nb = await listFromApi(page, '/b2b/new_business', { stage: 'all', sizePerPage: 30 });
    expect(nb.totalSize).toBeGreaterThan(0);
    // Every stage the site holds is one its legend explains.
    for (const item of nb.items as { stage: number }[]) expect(rules.stages).toContain(item.stage);
    const legend = page.getByRole('region', { name: 'Stage legend' }).locator('dt');
    await expect(legend).toHaveCount(rules.stages.length);
    const menu = page.getByRole('navigation').getByRole('link', { name: 'Service Records' });
    await expect(menu).toHaveCount(rules.has('serviceRecords') ? 1 : 0);
    await expectAccessible(page, `${site} new business`);

    await page.goto(siteUrl(site, '/b2b/service_records'));
    if (rules.has('serviceRecords')) await expect(pagerRange(page)).toBeVisible();
    else await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.goto(siteUrl(site, '/b2b/clients'));
    await expect(pagerRange(page)).toBeVisible();
  });
}
