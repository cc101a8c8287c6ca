import { externalChromeSchema, type SiteInfo, siteLinksSchema } from '@portal/contract';
import type { HostSite } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findSiteNames } from './queries.js';

const flag = (on: boolean) => (on ? 'true' : 'false') as 'true' | 'false';

/**
 * Site info with the settings the SPA needs from `sites.settings`: `links` (contact us, FAQ, producer portal …;
 * each missing one falls back to the web app's default) and `externalChrome` (afs/ipc partner header and footer).
 * A malformed value is left out rather than passed on, so a typo in the database cannot break the page.
 */
export async function getSiteInfo(db: Db, site: HostSite, backOfficeUrl: string): Promise<SiteInfo> {
  const names = await findSiteNames(db, site.code);
  const settings = names?.settings ?? {};
  const links = siteLinksSchema.safeParse(settings.links ?? {});
  const chrome = externalChromeSchema.safeParse(settings.externalChrome);
  return {
    siteCode: site.code,
    siteName: names?.name ?? site.code.toUpperCase(),
    siteShortName: names?.shortName ?? site.code.toUpperCase(),
    feature: { external: flag(site.features.external), internal: flag(site.features.internal) },
    backOfficeUrl,
    ...(links.success && Object.keys(links.data).length > 0 ? { links: links.data } : {}),
    ...(chrome.success && site.code !== 'absg' ? { externalChrome: chrome.data } : {}),
  };
}
