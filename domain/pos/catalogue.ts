/**
 * The register's catalogue search (GET api/pos/catalogue?q=): the shop's own products and packages
 * a cashier sells, found by name or code (a barcode scanner types the code), with their sizes,
 * stock and today's unit price. Amounts in cents.
 */
import { z } from 'zod';
import { searchWords } from '../catalog.ts';

/** Items one search answers at most. */
export const POS_CATALOGUE_LIMIT = 20;

export const posCatalogueQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search with at most 100 characters.').default(''),
});
export type PosCatalogueQuery = z.output<typeof posCatalogueQuerySchema>;

export const posCatalogueSizeSchema = z.object({
  size_id: z.number().int(),
  name: z.string(),
  instock: z.number().int(),
});
export type PosCatalogueSize = z.infer<typeof posCatalogueSizeSchema>;

export const posCatalogueItemSchema = z.object({
  kind: z.enum(['product', 'package']),
  productId: z.number().int(),
  /** Set for a package (a box of several pairs), sold under its own code and price. */
  packageId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  /** Today's price of one: a product's after its discount, a package's own. */
  unitPrice: z.number().int(),
  /** A sized product's sizes with their stock (null for a product without sizes and a package). */
  sizes: z.array(posCatalogueSizeSchema).nullable(),
  /** Stock of a product without sizes or of a package (null for a sized product: see sizes). */
  instock: z.number().int().nullable(),
});
export type PosCatalogueItem = z.infer<typeof posCatalogueItemSchema>;
export const posCatalogueSchema = z.array(posCatalogueItemSchema);

/** The words a search looks for (lower case, punctuation dropped), as the storefront's search does. */
export function catalogueWords(q: string): string[] {
  return searchWords(q);
}
