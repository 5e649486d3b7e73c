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
import type { CartChangeData } from '../../../domain/cart.ts';
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

/** An item a cart statement read beside its write: the written line's, read after `since` (changesSeen). */
export interface WrittenItem {
  lineId: number;
  item: CartItemRow;
  since: number;
}

/** An item as a cart line or a change names it: a package, or a product in a size (or none). */
type ItemName = { packageId: number } | { packageId: null; productId: number; sizeId: number | null };

/** The key an item is kept under: a package by its id, a product by its id and size. */
function itemKey(item: ItemName): string {
  return item.packageId === null
    ? `cart item:${item.productId}:${item.sizeId}`
    : `cart item:package ${item.packageId}`;
}

/** The item columns of a row that has more (the cache keeps only what an item is). */
function itemColumns(row: CartItemRow): CartItemRow {
  return {
    category_id: row.category_id,
    code: row.code,
    name: row.name,
    icon: row.icon,
    pricing: row.pricing,
    price_discount: row.price_discount,
    size_type_id: row.size_type_id,
    size_name: row.size_name,
    package_name: row.package_name,
    package_icon: row.package_icon,
    package_code: row.package_code,
    package_pricing: row.package_pricing,
    package_stock: row.package_stock,
    product_stock: row.product_stock,
  };
}

export function createCartItems(db: Database, cache: CatalogCache) {
  function itemOf(line: LineKeyRow, written: WrittenItem | undefined): Promise<CartItemRow> {
    const key = itemKey(
      line.package_id === null
        ? { packageId: null, productId: line.product_id, sizeId: line.size_id }
        : { packageId: line.package_id },
    );
    if (written?.lineId === line.line_id) {
      const item = itemColumns(written.item);
      cache.keep(key, written.since, { value: item, tags: [line.product_id] });
      return Promise.resolve(item);
    }
    return cache.getOrLoad(key, async () => {
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
     * Whether the item a change names is in memory: when not (an order just changed its stock, say),
     * the change's statement reads it too (writeCartLineWithItem) instead of a second statement.
     */
    holds(change: Pick<CartChangeData, 'isPackage' | 'productId' | 'size_id'>): boolean {
      // A change names a package by its id, in productId.
      return cache.holds(
        itemKey(
          change.isPackage
            ? { packageId: change.productId }
            : { packageId: null, productId: change.productId, sizeId: change.size_id },
        ),
      );
    },

    /** The cache's changes so far, taken before a statement reads an item (WrittenItem's since). */
    changesSeen: () => cache.changesSeen(),

    /**
     * A cart's lines with the head and each line's item: the rows toCart reads (for a cart with no
     * line, one row of the head alone). The written line's item, when its statement read it, is
     * taken from there, and kept.
     */
    async withItems(lines: readonly LineKeyRow[], written?: WrittenItem): Promise<CartReadRow[]> {
      const { show_prices, stock_text } = await head();
      if (lines.length === 0) return [{ show_prices, stock_text, line_id: null }];
      return Promise.all(
        lines.map(async (row): Promise<CartReadRow> => {
          const item = await itemOf(row, written);
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
