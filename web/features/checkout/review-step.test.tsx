import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { loginRecord } from '../../test/login-record.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { savedAddress } from '../../test/saved-address.ts';
import { ReviewStep } from './review-step.tsx';

const CLIENT = loginRecord();

const ADDRESS = savedAddress({ client_id: CLIENT.client_id });

/** The confirmation answers the order's number, once `answer` is called (a slow network). */
function stubConfirm() {
  let answer = () => {};
  const { fetch } = stubApi(
    () =>
      new Promise((resolve) => {
        answer = () => resolve({ status: 'succeeded', error: null, orderNumber: 100123 });
      }),
  );
  return { fetch, answer: () => answer() };
}

describe('ReviewStep', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one confirmation for a double click on Place Order', async () => {
    const api = stubConfirm();
    const onPlaced = vi.fn();
    const { user } = renderWithProviders(
      <ReviewStep
        client={CLIENT}
        cart={{
          id: 1,
          userId: CLIENT.client_id,
          products: [],
          cartTotal: 6000,
          discount: 0,
          quantity: 2,
          hasError: false,
        }}
        shipping={ADDRESS}
        billing={{ ...ADDRESS, id: 2, address_type_id: 2, same_as_shipping: true }}
        paid={{
          paymentIntentId: 'pi_review',
          amount: 6780,
          method: { id: 'pm_review', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
        }}
        figures={{
          totals: { subtotal: 6000, shippingFee: 0, tax: 780, total: 6780 },
          shippingFee: undefined,
          feePending: false,
          taxRate: 13,
          province: 'ON',
          hasShippingAddress: true,
        }}
        onPlaced={onPlaced}
        onFailed={() => {}}
        onPaymentEnded={() => {}}
      />,
    );
    await user.dblClick(screen.getByRole('button', { name: 'Place Order' }));
    api.answer();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(100123));
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });
});
