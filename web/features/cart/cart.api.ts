import { useMutation } from '@tanstack/react-query';
import type { WishRequest } from '../../../domain/orders.ts';
import { api } from '../../lib/api.ts';
import { getLoggedClient, isLoggedIn } from '../../lib/auth-store.ts';
import { type Cart, useForgetCart } from '../../lib/cart.ts';

export type WishDetails = Pick<WishRequest, 'customer_name' | 'email' | 'phone' | 'address' | 'message'>;

/**
 * Wish-list mode: POST api/setOrder with the client's details (spec §3 Wish request). The server
 * sends its own copy of the list to the shop and the client, then empties it.
 */
export function useSendWishList() {
  const forgetCart = useForgetCart();
  return useMutation({
    mutationFn: ({ details, cart }: { details: WishDetails; cart: Cart | undefined }) => {
      const client = getLoggedClient();
      // Spec §2: sending does nothing without a logged-in client.
      if (!isLoggedIn(client)) throw new Error('Please log in to send your wish list.');
      const body: WishRequest = { userId: client.client_id, ...details, source: 'web', cart: cart?.products };
      return api.post<{ status: 'succeeded'; wishRequestId: number }>('/api/setOrder', body);
    },
    onSuccess: forgetCart,
  });
}
