import { useRef, useState } from 'react';
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
  // An add under way, known at once: the mutation's isPending reaches the buttons only after the
  // query client's next tick, by which time a double click's second click has added the quantity
  // again (the cart's changes run one after another, so both adds land).
  const adding = useRef(false);

  const add = (thenOpenCart: boolean) => {
    if (!loggedIn) {
      void navigate(paths.login(`${location.pathname}${location.search}`));
      return;
    }
    if (adding.current) return;
    adding.current = true;
    setError(null);
    addToCart.mutate(item, {
      onSettled: () => {
        adding.current = false;
      },
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
