import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHIPPING_DISPUTED_MESSAGE } from '../../../../domain/admin/orders.ts';
import { adminOrder } from '../../../test/admin-order.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderPage } from './order-page.tsx';

/** A paid order of one line whose payment the client disputed. */
const DISPUTED_ORDER = adminOrder({
  payment: { brand: 'visa', last4: '0259', paymentIntentId: 'pi_disputed' },
  refundable: 0,
  disputedAt: '2026-11-21T10:00:00.000Z',
});

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
