import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/locale';
import { BellIcon } from '../icons';
import { useLiveNotifications } from './useLiveNotifications';

/** The header's bell: the unread count, live, and the way to the area's notification centre. */
export function NotificationBell({ to }: { to: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const unread = useLiveNotifications();
  return (
    <Indicator label={unread > 99 ? '99+' : unread} disabled={unread === 0} size={18} offset={6} color="red">
      <ActionIcon
        component={Link}
        to={localePath(to)}
        variant="subtle"
        size="lg"
        aria-label={
          unread > 0 ? t('header.notificationsUnread', { count: unread }) : t('header.notifications')
        }
        data-testid="notification-bell"
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
