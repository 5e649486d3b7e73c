import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ORDER_INQUIRY_MESSAGE,
  SHIPPING_DISPUTED_MESSAGE,
  SHIPPING_INQUIRY_MESSAGE,
} from '../../../../domain/admin/orders.ts';
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

/** The same order once the shop won the dispute. */
const DISPUTE_WON_ORDER = adminOrder({
  ...DISPUTED_ORDER,
  refundable: DISPUTED_ORDER.total,
  disputeStatus: 'won',
  disputeClosedAt: '2026-11-28T10:00:00.000Z',
});

/** The same order while the client's bank only asks about the payment (an inquiry). */
const INQUIRY_ORDER = adminOrder({
  ...DISPUTED_ORDER,
  refundable: DISPUTED_ORDER.total,
  disputeStatus: 'inquiry',
});

/** The order, no carriers, and every shipment asked for (its body). */
function stubOrderApi(order = DISPUTED_ORDER) {
  const shipments: unknown[] = [];
  stubApi(({ pathname }, init) => {
    if (pathname === '/api/admin/orders/100123') return order;
    if (pathname === '/api/admin/orders/100123/ship') {
      shipments.push(JSON.parse(String(init?.body)));
      return { ...order, status: 'shipped' };
    }
    return [];
  });
  return shipments;
}

function openOrder() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/admin/orders/100123']}>
      <Routes>
        <Route path="/admin/orders/:orderNumber" element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('OrderPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ships a disputed order only once the owner ticks that they ship it despite the dispute', async () => {
    const shipments = stubOrderApi();
    const { user } = openOrder();
    expect(await screen.findByText('Disputed', { selector: '.mantine-Badge-label' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    expect(await screen.findByText(SHIPPING_DISPUTED_MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    expect(await screen.findByText('Tick “Ship despite the dispute” to ship this order.')).toBeTruthy();
    expect(shipments).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Ship despite the dispute' }));
    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    await vi.waitFor(() => expect(shipments).toEqual([{ despiteDispute: true }]));
  });

  it('ships, refunds and cancels an order whose dispute the shop won as any other, and says it was won', async () => {
    const shipments = stubOrderApi(DISPUTE_WON_ORDER);
    const { user } = openOrder();
    expect(await screen.findByText('Dispute won')).toBeTruthy();
    expect(screen.queryByText(SHIPPING_DISPUTED_MESSAGE)).toBeNull();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ship' }));
    expect(screen.queryByRole('checkbox', { name: 'Ship despite the dispute' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    await vi.waitFor(() => expect(shipments).toEqual([{}]));
  });

  it('says a bank’s inquiry is one: refunded and cancelled as any, shipped only once the owner ticks it', async () => {
    const shipments = stubOrderApi(INQUIRY_ORDER);
    const { user } = openOrder();
    expect(await screen.findByText('Bank inquiry', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.getByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(ORDER_INQUIRY_MESSAGE),
    );
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText(SHIPPING_INQUIRY_MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Ship despite the dispute' }));
    await user.click(screen.getByRole('button', { name: 'Buy label and ship' }));
    await vi.waitFor(() => expect(shipments).toEqual([{ despiteDispute: true }]));
  });
});
