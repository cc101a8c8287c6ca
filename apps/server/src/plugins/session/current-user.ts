import type { MeResponse, SessionTiming } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { MFA_ENROLMENT, pendingMfaMethods, pendingOtpUserId } from './pending-otp.js';
import type { Principal } from './principal.js';
import type { SessionRow as Session } from './queries.js';
import { findClientSummary, findProducerSummary, findStaffSummary, type SummaryRow } from './queries.js';

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

/** The signed-in person as `/me` shows them: at most one of the three, none for a visitor. */
export type UserSummary = Pick<MeResponse, 'currentClient' | 'currentProducer' | 'currentStaff'>;

const NOBODY: UserSummary = { currentClient: null, currentProducer: null, currentStaff: null };

/** The summary of a principal, read with one or two queries of its own (sign-in answers; `/me` has it preloaded). */
export async function loadUserSummary(db: Db, principal: Principal | null): Promise<UserSummary> {
  if (principal?.kind === 'client')
    return { ...NOBODY, currentClient: (await findClientSummary(db, principal.clientId)) ?? null };
  if (principal?.kind === 'producer')
    return { ...NOBODY, currentProducer: (await findProducerSummary(db, principal.producerId)) ?? null };
  if (principal?.kind === 'staff')
    return { ...NOBODY, currentStaff: (await findStaffSummary(db, principal.staffId)) ?? null };
  return NOBODY;
}

/**
 * The same summary from the columns findSessionWithSummary read beside the session. Only the principal's own kind
 * counts, and a missing person row (deleted under a live session) reads as not signed in, as loadUserSummary does.
 */
export function summaryFromRow(principal: Principal | null, row: SummaryRow): UserSummary {
  if (principal?.kind === 'client' && row.clientName !== null)
    return { ...NOBODY, currentClient: { name: row.clientName, messageCount: row.unreadMessages ?? 0 } };
  if (principal?.kind === 'producer' && row.producerId !== null) {
    return {
      ...NOBODY,
      currentProducer: {
        name: row.producerName as string,
        fullName: row.producerFullName as string,
        producerId: row.producerId,
        hasCommissionPermission: row.hasCommissionPermission as boolean,
        hasBvReportPermission: row.hasBvReportPermission as boolean,
        hasTrainingHistoryReportPermission: row.hasTrainingHistoryReportPermission as boolean,
        hasAvenueB2bLogin: row.hasAvenueB2bLogin as boolean,
      },
    };
  }
  if (principal?.kind === 'staff' && row.staffName !== null)
    return { ...NOBODY, currentStaff: { name: row.staffName, menus: row.staffMenus ?? [] } };
  return NOBODY;
}

/**
 * The `/me` answer (also the answer of a login): exactly one of the three users when signed in, and the pending
 * one-time-code login if any, until it expires. Given `summary` (the session hook read it), no query runs.
 */
export async function getCurrentUser(
  db: Db,
  visitor: Visitor,
  principal: Principal | null,
  now: Date = new Date(),
  /** The idle timeout; given, a signed-in answer tells the page how long the session has left. */
  idleMs?: number,
  summary?: UserSummary | null,
): Promise<MeResponse> {
  const person = summary ?? (await loadUserSummary(db, principal));
  const me: MeResponse = {
    ...person,
    csrfToken: visitor.csrfToken,
    otpUserId: principal || !('idHash' in visitor) ? null : pendingOtpUserId(visitor, now),
  };
  if ('idHash' in visitor) {
    // Whatever the second factor due: the authenticator's methods, or the e-mailed code of a pending login.
    if (me.otpUserId != null) {
      const methods = pendingMfaMethods(visitor) ?? ['email'];
      me.mfa = { methods: methods as NonNullable<MeResponse['mfa']>['methods'] };
    }
    if (principal && visitor.data?.[MFA_ENROLMENT] === true) me.mfaEnrolmentRequired = true;
  }
  const signedIn = !!(me.currentClient || me.currentProducer || me.currentStaff);
  if (idleMs !== undefined)
    me.session = signedIn && 'idHash' in visitor ? sessionTiming(visitor, idleMs, now) : null;
  return me;
}
