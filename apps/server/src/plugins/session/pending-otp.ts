import type { SessionRow } from './queries.js';

/**
 * A login that passed its password check and waits for a one-time code lives in the session: `otpUserId`, and in
 * `data.otpPendingUntil` (ISO time) when the wait ends. After that the person starts again from the login form.
 */
export const OTP_PENDING_UNTIL = 'otpPendingUntil';

export function pendingOtpUserId(session: Pick<SessionRow, 'otpUserId' | 'data'>, now: Date): number | null {
  if (session.otpUserId == null) return null;
  const until = session.data?.[OTP_PENDING_UNTIL];
  if (typeof until !== 'string') return null;
  return new Date(until).getTime() > now.getTime() ? session.otpUserId : null;
}

/**
 * A login that passed its password and waits for a strong second factor (authenticator or recovery code) rather
 * than an e-mailed code: `data.mfaPending` holds the methods offered, beside the same otpUserId and deadline.
 */
export const MFA_PENDING = 'mfaPending';

export function pendingMfaMethods(session: Pick<SessionRow, 'data'>): string[] | null {
  const methods = session.data?.[MFA_PENDING];
  return Array.isArray(methods) ? methods.filter((m): m is string => typeof m === 'string') : null;
}

/** ISO time of the session's last second-factor check: sensitive changes need one within STEP_UP_MINUTES. */
export const STEP_UP_AT = 'stepUpAt';

/**
 * Set on a session signed in with a password alone by an account that must have a strong factor and whose grace
 * period is over: every call but enrolment (and /me, logout) answers 403 `reason: mfa_enrolment_required`.
 */
export const MFA_ENROLMENT = 'mfaEnrolment';
