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
