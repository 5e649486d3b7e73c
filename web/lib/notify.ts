import { notifications } from '@mantine/notifications';

/** Toasts (spec: auto-hide after 5 s, top-right, green for success, red for errors). */
const TOAST = { autoClose: 5000, position: 'top-right' } as const;

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ ...TOAST, color: 'green', message, title });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ ...TOAST, color: 'red', message, title });
}
