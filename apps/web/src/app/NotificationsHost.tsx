import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(() =>
  import('./notifications-stack').then((module) => ({ default: module.Notifications })),
);

/**
 * Mantine's notification stack, mounted the first time something is notified (a new one-time code sent, a revenue
 * saved). The store is tiny and always here; the component with its transitions is its own chunk, so a page that
 * never notifies does not download it. Once mounted it stays, so the closing animation of the last one plays.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
