import { NotificationCentre } from '../../../components/notifications/NotificationCentre';

/** /internal/notifications: the shared notification centre (docs/notifications.md). */
export default function NotificationsScreen() {
  return <NotificationCentre />;
}
