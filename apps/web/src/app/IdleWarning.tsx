import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type SessionTiming, sessionTimingSchema } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api-client';
import { useLocalePath } from '../lib/locale';
import {
  formatCountdown,
  IDLE_WARNING_SECONDS,
  msUntilWarning,
  WARNING_RECHECK_MS,
} from '../lib/session-expiry';

const getTiming = () => api.get<SessionTiming>('/session', { schema: sessionTimingSchema });

/**
 * Two minutes before the idle timeout: the warning with a countdown, "stay signed in" and "sign out now" (see
 * SessionWatch). Its own chunk, loaded only for a signed-in person, so the login page does not download the dialog.
 */
export default function IdleWarning({ initial }: { initial: SessionTiming | null }) {
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
