/**
 * What the catalogue shows of price and stock (spec storefront §2): the sale price, the stock texts.
 * In a module without Zod, so that the product cards of a visitor's first page (home) load no
 * validation code (catalog.ts holds the schemas).
 */

export const LOW_STOCK_THRESHOLD = 10;
export const OUT_OF_STOCK_TEXT = 'Out of Stock';

/**
 * What a unit really costs: the price less its discount (never below 0), as the cart charges it.
 * Null when prices are hidden.
 */
export function salePrice(pricing: number | null, priceDiscount: number | null): number | null {
  if (pricing === null) return null;
  return pricing - Math.min(Math.max(priceDiscount ?? 0, 0), pricing);
}

export function isLowStock(instock: number): boolean {
  return instock > 0 && instock <= LOW_STOCK_THRESHOLD;
}

/** Teaser list: 'Low Stock - N available' or 'In Stock'. */
export function teaserStockText(instock: number): string {
  if (instock <= 0) return OUT_OF_STOCK_TEXT;
  return isLowStock(instock) ? `Low Stock - ${instock} available` : 'In Stock';
}

/** Product page: 'Only N units in stock' at 10 or fewer. */
export function productStockNote(instock: number): string | null {
  return isLowStock(instock) ? `Only ${instock} units in stock` : null;
}

/** Package page: 'Out of Stock' or 'N package(s) in stock'. */
export function packageStockText(instock: number): string {
  return instock <= 0 ? OUT_OF_STOCK_TEXT : `${instock} package(s) in stock`;
}
