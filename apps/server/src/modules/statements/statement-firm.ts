import { SITE_ACCENT, type SiteCode } from '@portal/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { StatementFirm } from '../../render/statement-model.js';
import { selectAllSites } from '../system/index.js';
import type { StatementsContext } from './context.js';

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

/**
 * The sender of a site's statements: name and contact from the site cache's row (no query per statement; the rows
 * are re-read every 30 s), logo colour from the contract.
 */
export function statementFirmOf(sites: StatementsContext['sites'], siteCode: SiteCode): StatementFirm {
  const row = sites.row(siteCode);
  // A refresh that changes the rows replaces the row objects, so a firm kept per row object is never stale.
  const kept = row && firmsByRow.get(row);
  if (kept) return kept;
  const firm = firmOf(row, siteCode);
  if (row) firmsByRow.set(row, firm);
  return firm;
}

const firmsByRow = new WeakMap<object, StatementFirm>();

function firmOf(row: ReturnType<StatementsContext['sites']['row']>, siteCode: SiteCode): StatementFirm {
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

/** The site rows read once, for a statement built outside the app (a script, a benchmark): no refresh, stamp 0. */
export async function sitesReadOnce(db: Db): Promise<StatementsContext['sites']> {
  const rows = new Map((await selectAllSites(db)).map((row) => [row.code, row]));
  return { row: (code) => rows.get(code), stamp: 0 };
}
