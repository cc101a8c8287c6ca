import type { SiteCode } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { clients, policies } from '../../db/schema/index.js';
import { containsPattern } from '../../lists/index.js';

/*
 * Keyword matches on related tables, written as `column = any(array(select id …))`: the subquery runs once (an
 * InitPlan served by the trigram indexes on clients.full_name / client_no and policies.plan_no / insured_name), and
 * its ids can then drive an index scan inside a BitmapOr with the list's own trigram columns. A correlated EXISTS
 * would be evaluated per candidate row instead.
 */

/*
 * A small scope (TeamScope.small: a producer or a small team, a few hundred rows) checks its own rows one by one
 * instead: `exists (… where id = <the row's column> …)` is a primary-key probe per row. Collecting the matches across
 * the site first cost 15–100 ms per statement at a million plans whatever the scope (docs/performance.md); per row,
 * a whole team of 90 000 rows would cost seconds, hence the two forms.
 */

/** Per row: whether the client `clientId` has a name or AG number containing the pattern. */
export function clientMatches(siteCode: SiteCode, pattern: string, clientId: SQL | PgColumn): SQL {
  return sql`exists (select 1 from ${clients} where ${clients.id} = ${clientId} and ${clients.siteCode} = ${siteCode}
    and (${clients.fullName} ilike ${pattern} or ${clients.clientNo} ilike ${pattern}))`;
}

/** Per row: whether the plan `policyId` has a number, insured, owner name or owner AG number containing the pattern. */
export function planMatches(siteCode: SiteCode, pattern: string, policyId: SQL | PgColumn): SQL {
  return sql`exists (select 1 from ${policies} where ${policies.id} = ${policyId} and ${policies.siteCode} = ${siteCode}
    and (${policies.planNo} ilike ${pattern} or ${policies.insuredName} ilike ${pattern}
      or ${clientMatches(siteCode, pattern, policies.ownerClientId)}))`;
}

/**
 * Trigram indexes serve patterns of 3 characters or more. A shorter keyword matches a large share of the site (every
 * name with "Ho"): its ids are then a hashed `in (select …)` — one hash probe per row — because a long
 * `= any(array)` is searched element by element for every row (seconds to minutes at a million plans).
 */
const TRIGRAM_LENGTH = 3;

function idIn(column: SQL | PgColumn, ids: SQL, keywords: string): SQL {
  return keywords.length < TRIGRAM_LENGTH ? sql`${column} in (${ids})` : sql`${column} = any(array(${ids}))`;
}

/** `column` is the id of a site client whose name or AG number (client_no) contains the keywords. */
export function clientIdMatches(siteCode: SiteCode, keywords: string, column: SQL | PgColumn): SQL {
  const pattern = containsPattern(keywords);
  return idIn(
    column,
    sql`select ${clients.id} from ${clients} where ${clients.siteCode} = ${siteCode}
      and (${clients.fullName} ilike ${pattern} or ${clients.clientNo} ilike ${pattern})`,
    keywords,
  );
}

/** `column` is the id of a site plan whose number or insured, or whose owner's name or AG number, contains them. */
export function planIdMatches(siteCode: SiteCode, keywords: string, column: SQL | PgColumn): SQL {
  const pattern = containsPattern(keywords);
  return idIn(
    column,
    sql`select ${policies.id} from ${policies} where ${policies.siteCode} = ${siteCode}
      and (${policies.planNo} ilike ${pattern} or ${policies.insuredName} ilike ${pattern}
        or ${clientIdMatches(siteCode, keywords, policies.ownerClientId)})`,
    keywords,
  );
}
