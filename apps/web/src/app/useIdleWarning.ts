import type { SessionTiming } from '@portal/contract';
import { API_ROUTES } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../lib/api-client';
import { IDLE_WARNING_SECONDS, msUntilWarning, WARNING_RECHECK_MS } from '../lib/session-expiry';

const getTiming = () => api.get<SessionTiming>(API_ROUTES.session.timing.path);

export interface IdleWarningState {
  /** When the warning shows: the moment (Date.now() based) the server will end the session; null otherwise. */
  endsAt: number | null;
  /** When the warning is next due (Date.now() based), while it does not show: the dialog's code loads before. */
  warnsAt: number | null;
  now: number;
  extending: boolean;
  staySignedIn: () => Promise<void>;
}

/**
 * The idle warning's timing (see SessionWatch): when it is due, the countdown, and "stay signed in". The time left
 * comes from the server (`/me`, then `GET /session`, which does not count as activity), asked again on a new screen,
 * on coming back to the tab and at the end of the countdown. A 401 on any of these is SessionWatch's to handle.
 */
export function useIdleWarning(initial: SessionTiming | null): IdleWarningState {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [warnsAt, setWarnsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [extending, setExtending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const apply = useCallback((timing: SessionTiming) => {
    clearTimeout(timer.current);
    if (timing.idleRemainingSeconds > IDLE_WARNING_SECONDS) {
      const wait = msUntilWarning(timing);
      setEndsAt(null);
      setWarnsAt(Date.now() + wait);
      timer.current = setTimeout(() => void getTiming().then(apply, () => undefined), wait);
      return;
    }
    setWarnsAt(null);
    setEndsAt(Date.now() + timing.idleRemainingSeconds * 1000);
    setNow(Date.now());
    timer.current = setTimeout(() => void getTiming().then(apply, () => undefined), WARNING_RECHECK_MS);
  }, []);

  useEffect(() => {
    if (initial) apply(initial);
    else void getTiming().then(apply, () => undefined);
    return () => clearTimeout(timer.current);
  }, [initial, apply]);

  // A new screen: screens that load nothing from the API would not notice a session that ended elsewhere.
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) void getTiming().then(apply, () => undefined);
  }, [pathname, apply]);

  // Back to a tab that was in the background: the session may have ended (or been extended) meanwhile.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void getTiming().then(apply, () => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [apply]);

  // The countdown; at zero the server is asked once more, which answers 401 and leads to the login page.
  useEffect(() => {
    if (endsAt === null) return;
    const tick = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= endsAt) {
        clearInterval(tick);
        void getTiming().then(apply, () => undefined);
      }
    }, 1000);
    return () => clearInterval(tick);
  }, [endsAt, apply]);

  const staySignedIn = useCallback(async () => {
    setExtending(true);
    try {
      apply(await api.post<SessionTiming>(API_ROUTES.session.keepAlive.path, undefined));
    } catch {
      // 401: SessionWatch takes the page to the login page.
    } finally {
      setExtending(false);
    }
  }, [apply]);

  return { endsAt, warnsAt, now, extending, staySignedIn };
}
