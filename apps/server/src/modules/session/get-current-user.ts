import type { MeResponse } from '@portal/contract';
import type { Db } from '../../db/client.js';
import type { Session } from '../../plugins/session/plugin.js';
import type { Principal } from '../../plugins/session/principal.js';
import { findClientSummary, findProducerSummary, findStaffSummary } from './queries.js';

/** The `/me` answer: exactly one of the three users when signed in, and the pending one-time-code login if any. */
export async function getCurrentUser(
  db: Db,
  session: Session,
  principal: Principal | null,
): Promise<MeResponse> {
  const me: MeResponse = {
    currentClient: null,
    currentProducer: null,
    currentStaff: null,
    csrfToken: session.csrfToken,
    otpUserId: principal ? null : (session.otpUserId ?? null),
  };
  if (principal?.kind === 'client')
    me.currentClient = (await findClientSummary(db, principal.clientId)) ?? null;
  if (principal?.kind === 'producer')
    me.currentProducer = (await findProducerSummary(db, principal.producerId)) ?? null;
  if (principal?.kind === 'staff') me.currentStaff = (await findStaffSummary(db, principal.staffId)) ?? null;
  return me;
}
