/**
 * The message catalogue the shop starts with (GET api/message, spec storefront §7): each text once,
 * in the words the spec gives. Staff may change a text in the database; these are installed when
 * missing (server/db/seed/reference-data.ts) and stand in where the catalogue cannot be read.
 * {0} is replaced by the caller (a product name, a count, an amount).
 */
import {
  GET_PRICE_TEXT,
  NOT_ENOUGH_STOCK_TEXT,
  OUT_OF_STOCK_TEXT,
  SELECT_SIZE_TEXT,
} from './catalog-display.ts';

// No Zod here (cart.ts and address.ts take their texts from this catalogue): the product page shows
// these texts and loads no validation code.

export const DEFAULT_MESSAGES = {
  not_enough_stock: NOT_ENOUGH_STOCK_TEXT,
  out_of_stock: OUT_OF_STOCK_TEXT,
  in_stock: 'In Stock',
  low_stock: 'Only {0} units in stock',
  low_stock_available: 'Low Stock - {0} available',
  packages_in_stock: '{0} package(s) in stock',
  select_size: SELECT_SIZE_TEXT,
  minimum_purchase: 'The minimum purchase is {0} before tax.',
  cart_empty: 'Your cart is currently empty.',
  wish_list_empty: 'Your wish list is currently empty.',
  ship_to_canada_only: 'Currently, we only ship to Canada',
  login_for_price: GET_PRICE_TEXT,
  custom_order_minimum: 'Quantity must be at least {0}.',
} as const;

export type MessageCode = keyof typeof DEFAULT_MESSAGES;

/** Fills the {0}, {1}... placeholders of a catalogue message. */
export function formatMessage(text: string, ...values: string[]): string {
  return text.replace(/\{(\d+)\}/g, (placeholder, index: string) => values[Number(index)] ?? placeholder);
}

/**
 * A sentence that ends with a name: its full stop, unless the name brings one ('Maple Sock Co.'
 * would otherwise read 'Co..').
 */
export function endingWith(sentence: string): string {
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}
