import type { Language } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { auditTeamView, isInTeam, type ProducerCaller } from '../../db/team-scope.js';
import type { Translate } from '../../i18n/index.js';
import { principalAs } from '../../plugins/auth-guards.js';
import { HttpError } from '../../plugins/errors.js';
import type { RenderPool } from '../../render-pool/pool.js';

export interface DetailsContext {
  db: Db;
  config: Config;
  /** The clock "days in the current stage" and the printed-on line read (injected by tests). */
  now: () => Date;
  renderPool: RenderPool;
}

/** Who asks, and in which language the answer is worded (the URL's `{lang}`). */
export interface DetailsRequester {
  caller: ProducerCaller;
  language: Language;
  t: Translate;
}

export function requesterOf(request: FastifyRequest): DetailsRequester {
  const { userId, producerId, siteCode } = principalAs(request, 'producer');
  return { caller: { userId, producerId, siteCode }, language: request.language, t: request.t };
}

/**
 * The access check of every detail route, run before anything of the record is used: the record's producer must
 * be the caller or in the caller's subtree, else 404 exactly like a missing id (the tree's shape does not leak).
 * A look at a team member's record is written to the audit log.
 */
export async function admitRecordOf(
  ctx: DetailsContext,
  who: DetailsRequester,
  record: { producerId: number } | undefined,
  what: string,
  details: Record<string, unknown>,
): Promise<void> {
  if (!record) throw new HttpError(404, 'errors.notFound');
  const own = record.producerId === who.caller.producerId;
  if (!own && !(await isInTeam(ctx.db, who.caller, record.producerId)))
    throw new HttpError(404, 'errors.notFound');
  await auditTeamView(
    ctx.db,
    { caller: who.caller, producerId: record.producerId, viewingOther: !own },
    what,
    details,
  );
}
