import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissError, notifyError, notifySuccess } from './notify.ts';

const shown = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue];

describe('toasts', () => {
  afterEach(() => cleanNotifications());

  it('shows the same words once while the first toast is on screen', () => {
    notifyError('Refund failed, please try again later.');
    notifyError('Refund failed, please try again later.');
    notifySuccess('Refund successfully.');
    expect(shown().map((toast) => [toast.color, toast.message])).toEqual([
      ['red', 'Refund failed, please try again later.'],
      ['green', 'Refund successfully.'],
    ]);
  });

  it('an error tried again is taken away, and only that one', () => {
    notifyError('Could not send.');
    notifyError('Could not upload.', 'Logo');
    dismissError('Could not send.');
    expect(shown().map((toast) => toast.message)).toEqual(['Could not upload.']);
  });
});
