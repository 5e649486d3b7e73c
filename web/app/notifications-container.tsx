import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, in its own chunk (see notifications-host.tsx). */
export function NotificationsContainer() {
  return <Notifications position="top-right" autoClose={5000} />;
}
