import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../lib/locale';
import { formatCountdown } from '../lib/session-expiry';

export interface IdleWarningProps {
  secondsLeft: number;
  extending: boolean;
  onStaySignedIn: () => void;
}

/**
 * Two minutes before the idle timeout: the warning with a countdown, "stay signed in" and "sign out now". Its own
 * chunk (Modal, focus trap, scroll lock), loaded shortly before the warning is due (SessionWatch), so no first
 * screen downloads a dialog it rarely shows.
 */
export default function IdleWarning({ secondsLeft, extending, onStaySignedIn }: IdleWarningProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return (
    <Modal
      opened
      onClose={onStaySignedIn}
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
          <Button data-autofocus loading={extending} onClick={onStaySignedIn}>
            {t('session.staySignedIn')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
