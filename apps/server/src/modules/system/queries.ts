import type { SiteCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sites } from '../../db/schema/index.js';

export async function findSiteNames(db: Db, code: SiteCode) {
  const [row] = await db
    .select({ name: sites.name, shortName: sites.shortName, settings: sites.settings })
    .from(sites)
    .where(eq(sites.code, code))
    .limit(1);
  return row;
}
