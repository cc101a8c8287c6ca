import type { PlanListResponse } from '@portal/contract';
import type { ClientAreaContext, ClientRef } from './context.js';
import { selectClientPlans } from './queries.js';

/** My Plan: every plan the client owns or co-owns. The web sorts and groups; default order is category, plan no. */
export async function listPlans(ctx: ClientAreaContext, client: ClientRef): Promise<PlanListResponse> {
  const rows = await selectClientPlans(ctx.db, client.clientId, client.siteCode);
  return { data: rows as PlanListResponse['data'] };
}
