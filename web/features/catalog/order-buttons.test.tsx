import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLoggedClient, setLoggedClient } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { loginRecord } from '../../test/login-record.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { OrderButtons } from './order-buttons.tsx';
import { useCartButtons } from './use-cart-buttons.ts';

const CART = { id: 1, userId: 7, products: [], cartTotal: 0, discount: 0, quantity: 3, hasError: false };

/** The server takes a while to answer each add, as it does on a real network. */
function stubCartApi() {
  const { fetch } = stubApi(async ({ pathname }) => {
    if (pathname === '/api/addcart') await new Promise((resolve) => setTimeout(resolve, 30));
    return CART;
  });
  return () => fetch.mock.calls.filter(([url]) => url.includes('/api/addcart')).length;
}

function ProductButtons() {
  const buttons = useCartButtons({ productId: 3, quantity: 3, size_id: null, isPackage: true }, 'Gift Box');
  return <OrderButtons disabledByRules={false} {...buttons} />;
}

function open() {
  return renderWithRouter(
    [
      { path: '/package/:pkId/:id', element: <ProductButtons /> },
      { path: '/cart', element: <p>The cart</p> },
    ],
    '/package/3/57',
  );
}

describe('Order Now and Add to Cart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearLoggedClient();
  });

  // A double click's second click lands before the page has re-rendered with the add under way.
  it.each(['Order Now', 'Add to Cart'])('a double click on %s adds the quantity once', async (name) => {
    setLoggedClient(loginRecord());
    const adds = stubCartApi();
    const { router } = open();
    const button = screen.getByRole('button', { name });
    fireEvent.click(button);
    fireEvent.click(button);
    if (name === 'Order Now') await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    else
      await waitFor(() =>
        expect(screen.getByRole('button', { name }).getAttribute('aria-disabled')).toBeNull(),
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(adds()).toBe(1);
  });

  it('adds again when pressed again after the first add is done', async () => {
    setLoggedClient(loginRecord());
    const adds = stubCartApi();
    open();
    const button = screen.getByRole('button', { name: 'Add to Cart' });
    fireEvent.click(button);
    await waitFor(() => expect(adds()).toBe(1));
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(button);
    await waitFor(() => expect(adds()).toBe(2));
  });
});
