import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type MeResponse, type SessionTiming, sessionTimingSchema } from '@portal/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api, fetchMe, onUnauthenticated } from '../lib/api-client';
import { useLocalePath } from '../lib/locale';
import { forgetSignedInData, meQueryOptions, sessionKeys } from '../lib/session';
import {
  formatCountdown,
  IDLE_WARNING_SECONDS,
  isSignedIn,
  markSessionEnded,
  msUntilWarning,
  signedOutMe,
  WARNING_RECHECK_MS,
} from '../lib/session-expiry';

/**
 * The server no longer knows the session: the page forgets it at once. The route guards then send the person to
 * the login page as for any signed-out visitor (with the page as referrer), plus the ended-session notice.
 */
function endSession(queryClient: QueryClient) {
  const me = queryClient.getQueryData<MeResponse>(sessionKeys.me);
  if (!me || !isSignedIn(me)) return;
  markSessionEnded();
  queryClient.setQueryData(sessionKeys.me, signedOutMe(me));
  forgetSignedInData(queryClient);
  // A visitor's CSRF token for the login form (no session on the server: decision 018).
  void fetchMe().catch(() => undefined);
}

const getTiming = () => api.get<SessionTiming>('/session', { schema: sessionTimingSchema });

/**
 * Watches the session of an open page:
 * - any 401 from the API while the page believed someone was signed in means the session ended on the server:
 *   the page goes to the login page, with the notice and the way back (referrer);
 * - two minutes before the idle timeout it warns and offers to stay signed in (WCAG 2.2.1). The time left comes
 *   from the server (`/me`, then `GET /session`, which does not count as activity), so several tabs never extend
 *   the session by themselves, and one tab's activity or "stay signed in" quietly closes the warning in the others.
 *   The same question on every change of screen and on coming back to the tab finds a session ended elsewhere
 *   even where the screen itself loads nothing.
 */
export function SessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => onUnauthenticated(() => endSession(queryClient)), [queryClient]);
  const me = useQuery(meQueryOptions).data;
  if (!isSignedIn(me)) return null;
  return <IdleWarning initial={me?.session ?? null} />;
}

function IdleWarning({ initial }: { initial: SessionTiming | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  // When the warning shows: the moment (Date.now() based) the server will end the session.
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [extending, setExtending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const apply = useCallback((timing: SessionTiming) => {
    clearTimeout(timer.current);
    if (timing.idleRemainingSeconds > IDLE_WARNING_SECONDS) {
      setEndsAt(null);
      // A 401 here (session already gone) is handled by SessionWatch's listener.
      timer.current = setTimeout(() => void getTiming().then(apply, () => undefined), msUntilWarning(timing));
      return;
    }
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

  const staySignedIn = async () => {
    setExtending(true);
    try {
      apply(await api.post<SessionTiming>('/session/keep_alive', undefined, { schema: sessionTimingSchema }));
    } catch {
      // 401: SessionWatch takes the page to the login page.
    } finally {
      setExtending(false);
    }
  };

  const secondsLeft = endsAt === null ? 0 : (endsAt - now) / 1000;
  return (
    <Modal
      opened={endsAt !== null}
      onClose={() => void staySignedIn()}
      title={t('session.warningTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack gap="md">
        <Text>
          {t('session.warningBody')}{' '}
          <Text span fw={700} role="timer" aria-live="off">
            {formatCountdown(secondsLeft)}
          </Text>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(localePath('/logout'))}>
            {t('session.signOutNow')}
          </Button>
          <Button data-autofocus loading={extending} onClick={() => void staySignedIn()}>
            {t('session.staySignedIn')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
