import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sites } from '../../db/schema/index.js';

/** Every site row (three today): the site cache holds them all. */
export async function selectAllSites(db: Db) {
  return db
    .select({ code: sites.code, name: sites.name, shortName: sites.shortName, settings: sites.settings })
    .from(sites)
    .orderBy(asc(sites.code));
}

export type SiteRow = Awaited<ReturnType<typeof selectAllSites>>[number];
