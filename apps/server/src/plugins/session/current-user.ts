import type { MeResponse } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { pendingOtpUserId } from './pending-otp.js';
import type { Session } from './plugin.js';
import type { Principal } from './principal.js';
import { findClientSummary, findProducerSummary, findStaffSummary } from './queries.js';

/**
 * The `/me` answer (also the answer of a login): exactly one of the three users when signed in, and the pending
 * one-time-code login if any, until it expires.
 */
export async function getCurrentUser(
  db: Db,
  session: Session,
  principal: Principal | null,
  now: Date = new Date(),
): Promise<MeResponse> {
  const me: MeResponse = {
    currentClient: null,
    currentProducer: null,
    currentStaff: null,
    csrfToken: session.csrfToken,
    otpUserId: principal ? null : pendingOtpUserId(session, now),
  };
  if (principal?.kind === 'client')
    me.currentClient = (await findClientSummary(db, principal.clientId)) ?? null;
  if (principal?.kind === 'producer')
    me.currentProducer = (await findProducerSummary(db, principal.producerId)) ?? null;
  if (principal?.kind === 'staff') me.currentStaff = (await findStaffSummary(db, principal.staffId)) ?? null;
  return me;
}
