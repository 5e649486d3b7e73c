/**
 * What the catalogue's pages show and allow (spec storefront §2, §9): its constants and texts, the
 * sale price, the stock texts, the order buttons' rule. In a module without Zod, so that a visitor's
 * first page and the product, package and showroom pages load no validation code (catalog.ts holds
 * the schemas).
 */

// ---------------------------------------------------------------- constants (spec §9)

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_SUGGESTION_LIMIT = 8;
export const SHOWROOM_PER_CATEGORY = 10;
export const TEASER_PRODUCTS = 8;
export const DASHBOARD_TILE_IMAGES = 3;
export const INITIAL_CATEGORY_ID = 1;

export const SHOWROOM_NOTICE =
  'Display is limited to 10 products per category. Apply to Signup or Log in to view full range and pricing.';
export const TEASER_NOTICE =
  'Display is limited to 8 products per category. Please apply for an account or login to see full range';
export const PRODUCT_LOAD_ERROR = 'Something bad happened; please try again later.';
/** 401 for a visitor asking for a product outside the showroom and the teaser. */
export const VISITOR_PRODUCT_MESSAGE = 'Please log in to see this product.';
/** Most products GET api/categories/{id}/products answers at once. */
export const CATEGORY_PAGE_MAX = 100;

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

/** A shopping tab shows this many products per group at first; the rest come with 'Show more'. */
export const GROUP_PAGE_SIZE = 24;

export const GET_PRICE_TEXT = 'Log in / Sign up to get price';

export const SELECT_SIZE_TEXT = 'Please select a size';

export interface OrderButtonState {
  instock: number;
  quantity: number;
  withsize: boolean;
  sizeId: number | null;
}

/** Order and add buttons are disabled when stock is 0, below the quantity, or a size is missing. */
export function orderButtonsDisabled({ instock, quantity, withsize, sizeId }: OrderButtonState): boolean {
  return instock <= 0 || instock < quantity || quantity < 1 || (withsize && sizeId === null);
}

/** A quantity box's value: a whole number, or '' while the shopper has emptied it to type another. */
export type QuantityInput = number | '';

/**
 * The box's value from its NumberInput: emptied, it stays empty. Shown as 0 instead, with the caret
 * before it, the next digit typed made 3 read 30.
 */
export function quantityInput(value: number | string): QuantityInput {
  return typeof value === 'number' ? value : '';
}

/** The quantity a box means: 0 while it is empty. */
export function quantityOf(input: QuantityInput): number {
  return input === '' ? 0 : input;
}

/** In price mode the quantity resets to 0 when there is no stock; otherwise to 1. */
export function resetQuantity(showPrices: boolean, instock: number): number {
  return showPrices && instock <= 0 ? 0 : 1;
}

/** When the quantity exceeds the stock; {0} is the product's name (spec §2 Product detail). */
export const NOT_ENOUGH_STOCK_TEXT = 'Sorry, there is not enough stock for {0}.';
