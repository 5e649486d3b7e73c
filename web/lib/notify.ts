import { notifications } from '@mantine/notifications';

/** Toasts (spec: auto-hide after 5 s, top-right, green for success, red for errors). */
const TOAST = { autoClose: 5000, position: 'top-right' } as const;

function toastId(color: 'green' | 'red', message: string, title: string | undefined): string {
  return `${color}:${title ?? ''}:${message}`;
}

/** A toast already on screen with the same words is not shown twice (a double click, a retry). */
function show(color: 'green' | 'red', message: string, title: string | undefined): void {
  // Mantine shows one toast per id: the same words while the first is on screen add nothing.
  notifications.show({ ...TOAST, id: toastId(color, message, title), color, message, title });
}

export function notifySuccess(message: string, title?: string): void {
  show('green', message, title);
}

export function notifyError(message: string, title?: string): void {
  show('red', message, title);
}

/** Takes an error's toast away (its attempt is tried again: the failure is no longer the news). */
export function dismissError(message: string, title?: string): void {
  notifications.hide(toastId('red', message, title));
}
