/**
 * What the cart shows of each line's item (its product, its size's name, its package and its stock),
 * kept in memory in the catalogue's cache under the product's tag: every write that changes a
 * product's stock, price or details tells the cache (notifyCatalogChanged), here and on the other
 * instances, as it does for the catalogue's pages. The cart's head (the show-price setting and the
 * not-enough-stock text) is kept there too, as the catalogue keeps the setting. The cart's
 * statements then read only its lines: joining each line's product, size, package and stock was a
 * fifth of what Add to Cart's statement cost PostgreSQL (docs/decisions/009). Checkout does not
 * read these: it reads its context, prices and stock included, from the database in one statement
 * (checkout.queries.ts).
 */
import type { Database } from '../../db/database.ts';
import type { CatalogCache } from '../catalog/catalog-cache.ts';
import { SETTINGS_MAX_AGE_MS } from '../catalog/catalog-lookups.ts';
import {
  type CartHead,
  type CartItemRow,
  type CartReadRow,
  type LineKeyRow,
  selectCartHead,
  selectCartItem,
} from './cart.queries.ts';

export function createCartItems(db: Database, cache: CatalogCache) {
  function itemOf(line: LineKeyRow): Promise<CartItemRow> {
    return cache.getOrLoad(`cart item:${line.product_id}:${line.size_id}:${line.package_id}`, async () => {
      const [item] = await selectCartItem(db, line);
      if (!item) throw new Error(`the cart line ${line.line_id} names no product`);
      return { value: item, tags: [line.product_id] };
    });
  }

  function head(): Promise<CartHead> {
    return cache.getOrLoad('cart head', async () => {
      const [row] = await selectCartHead(db);
      if (!row) throw new Error('the cart head answers one row');
      return { value: row, tags: 'structure', maxAgeMs: SETTINGS_MAX_AGE_MS };
    });
  }

  return {
    /**
     * A cart's lines with the head and each line's item: the rows toCart reads (for a cart with no
     * line, one row of the head alone).
     */
    async withItems(lines: readonly LineKeyRow[]): Promise<CartReadRow[]> {
      const { show_prices, stock_text } = await head();
      if (lines.length === 0) return [{ show_prices, stock_text, line_id: null }];
      return Promise.all(
        lines.map(async (row): Promise<CartReadRow> => {
          const item = await itemOf(row);
          // Written out, not spread: spreading the two rows into one cost 12 µs a line.
          return {
            show_prices,
            stock_text,
            cart_id: row.cart_id,
            line_id: row.line_id,
            quantity: row.quantity,
            size_id: row.size_id,
            product_id: row.product_id,
            package_id: row.package_id,
            category_id: item.category_id,
            code: item.code,
            name: item.name,
            icon: item.icon,
            pricing: item.pricing,
            price_discount: item.price_discount,
            size_type_id: item.size_type_id,
            size_name: item.size_name,
            package_name: item.package_name,
            package_icon: item.package_icon,
            package_code: item.package_code,
            package_pricing: item.package_pricing,
            package_stock: item.package_stock,
            product_stock: item.product_stock,
          };
        }),
      );
    },
  };
}

export type CartItems = ReturnType<typeof createCartItems>;
