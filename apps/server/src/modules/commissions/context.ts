import type { Language } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { producers } from '../../db/schema/index.js';
import { auditTeamView, isInTeam, type ProducerCaller } from '../../db/team-scope.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import { principalAs } from '../../plugins/auth-guards.js';
import type { RenderPool } from '../../render-pool/pool.js';

export interface CommissionsContext {
  db: Db;
  /** The clock of the six-month window and the printed-on line (injected by tests). */
  now: () => Date;
  renderPool: RenderPool;
}

export interface CommissionsRequester {
  caller: ProducerCaller;
  language: Language;
  t: Translate;
}

export function requesterOf(request: FastifyRequest): CommissionsRequester {
  const { userId, producerId, siteCode } = principalAs(request, 'producer');
  return { caller: { userId, producerId, siteCode }, language: request.language, t: request.t };
}

/**
 * A refusal of the commission routes, answered as the original front end expects commission answers: `{ errors: { base:
 * [message] } }` with this status (routes.ts turns it into the answer).
 */
export class CommissionRefusal extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 404,
    readonly messageKey: MessageKey,
  ) {
    super(messageKey);
  }
}

/**
 * The access check of both routes, before anything else is read: the caller must hold the commission permission
 * (else 403, read fresh from the database so a revoked permission takes effect at once), and the producer asked for
 * must be the caller or in the caller's subtree (else 404, like an id that does not exist). A look at a team
 * member's statements is written to the audit log.
 */
export async function admitProducer(
  ctx: CommissionsContext,
  who: CommissionsRequester,
  producerId: number,
  what: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const [caller] = await ctx.db
    .select({ allowed: producers.hasCommissionPermission, active: producers.isActive })
    .from(producers)
    .where(eq(producers.id, who.caller.producerId))
    .limit(1);
  if (!caller?.allowed || !caller.active) throw new CommissionRefusal(403, 'commissions.noPermission');
  const viewingOther = producerId !== who.caller.producerId;
  if (viewingOther && !(await isInTeam(ctx.db, who.caller, producerId)))
    throw new CommissionRefusal(404, 'commissions.producerNotFound');
  await auditTeamView(ctx.db, { caller: who.caller, producerId, viewingOther }, what, details);
}
