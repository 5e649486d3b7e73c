import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from './notify.ts';

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
});
