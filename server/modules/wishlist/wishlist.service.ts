import { type Cart, EMPTY_WISH_LIST_TEXT } from '../../../domain/cart.ts';
import type { WishRequestData } from '../../../domain/orders.ts';
import type { Database } from '../../db/database.ts';
import { wishRequests } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { emptyCartLines, lockCart } from '../cart/cart.queries.ts';
import { loadCart } from '../cart/cart.service.ts';
import { readSettings } from '../settings/settings.service.ts';

function describeLines(cart: Cart): string {
  return cart.products
    .map((line) => {
      const name = line.package ? `${line.product.name} — ${line.package.name}` : line.product.name;
      const size = line.size_name ? `, size ${line.size_name}` : '';
      return `- ${line.quantity} x ${name} (${line.product.code}${size})`;
    })
    .join('\n');
}

/**
 * In wish-list mode (prices hidden) a client sends their list instead of buying: the request is
 * stored with both e-mails in one transaction, then the list is emptied (spec §2, §4; issue #4).
 */
export function createWishlistService(db: Database) {
  return {
    async send(
      user: AuthUser,
      data: WishRequestData,
    ): Promise<{ status: 'succeeded'; wishRequestId: number }> {
      const settings = await readSettings(db);
      if (settings.show_prices) {
        throw new AppError('shop_mode', 'Prices are shown: please check out to place your order.', 409);
      }
      return db.transaction(async (tx) => {
        // Lock the cart so that a second click sends the list once.
        await lockCart(tx, user.id);
        const cart = await loadCart(tx, user.id);
        if (cart.products.length === 0) {
          throw badRequest(EMPTY_WISH_LIST_TEXT);
        }
        const snapshot = cart.products.map((line) => ({
          product_id: line.product.id,
          package_id: line.package?.id ?? null,
          code: line.product.code,
          name: line.package ? `${line.product.name} — ${line.package.name}` : line.product.name,
          size_id: line.size_id,
          size_name: line.size_name,
          quantity: line.quantity,
        }));
        const [row] = await tx
          .insert(wishRequests)
          .values({
            clientId: user.id,
            customerName: data.customer_name,
            email: data.email,
            phone: data.phone,
            address: data.address,
            message: data.message,
            cart: snapshot,
            source: data.source || 'web',
          })
          .returning({ id: wishRequests.id });
        if (!row) throw new Error('wish request insert returned nothing');

        const lines = describeLines(cart);
        const details = [
          `Name: ${data.customer_name}`,
          `Email: ${data.email}`,
          data.phone && `Phone: ${data.phone}`,
          data.address && `Address: ${data.address}`,
          data.message && `Message: ${data.message}`,
        ]
          .filter(Boolean)
          .join('\n');
        await enqueueMail(tx, {
          to: settings.store_email,
          subject: `Wish request ${row.id} from ${data.customer_name}`,
          text: `A client sent a wish list (request ${row.id}).\n\n${details}\n\nWishes:\n${lines}\n`,
        });
        await enqueueMail(tx, {
          to: data.email,
          subject: `Your wish list at ${settings.store_name}`,
          text: `Hello ${data.customer_name},\n\nThank you for your interest. We received your wish list and will e-mail you shortly to discuss your wishes.\n\n${lines}\n\n${settings.store_name}\n${settings.store_address}\n`,
        });
        await tx.execute(emptyCartLines(user.id));
        return { status: 'succeeded' as const, wishRequestId: row.id };
      });
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
