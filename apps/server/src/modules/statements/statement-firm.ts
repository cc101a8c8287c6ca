import { SITE_ACCENT, type SiteCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { sites } from '../../db/schema/identity.js';
import type { StatementFirm } from '../../render/statement-model.js';

/**
 * The letterhead a site may carry in `sites.settings.letterhead` (jsonb), beside `contactEmail`:
 *   { address: string[], phone: string, website: string }
 * Every key is optional and a malformed one is left out, so a typo in the database drops a line of the letterhead
 * instead of failing every statement.
 */
const letterheadSchema = z.object({
  address: z.array(z.string().min(1)).max(6).catch([]),
  phone: z.string().min(1).nullable().catch(null),
  website: z.string().min(1).nullable().catch(null),
});

/** The sender of a site's statements: name and contact from the sites table, logo colour from the contract. */
export async function loadStatementFirm(db: Db, siteCode: SiteCode): Promise<StatementFirm> {
  const [row] = await db
    .select({ name: sites.name, shortName: sites.shortName, settings: sites.settings })
    .from(sites)
    .where(eq(sites.code, siteCode))
    .limit(1);
  const settings = row?.settings ?? {};
  const letterhead = letterheadSchema.parse({
    address: [],
    phone: null,
    website: null,
    ...(typeof settings.letterhead === 'object' && settings.letterhead !== null ? settings.letterhead : {}),
  });
  return {
    siteCode,
    name: row?.name ?? siteCode.toUpperCase(),
    shortName: row?.shortName || siteCode.toUpperCase(),
    accent: SITE_ACCENT[siteCode],
    address: letterhead.address,
    phone: letterhead.phone,
    email: typeof settings.contactEmail === 'string' && settings.contactEmail ? settings.contactEmail : null,
    website: letterhead.website,
  };
}
