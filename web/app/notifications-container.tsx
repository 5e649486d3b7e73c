import { Notifications } from '@mantine/notifications';
import classes from './notifications.module.css';

/** Mantine's toast container, in its own chunk (see notifications-host.tsx). */
export function NotificationsContainer() {
  return <Notifications position="top-right" autoClose={5000} className={classes.toasts} />;
}
