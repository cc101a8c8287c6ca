import type { Language, PlanListResponse } from '@portal/contract';
import { domainWords } from '../../render/domain-texts.js';
import type { ClientAreaContext, ClientRef } from './context.js';
import { selectClientPlans } from './queries.js';

/**
 * My Plan: every plan the client owns or co-owns, statuses worded in `language`. The web sorts and groups; default
 * order is category, plan no.
 */
export async function listPlans(
  ctx: ClientAreaContext,
  client: ClientRef,
  language: Language,
): Promise<PlanListResponse> {
  const words = domainWords(language);
  const rows = await selectClientPlans(ctx.db, client.clientId, client.siteCode);
  const data = rows.map((row) => ({
    ...row,
    policyStatus: words.policyStatus(row.policyStatusCode, row.policyStatus),
  }));
  return { data: data as PlanListResponse['data'] };
}
