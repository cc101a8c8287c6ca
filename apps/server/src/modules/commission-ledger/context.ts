import type { Language } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { QueryInBatches } from '../../db/query-in-batches.js';
import { producers } from '../../db/schema/index.js';
import {
  auditTeamView,
  type ProducerCaller,
  resolveTeamScope,
  type TeamScope,
  type TeamScopeRequest,
} from '../../db/team-scope.js';
import type { Translate } from '../../i18n/index.js';
import { principalAs } from '../../plugins/auth-guards.js';
import { HttpError } from '../../plugins/errors.js';
import type { RenderPool } from '../../render-pool/pool.js';

export interface LedgerContext {
  db: Db;
  now: () => Date;
  renderPool: RenderPool;
  queryInBatches: QueryInBatches;
}

export interface LedgerRequester {
  caller: ProducerCaller;
  language: Language;
  t: Translate;
}

export function ledgerRequesterOf(request: FastifyRequest): LedgerRequester {
  const { userId, producerId, siteCode } = principalAs(request, 'producer');
  return { caller: { userId, producerId, siteCode }, language: request.language, t: request.t };
}

/**
 * The access check of every ledger call, before anything is read: the caller holds the commission permission (read
 * fresh, so a revoked permission refuses at once: 403), and the producer chosen from the team tree is in their
 * subtree (else 404, like an id that does not exist). A look at a team member's ledger is written to the audit log.
 */
export async function ledgerScope(
  ctx: LedgerContext,
  who: LedgerRequester,
  request: TeamScopeRequest,
  what: string,
): Promise<TeamScope> {
  await requireCommissionPermission(ctx.db, who.caller);
  const scope = await resolveTeamScope(ctx.db, who.caller, request);
  await auditTeamView(ctx.db, scope, what);
  return scope;
}

export async function requireCommissionPermission(db: Db, caller: ProducerCaller): Promise<void> {
  const [row] = await db
    .select({ allowed: producers.hasCommissionPermission, active: producers.isActive })
    .from(producers)
    .where(eq(producers.id, caller.producerId))
    .limit(1);
  if (!row?.allowed || !row.active) throw new HttpError(403, 'ledger.noPermission');
}
