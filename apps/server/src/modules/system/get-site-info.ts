import {
  type ExternalChrome,
  externalChromeSchema,
  type SiteInfo,
  type SiteLinks,
  siteCapabilities,
  siteInfoSchema,
  siteLinksSchema,
} from '@portal/contract';
import type { HostSite } from '../../config.js';
import type { SiteRow } from './queries.js';

const flag = (on: boolean) => (on ? 'true' : 'false') as 'true' | 'false';

/** The parts of `sites.settings` the SPA needs, each checked once when the row is loaded (site-cache.ts). */
export interface SiteSettingsForPages {
  links: SiteLinks | undefined;
  externalChrome: ExternalChrome | undefined;
}

/**
 * `links` (contact us, FAQ, producer portal …; each missing one falls back to the web app's default) and
 * `externalChrome` (afs/ipc partner header and footer). A malformed value is left out rather than passed on, so a
 * typo in the database cannot break the page.
 */
export function pageSettingsOf(row: SiteRow | undefined): SiteSettingsForPages {
  const settings = row?.settings ?? {};
  const links = siteLinksSchema.safeParse(settings.links ?? {});
  const chrome = externalChromeSchema.safeParse(settings.externalChrome);
  return {
    links: links.success && Object.keys(links.data).length > 0 ? links.data : undefined,
    externalChrome: chrome.success ? chrome.data : undefined,
  };
}

/**
 * Site info with the settings the SPA needs from `sites.settings`. A site without a row shows its code as its name.
 * Checked against the contract here, once per site and host kind (the cache keeps the answer), not per request.
 */
export function siteInfoOf(
  row: SiteRow | undefined,
  pageSettings: SiteSettingsForPages,
  site: HostSite,
  backOfficeUrl: string | undefined,
): SiteInfo {
  const { links, externalChrome } = pageSettings;
  return siteInfoSchema.parse({
    siteCode: site.code,
    siteName: row?.name ?? site.code.toUpperCase(),
    siteShortName: row?.shortName ?? site.code.toUpperCase(),
    feature: { external: flag(site.features.external), internal: flag(site.features.internal) },
    ...(backOfficeUrl ? { backOfficeUrl } : {}),
    ...(links ? { links } : {}),
    ...(externalChrome && siteCapabilities(site.code).has('partnerChrome') ? { externalChrome } : {}),
  });
}
