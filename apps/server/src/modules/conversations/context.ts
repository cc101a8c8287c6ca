import type { SiteCode } from '@portal/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Notifier } from '../../notifications/index.js';
import { principalAs } from '../../plugins/auth-guards.js';
import type { RateLimiter } from '../../plugins/rate-limit/index.js';

/** What the conversation use cases need. */
export interface ConversationsContext {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  notifier: Notifier;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The signed-in person a conversation request speaks for: a client, or a producer (optionally looking at a team
 * member's conversations through "viewing as", which reads but never writes).
 */
export type Asker =
  | { kind: 'client'; userId: number; clientId: number; siteCode: SiteCode }
  | {
      kind: 'producer';
      userId: number;
      producerId: number;
      siteCode: SiteCode;
      /** The team member chosen in "viewing as"; undefined while producers look at their own. */
      viewingAs?: number;
    };

/** The asker from the session (routes are guarded to clients and producers before this runs). */
export function askerOf(request: FastifyRequest, viewingAs?: number): Asker {
  if (request.principal?.kind === 'client') {
    const { userId, clientId, siteCode } = principalAs(request, 'client');
    return { kind: 'client', userId, clientId, siteCode };
  }
  const { userId, producerId, siteCode } = principalAs(request, 'producer');
  return {
    kind: 'producer',
    userId,
    producerId,
    siteCode,
    ...(viewingAs !== undefined && viewingAs !== producerId ? { viewingAs } : {}),
  };
}
