/**
 * The catalogue in the back office (ADMIN): the shopping tabs and their groups
 * (api/admin/categories), the products (api/admin/products) and their images (api/admin/images).
 * Prices in integer cents; box sizes in millimetres and grams.
 */
import { z } from 'zod';
import {
  AMOUNT_MAX_CENTS,
  bodyId,
  boundedWholeNumber,
  idSchema,
  numberError,
  optionalText,
  pageNumberSchema,
  requiredText,
} from '../validation.ts';

/** The version a save was made from: a save from an older one gets 409 version_conflict. */
const version = boundedWholeNumber('Version', { min: 1, max: 2_147_483_647 });

/** An image of the shop's own (what POST api/admin/images answers), in its full variant. */
export const mediaUrlSchema = z
  .string({ error: 'An image must be the address POST api/admin/images gave.' })
  .regex(
    /^\/(media|images)\/full\/[\w.-]+\.webp$/,
    'An image must be the address POST api/admin/images gave.',
  );

/** An uploaded image, or '' for none. */
const imageOrNone = z.union([z.literal(''), mediaUrlSchema]);

// ---------------------------------------------------------------- categories

/** Tabs first, each with its groups, in their order. */
export const adminCategorySchema = z.object({
  id: z.number().int(),
  /** A package tab (and its groups) sells boxed sets: its products' packages. */
  is_package: z.boolean(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  icon: z.string(),
  /** A tab's heading over its products (its phase), '' for a group. */
  heading: z.string(),
  sort_order: z.number().int(),
  hidden: z.boolean(),
  version: z.number().int(),
  products: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryTreeSchema = z.array(
  adminCategorySchema.extend({ groups: z.array(adminCategorySchema) }),
);
export type AdminCategoryTree = z.infer<typeof adminCategoryTreeSchema>;

const categoryFields = {
  name: requiredText('Name', { max: 60 }),
  /** A tab's icon (an uploaded image), shown on the shopping tabs. */
  icon: imageOrNone,
  heading: optionalText('Heading', 200),
  sort_order: boundedWholeNumber('Order', { min: 0, max: 10_000 }),
  hidden: z.boolean({ error: 'Hidden must be true or false.' }),
};

/** POST api/admin/categories: a tab (parent_id null) or a group of a tab. */
export const categoryCreateSchema = z.strictObject({
  parent_id: bodyId('Tab').nullable().default(null),
  name: categoryFields.name,
  icon: categoryFields.icon.default(''),
  heading: categoryFields.heading,
  sort_order: categoryFields.sort_order.optional(),
  hidden: categoryFields.hidden.default(false),
  /** For a tab: it sells packages (boxed sets); a group is as its tab. */
  is_package: z.boolean({ error: 'Packages must be true or false.' }).default(false),
});
export type CategoryCreate = z.input<typeof categoryCreateSchema>;
export type CategoryCreateData = z.output<typeof categoryCreateSchema>;

/** PATCH api/admin/categories/{id}: rename, reorder, hide or show, with the version it was read at. */
export const categoryUpdateSchema = z.strictObject({
  version,
  name: categoryFields.name.optional(),
  icon: categoryFields.icon.optional(),
  heading: z.string().trim().max(200, 'Heading cannot be more than 200 characters long.').optional(),
  sort_order: categoryFields.sort_order.optional(),
  hidden: categoryFields.hidden.optional(),
});
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;
export type CategoryUpdateData = z.output<typeof categoryUpdateSchema>;

// ---------------------------------------------------------------- products

export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCTS_PAGE_SIZE = 50;

/**
 * A price in cents: more than 0 (a price of 0 would sell the item for nothing, and a sale price of 0
 * is what a slip of the keyboard leaves, not a sale: no sale is an empty field).
 */
const price = (label: string, whenZero: string) =>
  z
    .number({ error: numberError(label) })
    .int(`${label} must be a whole number.`)
    .min(1, whenZero)
    .max(AMOUNT_MAX_CENTS, `${label} cannot be more than ${AMOUNT_MAX_CENTS}.`);

/** A product's or package's price, in cents. */
export const itemPriceSchema = price('Price', 'Price must be more than 0.');
/** A product's sale price, in cents (no sale is null). */
export const salePriceSchema = price(
  'Sale price',
  'Sale price must be more than 0: leave it empty for no sale.',
);

/** The longest name of a product or package, in the form and in the stock CSV. */
export const ITEM_NAME_MAX = 120;
const millimetres = (label: string) => boundedWholeNumber(label, { min: 1, max: 2_000 });

/** One unit in its shipping box: millimetres and grams. */
export const boxSchema = z.strictObject({
  length_mm: millimetres('Length'),
  width_mm: millimetres('Width'),
  height_mm: millimetres('Height'),
  weight_g: boundedWholeNumber('Weight', { min: 1, max: 70_000 }),
});
export type Box = z.infer<typeof boxSchema>;

const productFields = {
  code: z
    .string({ error: 'Code is required.' })
    .trim()
    .min(1, 'Code is required.')
    .max(40, 'Code cannot be more than 40 characters long.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Code may contain only letters, digits and . _ -')
    .transform((code) => code.toUpperCase()),
  name: requiredText('Name', { max: ITEM_NAME_MAX }),
  short_description: optionalText('Short description', 300),
  long_description: optionalText('Long description', 5_000),
  price: itemPriceSchema,
  /** The price on sale; null: no sale. */
  sale_price: salePriceSchema.nullable(),
  /** The group (a category under a tab) the product is listed in. */
  category_id: bodyId('Group'),
  is_new: z.boolean({ error: 'New must be true or false.' }),
  /** The sizes it comes in (a size type), null for a product without sizes. */
  size_type_id: bodyId('Sizes').nullable(),
  /** Products of one family are the same item in other colours (each other's colour siblings). */
  family: z
    .string({ error: 'Family must be text.' })
    .trim()
    .max(60, 'Family cannot be more than 60 characters long.')
    .nullish()
    .transform((family) => (family ? family : null)),
  color: optionalText('Colour', 40),
  /** The images in order; the first is the one lists show. */
  images: z
    .array(mediaUrlSchema, { error: 'Images must be a list.' })
    .max(PRODUCT_IMAGES_MAX, `A product has at most ${PRODUCT_IMAGES_MAX} images.`),
  box: boxSchema.nullable(),
  /** False: archived, no longer shown or sold (a product on orders is never deleted). */
  active: z.boolean({ error: 'Visible must be true or false.' }),
};

const salePriceBelowPrice = (product: { price?: number; sale_price?: number | null }) =>
  product.sale_price === null ||
  product.sale_price === undefined ||
  product.price === undefined ||
  product.sale_price < product.price;
const SALE_PRICE_MESSAGE = { path: ['sale_price'], message: 'Sale price must be less than the price.' };

/** POST api/admin/products, before its rule across fields (the web's form extends it). */
export const productCreateFieldsSchema = z.strictObject({
  ...productFields,
  short_description: productFields.short_description,
  sale_price: productFields.sale_price.default(null),
  is_new: productFields.is_new.default(false),
  size_type_id: productFields.size_type_id.default(null),
  images: productFields.images.default([]),
  box: productFields.box.default(null),
  active: productFields.active.default(true),
});

/**
 * The catalogue keeps a product's sale as the discount off its price; the back office (its form, the
 * stock CSV) shows and takes the sale price. null: not on sale.
 */
export function salePriceOf(pricing: number, priceDiscount: number): number | null {
  return priceDiscount > 0 ? pricing - priceDiscount : null;
}

/** The discount that makes `price` sell at `salePrice`; 0 when it is not on sale. */
export function discountFor(price: number, salePrice: number | null): number {
  return salePrice === null ? 0 : price - salePrice;
}

/** A sale price is less than the price. */
export function withSalePriceRule<T extends z.ZodType<{ price?: number; sale_price?: number | null }>>(
  schema: T,
) {
  return schema.refine(salePriceBelowPrice, SALE_PRICE_MESSAGE);
}

/** POST api/admin/products. */
export const productCreateSchema = withSalePriceRule(productCreateFieldsSchema);
export type ProductCreate = z.input<typeof productCreateSchema>;
export type ProductCreateData = z.output<typeof productCreateSchema>;

/**
 * PATCH api/admin/products/{id}: the fields to change, with the version the form was read at.
 * The sizes are the product's for good (its stock and orders are per size): not among them.
 */
export const productUpdateSchema = z
  .strictObject({
    version,
    code: productFields.code.optional(),
    name: productFields.name.optional(),
    short_description: productFields.short_description.optional(),
    long_description: productFields.long_description.optional(),
    price: productFields.price.optional(),
    sale_price: productFields.sale_price.optional(),
    category_id: productFields.category_id.optional(),
    is_new: productFields.is_new.optional(),
    family: productFields.family.optional(),
    color: productFields.color.optional(),
    images: productFields.images.optional(),
    box: productFields.box.optional(),
    active: productFields.active.optional(),
  })
  .refine(salePriceBelowPrice, SALE_PRICE_MESSAGE);
export type ProductUpdate = z.input<typeof productUpdateSchema>;
export type ProductUpdateData = z.output<typeof productUpdateSchema>;

/** A boxed set of a product of a package tab. */
export const adminPackageSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  long_description: z.string(),
  price: z.number().int(),
  /** Its image's full variant, '' for none. */
  icon: z.string(),
  color: z.string(),
  active: z.boolean(),
  instock: z.number().int(),
  version: z.number().int(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;

/** GET api/admin/products/{id}: the product as the form edits it. */
export const adminProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  short_description: z.string(),
  long_description: z.string(),
  price: z.number().int(),
  sale_price: z.number().int().nullable(),
  category_id: z.number().int(),
  is_new: z.boolean(),
  size_type_id: z.number().int().nullable(),
  family: z.string().nullable(),
  color: z.string(),
  images: z.array(z.string()),
  box: boxSchema.nullable(),
  active: z.boolean(),
  version: z.number().int(),
  /** ISO 8601, UTC. */
  updated_at: z.string(),
  /** Stock per size (size_id null without sizes), set on the stock page. */
  stock: z.array(
    z.object({
      size_id: z.number().int().nullable(),
      size_name: z.string().nullable(),
      instock: z.number().int(),
    }),
  ),
  /** The other products of its family. */
  siblings: z.array(z.object({ id: z.number().int(), code: z.string(), color: z.string() })),
  /** The boxed sets sold for it (a product of a package tab); each other's colour siblings. */
  packages: z.array(adminPackageSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET api/admin/products?q=&category_id=&archived=&page=. */
export const productListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search cannot be more than 100 characters long.').optional(),
  category_id: idSchema.optional(),
  archived: z
    .enum(['true', 'false'], { error: 'Archived must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  page: pageNumberSchema,
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const productListSchema = z.object({
  products: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      icon: z.string(),
      price: z.number().int(),
      sale_price: z.number().int().nullable(),
      category: z.string(),
      tab: z.string(),
      active: z.boolean(),
      instock: z.number().int(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** GET api/admin/size-types: the sizes a product can come in. */
export const sizeTypesSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), sizes: z.array(z.string()) }),
);
export type SizeTypes = z.infer<typeof sizeTypesSchema>;

/** POST api/admin/images answers the image's full variant; the others swap the folder. */
export const mediaUploadSchema = z.object({ url: z.string() });

/** POST api/admin/size-types: a set of sizes products can come in ('Socks': S, M, L), in order. */
export const sizeTypeCreateSchema = z.strictObject({
  name: requiredText('Name', { max: 60 }),
  sizes: z
    .array(requiredText('A size', { max: 20 }), { error: 'Sizes must be a list.' })
    .min(1, 'Give at least one size.')
    .max(20, 'At most 20 sizes.')
    .refine(
      (names) => new Set(names.map((name) => name.toLowerCase())).size === names.length,
      'Each size once.',
    ),
});
export type SizeTypeCreate = z.input<typeof sizeTypeCreateSchema>;
export type SizeTypeCreateData = z.output<typeof sizeTypeCreateSchema>;

// ---------------------------------------------------------------- packages

const packageFields = {
  code: productFields.code,
  name: productFields.name,
  long_description: productFields.long_description,
  price: productFields.price,
  icon: imageOrNone,
  color: productFields.color,
  active: productFields.active,
};

/** POST api/admin/packages: a boxed set of a product of a package tab (its stock on the stock page). */
export const packageCreateSchema = z.strictObject({
  product_id: bodyId('Product'),
  ...packageFields,
  icon: packageFields.icon.default(''),
  active: packageFields.active.default(true),
});
export type PackageCreate = z.input<typeof packageCreateSchema>;
export type PackageCreateData = z.output<typeof packageCreateSchema>;

/** PATCH api/admin/packages/{id}: the fields to change, with the version read. */
export const packageUpdateSchema = z.strictObject({
  version,
  code: packageFields.code.optional(),
  name: packageFields.name.optional(),
  long_description: packageFields.long_description.optional(),
  price: packageFields.price.optional(),
  icon: packageFields.icon.optional(),
  color: packageFields.color.optional(),
  active: packageFields.active.optional(),
});
export type PackageUpdate = z.input<typeof packageUpdateSchema>;
export type PackageUpdateData = z.output<typeof packageUpdateSchema>;
