import type { MeResponse, SessionTiming } from '@portal/contract';
import { loginPathWithReferrer } from './referrer';

/**
 * Rules for a session that ends while a page is open (decision 013): the idle warning shows this long before the
 * server's idle timeout (WCAG 2.2.1 asks for at least 20 s to react; two minutes leave time to come back to the tab).
 */
export const IDLE_WARNING_SECONDS = 120;
/** While the warning shows, the page re-asks the server this often: another tab's activity may have extended it. */
export const WARNING_RECHECK_MS = 15_000;

/** `?session=ended` on the login page: the notice that the session ended, kept across a reload. */
export const SESSION_ENDED_PARAM = 'session';
export const SESSION_ENDED_VALUE = 'ended';

/**
 * When the page last learnt that its session ended. The route guards read it to add the notice to the login
 * redirect they make anyway (with the referrer); after a short while a redirect is an ordinary one again.
 */
let sessionEndedAt: number | null = null;
const ENDED_NOTICE_WINDOW_MS = 10_000;

export function markSessionEnded(at = Date.now()): void {
  sessionEndedAt = at;
}

export function sessionEndedRecently(at = Date.now()): boolean {
  return sessionEndedAt !== null && at - sessionEndedAt < ENDED_NOTICE_WINDOW_MS;
}

export function isSignedIn(me: MeResponse | undefined): boolean {
  return !!(me?.currentClient || me?.currentProducer || me?.currentStaff);
}

/** The cached session with nobody in it: what the page shows at once when the server says the session ended. */
export function signedOutMe(me: MeResponse): MeResponse {
  return {
    ...me,
    currentClient: null,
    currentProducer: null,
    currentStaff: null,
    otpUserId: null,
    session: null,
  };
}

/** Login page with the page the person was on (to come back to after signing in) and the ended-session notice. */
export function sessionEndedLoginPath(prefix: string, from: { pathname: string; search?: string }): string {
  return `${loginPathWithReferrer(prefix, from)}&${SESSION_ENDED_PARAM}=${SESSION_ENDED_VALUE}`;
}

export function hasSessionEndedNotice(params: URLSearchParams): boolean {
  return params.get(SESSION_ENDED_PARAM) === SESSION_ENDED_VALUE;
}

/** How long to wait before asking the server again whether the warning is due. */
export function msUntilWarning(timing: Pick<SessionTiming, 'idleRemainingSeconds'>): number {
  return Math.max(0, timing.idleRemainingSeconds - IDLE_WARNING_SECONDS) * 1000;
}

/** "1:05" for 65 seconds: the countdown in the warning. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
