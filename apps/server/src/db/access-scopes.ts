import type { SiteCode } from '@portal/contract';
import { and, eq, or } from 'drizzle-orm';
import { policies } from './schema/index.js';

/**
 * Which plans a client may see: the ones they own or jointly own, on the site of their session. Every feature that
 * answers a client about a plan filters with this one predicate, so the rule cannot drift between features.
 * Served by policies_owner_idx / policies_joint_owner_idx (a bitmap OR).
 */
export function clientPlanScope(clientId: number, siteCode: SiteCode) {
  return and(
    eq(policies.siteCode, siteCode),
    or(eq(policies.ownerClientId, clientId), eq(policies.jointOwnerClientId, clientId)),
  );
}
