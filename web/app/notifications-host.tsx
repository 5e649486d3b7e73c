import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const NotificationsContainer = lazy(() =>
  import('./notifications-container.tsx').then((module) => ({ default: module.NotificationsContainer })),
);

/**
 * Mounts Mantine's toast container the first time a toast is shown (top-right, below the header,
 * 5 s). Until then only the small notifications store is loaded, which keeps the container, its
 * transitions and portal out of a visitor's first page. A toast shown early waits in the store and appears as
 * soon as the container has loaded.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
