/**
 * What the cart shows of each line's item (its product, its size's name, its package and its stock),
 * kept in memory in the catalogue's cache under the product's tag: every write that changes a
 * product's stock, price or details tells the cache (notifyCatalogChanged), here and on the other
 * instances, as it does for the catalogue's pages. The cart's statements then read only its lines:
 * joining each line's product, size, package and stock was a fifth of what Add to Cart's statement
 * cost PostgreSQL (docs/decisions/009). Checkout does not read these: it reads its context, prices
 * and stock included, from the database in one statement (checkout.queries.ts).
 */
import type { Database } from '../../db/database.ts';
import type { CatalogCache } from '../catalog/catalog-cache.ts';
import {
  type CartHead,
  type CartItemRow,
  type CartReadRow,
  type LineKeyRow,
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

  return {
    /** A cart statement's rows (its head and lines) with each line's item: the rows toCart reads. */
    withItems(rows: readonly CartKeyRow[]): Promise<CartReadRow[]> {
      return Promise.all(
        rows.map(async (row): Promise<CartReadRow> => {
          if (!isLineKey(row))
            return { show_prices: row.show_prices, stock_text: row.stock_text, line_id: null };
          const item = await itemOf(row);
          // Written out, not spread: spreading the two rows into one cost 12 µs a line.
          return {
            show_prices: row.show_prices,
            stock_text: row.stock_text,
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

/** A cart statement's row without its item: the head, and a line's keys or none. */
type CartKeyRow = CartHead & (LineKeyRow | { line_id: null });

function isLineKey(row: CartKeyRow): row is CartHead & LineKeyRow {
  return row.line_id !== null;
}

export type CartItems = ReturnType<typeof createCartItems>;
