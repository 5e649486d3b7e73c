import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../domain/cart.ts';
import { api } from './api.ts';
import { getLoggedClient, isLoggedIn, useLoggedClient } from './auth-store.ts';

/**
 * The client's cart (spec storefront §4 Cart), shared by the header badge, the cart, the checkout
 * and the catalogue's Add to Cart / Order Now buttons. The server answers every change with the
 * whole cart, and that answer replaces the cached one, so the badge follows at once.
 * Only types come from domain/ here: this module is part of the badge's chunk.
 */

export type { Cart, CartLine } from '../../domain/cart.ts';

/** What a product or package page adds; with isPackage, productId names the package. */
export interface CartItem {
  productId: number;
  quantity: number;
  size_id: number | null;
  isPackage: boolean;
}

export const cartKeys = {
  all: ['cart'] as const,
  /** Every cart change carries this key: `useIsMutating({ mutationKey: cartKeys.change })`. */
  change: ['cart', 'change'] as const,
  of: (userId: number) => ['cart', userId] as const,
};

/** The cart the server answers when there is nothing in it. */
export function emptyCartOf(userId: number): Cart {
  return { id: 0, userId, products: [], cartTotal: 0, discount: 0, quantity: 0, hasError: false };
}

function loggedUserId(): number {
  const client = getLoggedClient();
  if (!isLoggedIn(client)) throw new Error('Please log in to use the cart.');
  return client.client_id;
}

export interface UseCartOptions {
  /**
   * Ask the server again whenever the page opens, even when a recent answer is cached: the cart,
   * its summary and the checkout must show the stock as it is now (a line's error appears when
   * the stock went down meanwhile) and what another tab changed.
   */
  fresh?: boolean;
}

/** The logged-in client's cart (POST api/getcart); idle for visitors. */
export function useCart({ fresh = false }: UseCartOptions = {}) {
  const client = useLoggedClient();
  const userId = isLoggedIn(client) ? client.client_id : 0;
  return useQuery({
    queryKey: cartKeys.of(userId),
    queryFn: ({ signal }) => api.post<Cart>('/api/getcart', { userId }, { signal }),
    enabled: userId > 0,
    staleTime: 30_000,
    refetchOnMount: fresh ? 'always' : true,
  });
}

/**
 * Cart changes run one after another (one mutation scope), so a quick second click never lands
 * before the first and the cached cart is always the server's latest answer.
 */
const CART_SCOPE = { id: 'cart' };

function useCartChange(path: '/api/addcart' | '/api/updatecart') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartKeys.change,
    scope: CART_SCOPE,
    mutationFn: (item: CartItem) => {
      const userId = loggedUserId();
      const cartId = queryClient.getQueryData<Cart>(cartKeys.of(userId))?.id ?? 0;
      return api.post<Cart>(path, {
        cartId,
        userId,
        productId: item.productId,
        quantity: item.quantity,
        size_id: item.size_id,
        isPackage: item.isPackage,
      });
    },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.of(cart.userId), cart),
  });
}

/**
 * Adds `{ productId, quantity, size_id, isPackage }` to the cart (POST api/addcart). Rejects with
 * the server's ApiError (for example 'Please select a size' or the not-enough-stock text); the
 * caller shows it.
 */
export function useAddToCart() {
  return useCartChange('/api/addcart');
}

/** Sets a line's quantity (POST api/updatecart); 0 removes the line. */
export function useUpdateCartLine() {
  return useCartChange('/api/updatecart');
}

/**
 * Empties the cart (POST api/emptycart): the cached cart is emptied at once, then the server's
 * answer kept; when the server could not empty it, the cart is read again so that what shows is
 * what the server holds.
 */
export function useEmptyCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartKeys.change,
    scope: CART_SCOPE,
    mutationFn: () => {
      const userId = loggedUserId();
      queryClient.setQueryData(cartKeys.of(userId), emptyCartOf(userId));
      return api.post<Cart>('/api/emptycart', { userId });
    },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.of(cart.userId), cart),
    onError: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** After the server emptied the cart itself (an order placed, a wish list sent). */
export function useForgetCart(): () => void {
  const queryClient = useQueryClient();
  return () => {
    const client = getLoggedClient();
    if (!isLoggedIn(client)) return;
    queryClient.setQueryData(cartKeys.of(client.client_id), emptyCartOf(client.client_id));
    void queryClient.invalidateQueries({ queryKey: cartKeys.of(client.client_id) });
  };
}
