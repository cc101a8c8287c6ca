import type { SiteCode } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { clients, policies } from '../../db/schema/index.js';

/*
 * Keyword matches on related tables, written as `column = any(array(select id …))`: the subquery runs once (an
 * InitPlan served by the trigram indexes on clients.full_name / client_no and policies.plan_no / insured_name), and
 * its ids can then drive an index scan inside a BitmapOr with the list's own trigram columns. A correlated EXISTS
 * would be evaluated per candidate row instead.
 */

/** Ids of the site's clients whose name or AG number (client_no) contains the ILIKE pattern. */
export function clientIdsMatching(siteCode: SiteCode, pattern: string): SQL {
  return sql`array(select ${clients.id} from ${clients} where ${clients.siteCode} = ${siteCode}
    and (${clients.fullName} ilike ${pattern} or ${clients.clientNo} ilike ${pattern}))`;
}

/** Ids of the site's plans whose number or insured, or whose owner's name or AG number, contains the pattern. */
export function planIdsMatching(siteCode: SiteCode, pattern: string): SQL {
  return sql`array(select ${policies.id} from ${policies} where ${policies.siteCode} = ${siteCode}
    and (${policies.planNo} ilike ${pattern} or ${policies.insuredName} ilike ${pattern}
      or ${policies.ownerClientId} = any(${clientIdsMatching(siteCode, pattern)})))`;
}
