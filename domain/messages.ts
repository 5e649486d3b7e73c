/**
 * The message catalogue the shop starts with (GET api/message, spec storefront §7): each text once,
 * in the words the spec gives. Staff may change a text in the database; these are installed when
 * missing (server/db/seed/reference-data.ts) and stand in where the catalogue cannot be read.
 * {0} is replaced by the caller (a product name, a count, an amount).
 */
import { SHIP_ONLY_TO_CANADA_NOTE } from './address.ts';
import { OUT_OF_STOCK_TEXT } from './card-texts.ts';
import { EMPTY_CART_TEXT, EMPTY_WISH_LIST_TEXT, SELECT_SIZE_MESSAGE } from './cart.ts';
import { GET_PRICE_TEXT } from './catalog.ts';

export const DEFAULT_MESSAGES = {
  not_enough_stock: 'Sorry, there is not enough stock for {0}.',
  out_of_stock: OUT_OF_STOCK_TEXT,
  in_stock: 'In Stock',
  low_stock: 'Only {0} units in stock',
  low_stock_available: 'Low Stock - {0} available',
  packages_in_stock: '{0} package(s) in stock',
  select_size: SELECT_SIZE_MESSAGE,
  minimum_purchase: 'The minimum purchase is {0} before tax.',
  cart_empty: EMPTY_CART_TEXT,
  wish_list_empty: EMPTY_WISH_LIST_TEXT,
  ship_to_canada_only: SHIP_ONLY_TO_CANADA_NOTE,
  login_for_price: GET_PRICE_TEXT,
  custom_order_minimum: 'Quantity must be at least {0}.',
} as const;

export type MessageCode = keyof typeof DEFAULT_MESSAGES;
