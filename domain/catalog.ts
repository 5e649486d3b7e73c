/**
 * The catalogue contract (spec storefront §2, §3, §7, §9): what the catalogue, inventory, phase,
 * showroom and search calls answer. Amounts are cents; `pricing` is null whenever prices must not be
 * shown (a visitor, or the show-price setting off), and the server leaves it out, not just the web.
 */
import { z } from 'zod';
import { CART_QUANTITY_MAX } from './cart.ts';
import {
  CATEGORY_PAGE_MAX,
  GROUP_PAGE_SIZE,
  SEARCH_MIN_LENGTH,
  SEARCH_PAGE_SIZE,
} from './catalog-display.ts';
import { bodyId, boundedWholeNumber, PG_INTEGER_MAX } from './validation.ts';

// Constants and texts (spec §9), images, prices, stock texts, the order buttons' rule:
// catalog-display.ts and images.ts, modules without Zod for the web's pages.

// ---------------------------------------------------------------- search rules

/**
 * The words a search text is matched by: lower case, split on anything that is not a letter or a
 * digit ('Over-the-Knee' -> over, the, knee). The server matches each word as a word prefix.
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

// ---------------------------------------------------------------- request parameters

/** An id in a path: a positive whole number (anything else is a 400, an unknown id a 404). */
export const catalogIdSchema = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be positive.')
  .max(PG_INTEGER_MAX, 'Must be a valid id.');
export const idParamsSchema = z.strictObject({ id: catalogIdSchema });
export const categoryIdParamsSchema = z.strictObject({ categoryId: catalogIdSchema });
export const productParamsSchema = z.strictObject({ ctid: catalogIdSchema, id: catalogIdSchema });
export const packageParamsSchema = z.strictObject({ productId: catalogIdSchema, packageId: catalogIdSchema });
export const productSizeParamsSchema = z.strictObject({ id: catalogIdSchema, sizeId: catalogIdSchema });
export const productIdParamsSchema = z.strictObject({ productId: catalogIdSchema });

/** GET api/categories/{id}/products?offset=&limit= */
export const categoryProductsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(CATEGORY_PAGE_MAX).default(GROUP_PAGE_SIZE),
});

// ---------------------------------------------------------------- shapes

const cents = z.number().int();
const price = cents.nullable();

export const sizeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  /** Stock of the product in this size. */
  instock: z.number().int(),
});
export type Size = z.infer<typeof sizeSchema>;

export const siblingSchema = z.object({
  id: z.number().int(),
  icon: z.string(),
  name: z.string(),
  color: z.string(),
  /** Its stock (a product's over all sizes): a sold-out colour is marked and cannot be chosen. */
  instock: z.number().int(),
});

/** A product in a list (phase groups, search results, category pages). */
export const productCardSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  pricing: price,
  price_discount: price,
  short_description: z.string(),
  withsize: z.boolean(),
  isNew: z.boolean(),
  /** Total stock over all sizes. */
  instock: z.number().int(),
  /** For products of a package category: the package the card opens (package/{pkId}/{id}). */
  pkId: z.number().int().nullable(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** Products on each list of the home page. */
export const HOME_LIST_PRODUCTS = 4;

/**
 * GET api/products/home: the newest products (last added) and the most visited, for the home page.
 * A visitor's lists hold only products a visitor may open (the showroom's and the teaser's), without
 * prices.
 */
export const homeProductsSchema = z.object({
  newest: z.array(productCardSchema),
  popular: z.array(productCardSchema),
});
export type HomeProducts = z.infer<typeof homeProductsSchema>;

/** GET api/product/{ctid}/{id} */
export const productDetailSchema = productCardSchema.extend({
  category_name: z.string(),
  long_description: z.string(),
  color: z.string(),
  size_type_id: z.number().int().nullable(),
  size: z.array(sizeSchema),
  /** Colour variants: the product's whole family, itself included; empty when it has no variants. */
  others: z.array(siblingSchema),
  product_images: z.array(z.object({ id: z.number().int(), image: z.string() })),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** GET api/package/{productId}/{packageId} */
export const packageDetailSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  category_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  pricing: price,
  long_description: z.string(),
  icon: z.string(),
  color: z.string(),
  instock: z.number().int(),
  /** Colour selector: the other packages of the same product (the current one included, marked by id). */
  others: z.array(siblingSchema),
  /** Product selector: the other products of the package category, each opening its first package. */
  products: z.array(
    z.object({ id: z.number().int(), pkId: z.number().int(), icon: z.string(), name: z.string() }),
  ),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

/** GET api/categories/root: the shopping tabs. */
export const rootCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  isPackage: z.boolean(),
  /** The tab and every category under it: categories/{id} of a group opens this tab. */
  category_ids: z.array(z.number().int()),
});
export type RootCategory = z.infer<typeof rootCategorySchema>;

/** GET api/phasebycategory/{categoryId}: a tab's heading and its non-empty groups. */
export const phaseSchema = z.object({
  category_id: z.number().int(),
  short_description: z.string(),
  long_description: z.string(),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** All the group's products, for '(n products)'. */
      product_count: z.number().int(),
      /** The first GROUP_PAGE_SIZE of them. */
      products: z.array(productCardSchema),
    }),
  ),
});
export type Phase = z.infer<typeof phaseSchema>;

/** GET api/phaseproduct: every tab's heading and explanation. */
export const phaseSummarySchema = z.object({
  category_id: z.number().int(),
  short_description: z.string(),
  long_description: z.string(),
});
export type PhaseSummary = z.infer<typeof phaseSummarySchema>;

/** GET api/categories/{id}/products?offset=&limit=: more of a group, or all products under a tab. */
export const categoryProductsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  total: z.number().int(),
  products: z.array(productCardSchema),
});

/** GET api/getShowRoomProducts (public): 10 products per category, no prices. */
export const showroomCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many products the category really has (the showroom shows at most 10). */
  product_count: z.number().int(),
  products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      icon: z.string(),
      /** Where the product opens: product/{category_id}/{product_id}, or package/{pkId}/{product_id}. */
      category_id: z.number().int(),
      pkId: z.number().int().nullable(),
    }),
  ),
});
export type ShowroomCategory = z.infer<typeof showroomCategorySchema>;

/** GET api/products/teaser (public): the 8 products of the product-list teaser, no prices. */
export const teaserProductSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  isNew: z.boolean(),
  instock: z.number().int(),
  /** For a product of a package category: the package it opens (package/{pkId}/{id}). */
  pkId: z.number().int().nullable(),
});
export type TeaserProduct = z.infer<typeof teaserProductSchema>;

/** GET api/categories/top: the dashboard's 'The Most Popular Products' tiles, ranked by visits. */
export const dashboardTileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isPackage: z.boolean(),
  /** Distinct designs and colours under the category, for the 'N types, M colours' line. */
  types: z.number().int(),
  colours: z.number().int(),
  /** Up to DASHBOARD_TILE_IMAGES of its most visited products. */
  products: z.array(
    z.object({
      id: z.number().int(),
      ctid: z.number().int(),
      pkId: z.number().int().nullable(),
      name: z.string(),
      icon: z.string(),
    }),
  ),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

/** GET api/categories/counts: per root category, its groups and products. */
export const categoryCountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category_number: z.number().int(),
  product_number: z.number().int(),
});

/** GET api/product?term=&offset=&limit=: suggestions and search results. Total in X-Total-Count. */
export const searchQuerySchema = z.object({
  term: z
    .string({ error: `Please type at least ${SEARCH_MIN_LENGTH} characters.` })
    .trim()
    .min(SEARCH_MIN_LENGTH, `Please type at least ${SEARCH_MIN_LENGTH} characters.`)
    .max(100, 'The search text cannot be more than 100 characters long.'),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
});
export const searchResultSchema = productCardSchema.extend({ category_name: z.string() });
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Inventory answers (GET api/inventory/product/{id}[/{sizeId}], api/inventory/package/{id}). */
export const instockSchema = z.object({ instock: z.number().int() });
export type Instock = z.infer<typeof instockSchema>;
/** GET api/inventory/category/{id}: stock of every product and size under a category. */
export const categoryInventorySchema = z.array(
  z.object({ product_id: z.number().int(), size_id: z.number().int().nullable(), instock: z.number().int() }),
);
export type CategoryInventory = z.infer<typeof categoryInventorySchema>;

/** POST api/inventory/products: cart lines to check; answers the lines lacking stock. */
export const inventoryCheckSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        productId: bodyId('productId'),
        size_id: bodyId('size_id').nullable().default(null),
        packageId: bodyId('packageId').nullable().default(null),
        quantity: boundedWholeNumber('Quantity', { min: 1, max: CART_QUANTITY_MAX }),
      }),
    )
    .max(200),
});
export type InventoryCheck = z.output<typeof inventoryCheckSchema>;
export const inventoryShortSchema = z.array(
  z.object({
    product_id: z.number().int(),
    size_id: z.number().int().nullable(),
    package_id: z.number().int().nullable(),
    instock: z.number().int(),
  }),
);

export type InventoryShort = z.infer<typeof inventoryShortSchema>;

/** Special offers (GET api/specialoffer/{id}, api/allspecialoffers, api/specialoffer/product/{productId}). */
export const specialOfferSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  title: z.string(),
  detail: z.string(),
  rules: z.string(),
});

/** GET api/specialofferrule/{id}: the rules of one offer. */
export const specialOfferRuleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  rules: z.string(),
});

/** GET api/Dimension/all and POST api/Dimension/byproductid. Millimetres and grams. */
export const dimensionSchema = z.object({
  product_id: z.number().int().nullable(),
  size_id: z.number().int().nullable(),
  package_id: z.number().int().nullable(),
  length: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  weight: z.number().int(),
});
export const dimensionQuerySchema = z.strictObject({
  product_id: bodyId('product_id'),
  size_id: bodyId('size_id').nullable().default(null),
});
