import { lazy, Suspense } from 'react';

/**
 * Where the cart badge goes (spec storefront §2 "Cart badge"): the header renders the slot for
 * logged-in clients only. The badge and the cart calls are a lazy chunk, so none of it weighs on
 * a visitor's page.
 */
const CartBadge = lazy(() =>
  import('../features/cart/cart-badge.tsx').then((module) => ({ default: module.CartBadge })),
);

export function HeaderCartSlot() {
  return (
    <Suspense fallback={null}>
      <CartBadge />
    </Suspense>
  );
}
