import { NotificationCentre } from '../../../components/notifications/NotificationCentre';

/** /b2b/notifications: the shared notification centre (docs/notifications.md). */
export default function NotificationsScreen() {
  return <NotificationCentre />;
}
