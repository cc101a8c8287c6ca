import type { MeResponse, SessionTiming } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { pendingOtpUserId } from './pending-otp.js';
import type { Session } from './plugin.js';
import type { Principal } from './principal.js';
import { findClientSummary, findProducerSummary, findStaffSummary } from './queries.js';

/** Time left in the session, measured from its last recorded activity (idle) and from its start (absolute). */
export function sessionTiming(session: Session, idleMs: number, now: Date): SessionTiming {
  const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));
  return {
    idleTimeoutSeconds: Math.round(idleMs / 1000),
    idleRemainingSeconds: seconds(session.lastSeenAt.getTime() + idleMs - now.getTime()),
    absoluteRemainingSeconds: seconds(session.expiresAt.getTime() - now.getTime()),
  };
}

/** Whom `/me` describes: a session (signed in, or waiting for a one-time code), or a visitor with only a token. */
export type Visitor = Session | { csrfToken: string };

/**
 * The `/me` answer (also the answer of a login): exactly one of the three users when signed in, and the pending
 * one-time-code login if any, until it expires.
 */
export async function getCurrentUser(
  db: Db,
  visitor: Visitor,
  principal: Principal | null,
  now: Date = new Date(),
  /** The idle timeout; given, a signed-in answer tells the page how long the session has left. */
  idleMs?: number,
): Promise<MeResponse> {
  const me: MeResponse = {
    currentClient: null,
    currentProducer: null,
    currentStaff: null,
    csrfToken: visitor.csrfToken,
    otpUserId: principal || !('idHash' in visitor) ? null : pendingOtpUserId(visitor, now),
  };
  if (principal?.kind === 'client')
    me.currentClient = (await findClientSummary(db, principal.clientId)) ?? null;
  if (principal?.kind === 'producer')
    me.currentProducer = (await findProducerSummary(db, principal.producerId)) ?? null;
  if (principal?.kind === 'staff') me.currentStaff = (await findStaffSummary(db, principal.staffId)) ?? null;
  const signedIn = !!(me.currentClient || me.currentProducer || me.currentStaff);
  if (idleMs !== undefined)
    me.session = signedIn && 'idHash' in visitor ? sessionTiming(visitor, idleMs, now) : null;
  return me;
}
