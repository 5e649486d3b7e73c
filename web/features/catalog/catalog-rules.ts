import type { Phase, ProductDetail, RootCategory } from '../../../domain/catalog.ts';
import { OUT_OF_STOCK_TEXT, productStockNote } from '../../../domain/catalog-display.ts';
import { formatMessage } from '../../../domain/messages.ts';
import { paths } from '../../lib/paths.ts';

/**
 * The catalogue pages' own small rules, kept out of the components so they can be tested alone.
 * The spec's rules (stock texts, button states, quantity resets, image variants) are in
 * domain/catalog.ts and are used from there.
 */

/** A route parameter as a positive whole number, or null ('abc', '0', '1.5' and '' are not ids). */
export function parseId(value: string | undefined | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Where a dashboard image leads (spec §2 Dashboard): the package route, or the product route. */
export function tileProductHref(product: { id: number; ctid: number; pkId: number | null }): string {
  return product.pkId === null
    ? paths.product(product.ctid, product.id)
    : paths.packageDetail(product.pkId, product.id);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '(12 products)' after a group's name; '(1 product)' for one. */
export function productCountText(count: number): string {
  return `(${plural(count, 'product', 'products')})`;
}

/** The dashboard tile's line: '4 types, 9 colours'. */
export function typesAndColoursText(types: number, colours: number): string {
  return `${plural(types, 'type', 'types')}, ${plural(colours, 'colour', 'colours')}`;
}

/**
 * The tab a category opens (categories/{id}, phase?category=): the root category holding it, the
 * first tab when no tab holds it. `group` is the category to scroll to when it is a group of the
 * tab rather than the tab itself.
 */
export function tabOf<T extends Pick<RootCategory, 'id' | 'category_ids'>>(
  tabs: readonly T[],
  categoryId: number | null,
): { tab: T | undefined; group: number | null } {
  const tab =
    categoryId === null ? undefined : tabs.find((candidate) => candidate.category_ids.includes(categoryId));
  if (!tab) return { tab: tabs[0], group: null };
  return { tab, group: categoryId === tab.id ? null : categoryId };
}

export type PhaseGroup = Phase['categories'][number];

/** Groups with no products are hidden (spec §2 Shopping page). */
export function visibleGroups(phase: Pick<Phase, 'categories'>): PhaseGroup[] {
  return phase.categories.filter((group) => group.product_count > 0 && group.products.length > 0);
}

/**
 * The offset of a group's next page for 'Show more', or undefined when everything is shown.
 * `firstPageSize` products came with the phase; `loaded` are the sizes of the pages fetched since.
 */
export function nextGroupOffset(
  firstPageSize: number,
  loaded: readonly number[],
  total: number,
): number | undefined {
  const shown = loaded.reduce((sum, size) => sum + size, firstPageSize);
  const lastPage = loaded.at(-1);
  if (shown >= total || lastPage === 0) return undefined;
  return shown;
}

/**
 * The stock that decides the product page's messages and buttons: the chosen size's for a sized
 * product (null while no size is chosen: nothing to say yet, unless every size is sold out, when
 * there is none to choose and the product is out of stock), the product's otherwise.
 */
export function stockOfSelection(
  product: Pick<ProductDetail, 'withsize' | 'instock' | 'size'>,
  sizeId: number | null,
): number | null {
  if (!product.withsize) return product.instock;
  if (sizeId === null) return product.size.some((size) => size.instock > 0) ? null : 0;
  return product.size.find((size) => size.id === sizeId)?.instock ?? 0;
}

/**
 * The size chosen when the page opens: the one named in the navigation (the size kept when the
 * shopper switches colour, or ?size= in a link), by name in any case or by id, when this product
 * has it.
 */
export function preselectedSizeId(
  product: Pick<ProductDetail, 'withsize' | 'size'>,
  wanted: string | null | undefined,
): number | null {
  const text = wanted?.trim().toLowerCase();
  if (!product.withsize || !text) return null;
  const byName = product.size.find((size) => size.name.toLowerCase() === text);
  const byId = product.size.find((size) => String(size.id) === text);
  return (byName ?? byId)?.id ?? null;
}

/** Total price of the package page: price x quantity, or null when prices are hidden. */
export function totalPrice(pricing: number | null, quantity: number): number | null {
  if (pricing === null) return null;
  return pricing * Math.max(0, Math.floor(quantity));
}

export interface StockMessages {
  /** 'Only N units in stock' at 10 or fewer, 'Out of Stock' at 0, else null. */
  note: string | null;
  /** The not_enough_stock text with the product name, when the quantity exceeds the stock. */
  shortage: string | null;
}

/** The product page's stock texts for a selection (`instock` null: no size chosen yet). */
export function stockMessages(
  instock: number | null,
  quantity: number,
  notEnoughText: string,
  productName: string,
): StockMessages {
  if (instock === null) return { note: null, shortage: null };
  return {
    note: instock <= 0 ? OUT_OF_STOCK_TEXT : productStockNote(instock),
    shortage: quantity > instock ? formatMessage(notEnoughText, productName) : null,
  };
}

/** The toast after Add to Cart: the cart in shop mode, the wish list when prices are hidden. */
export function addedText(quantity: number, name: string, showPrices: boolean): string {
  return `${quantity} × ${name} added to your ${showPrices ? 'cart' : 'wish list'}.`;
}
