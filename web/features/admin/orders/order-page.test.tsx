import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminOrder, SHIPPING_DISPUTED_MESSAGE } from '../../../../domain/admin/orders.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderPage } from './order-page.tsx';

/** A paid order of one line whose payment the client disputed. */
const DISPUTED_ORDER: AdminOrder = {
  orderNumber: 100123,
  createdAt: '2026-11-20T15:00:00.000Z',
  status: 'paid',
  clientId: 7,
  clientName: 'Avery Lachance',
  email: 'avery@example.com',
  shippingAddress: '220 Yonge St, Toronto ON M5B 2H1',
  billingAddress: '220 Yonge St, Toronto ON M5B 2H1',
  province: 'ON',
  payment: { brand: 'visa', last4: '0259', paymentIntentId: 'pi_disputed' },
  subtotal: 2000,
  discount: 0,
  shippingFee: 0,
  taxRatePpm: 130_000,
  tax: 260,
  taxParts: [],
  total: 2260,
  amountRefunded: 0,
  refundable: 0,
  shippingRefunded: false,
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  disputedAt: '2026-11-21T10:00:00.000Z',
  lines: [],
  refunds: [],
  events: [],
};

/** The order, no carriers, and every shipment asked for (its body). */
function stubOrderApi() {
  const shipments: unknown[] = [];
  stubApi(({ pathname }, init) => {
    if (pathname === '/api/admin/orders/100123') return DISPUTED_ORDER;
    if (pathname === '/api/admin/orders/100123/ship') {
      shipments.push(JSON.parse(String(init?.body)));
      return { ...DISPUTED_ORDER, status: 'shipped' };
    }
    return [];
  });
  return shipments;
}

describe('OrderPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ships a disputed order only once the owner ticks that they ship it despite the dispute', async () => {
    const shipments = stubOrderApi();
    const { user } = renderWithProviders(
      <MemoryRouter initialEntries={['/admin/orders/100123']}>
        <Routes>
          <Route path="/admin/orders/:orderNumber" element={<OrderPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    expect(await screen.findByText(SHIPPING_DISPUTED_MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    expect(await screen.findByText('Tick “Ship despite the dispute” to ship this order.')).toBeTruthy();
    expect(shipments).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Ship despite the dispute' }));
    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    await vi.waitFor(() => expect(shipments).toEqual([{ despiteDispute: true }]));
  });
});
