import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLoggedIn, useLoggedClient } from '../../lib/auth-store.ts';
import { type CartItem, useAddToCart } from '../../lib/cart.ts';
import { useConfig } from '../../lib/config.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { addedText } from './catalog-rules.ts';

/**
 * The handlers of 'Order Now' (adds, then opens the cart) and 'Add to Cart' on the product and
 * package pages (spec storefront §2). A visitor is sent to log in and comes back to this page. The
 * server's refusal (a missing size, not enough stock) is kept for the page to show under the buttons.
 */
export function useCartButtons(item: CartItem, name: string) {
  const loggedIn = isLoggedIn(useLoggedClient());
  const { config } = useConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const addToCart = useAddToCart();
  const [error, setError] = useState<string | null>(null);

  const add = (thenOpenCart: boolean) => {
    if (!loggedIn) {
      void navigate(paths.login(`${location.pathname}${location.search}`));
      return;
    }
    setError(null);
    addToCart.mutate(item, {
      onSuccess: () => {
        if (thenOpenCart) void navigate(paths.cart());
        else notifySuccess(addedText(item.quantity, name, config.showPrices));
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return {
    onOrderNow: () => add(true),
    onAddToCart: () => add(false),
    busy: addToCart.isPending,
    error,
  };
}
