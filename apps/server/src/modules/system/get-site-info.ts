import type { SiteInfo } from '@portal/contract';
import type { HostSite } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findSiteNames } from './queries.js';

const flag = (on: boolean) => (on ? 'true' : 'false') as 'true' | 'false';

export async function getSiteInfo(db: Db, site: HostSite, backOfficeUrl: string): Promise<SiteInfo> {
  const names = await findSiteNames(db, site.code);
  return {
    siteCode: site.code,
    siteName: names?.name ?? site.code.toUpperCase(),
    siteShortName: names?.shortName ?? site.code.toUpperCase(),
    feature: { external: flag(site.features.external), internal: flag(site.features.internal) },
    backOfficeUrl,
  };
}
