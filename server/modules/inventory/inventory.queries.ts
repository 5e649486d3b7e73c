/**
 * The stock statements (spec storefront §7 inventory calls), each beside the zod schema of its
 * rows (typedQuery); inventory.queries.test.ts checks them on PGlite and PostgreSQL.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { InventoryCheck } from '../../../domain/catalog.ts';
import { intArray } from '../../db/arrays.ts';
import { typedQuery } from '../../db/typed-query.ts';
import { type CategoryNode, categoryMap } from '../catalog/category-tree.ts';

const id = z.number().int();

const instockRowSchema = z.object({ instock: id });

/** An active product's stock over all its sizes; no row when it is unknown or inactive. */
export const selectProductStock = typedQuery(
  instockRowSchema,
  (productId: number) =>
    sql`SELECT coalesce((SELECT sum(s.instock) FROM stock s WHERE s.product_id = p.id), 0)::int AS instock
        FROM products p WHERE p.id = ${productId} AND p.active`,
);

const sizeStockRowSchema = z.object({ size_id: id.nullable(), instock: id });

/** An active product's stock in a size; size_id null when the size is not one of the product's. */
export const selectSizeStock = typedQuery(
  sizeStockRowSchema,
  (productId: number, sizeId: number) =>
    sql`SELECT z.id AS size_id, coalesce(st.instock, 0)::int AS instock
        FROM products p
        LEFT JOIN sizes z ON z.id = ${sizeId} AND z.type_id = p.size_type_id
        LEFT JOIN stock st ON st.product_id = p.id AND st.size_id = z.id
        WHERE p.id = ${productId} AND p.active`,
);

const packageStockRowSchema = z.object({ product_id: id, instock: id });

export const selectPackageStock = typedQuery(
  packageStockRowSchema,
  (packageId: number) =>
    sql`SELECT k.product_id, k.instock FROM packages k JOIN products p ON p.id = k.product_id
        WHERE k.id = ${packageId} AND p.active`,
);

const categoryStockRowSchema = z.object({ product_id: id, size_id: id.nullable(), instock: id });

/** The stock of every product and size under a category, in display order. */
export const selectCategoryStock = typedQuery(
  categoryStockRowSchema,
  (categoryId: number, categories: readonly CategoryNode[]) =>
    sql`SELECT s.product_id, s.size_id, s.instock
        FROM stock s JOIN products p ON p.id = s.product_id
        JOIN ${categoryMap([{ groupId: categoryId, categories }])} ON cm.category_id = p.category_id
        LEFT JOIN sizes z ON z.id = s.size_id
        WHERE p.active
        ORDER BY cm.ord, p.sort_order, p.id, z.sort_order NULLS FIRST, s.size_id NULLS FIRST`,
);

const lineStockRowSchema = z.object({
  product_id: id,
  size_id: id.nullable(),
  package_id: id.nullable(),
  quantity: id,
  instock: id,
});

/** Each line with the stock of its item (0 for an unknown or inactive item), in the lines' order. */
export const selectLineStock = typedQuery(lineStockRowSchema, (lines: InventoryCheck['lines']) => {
  const values: SQL[] = lines.map(
    (line, index) =>
      sql`(${index}::int, ${line.productId}::int, ${line.size_id}::int, ${line.packageId}::int, ${line.quantity}::int)`,
  );
  return sql`SELECT v.product_id, v.size_id, v.package_id, v.quantity,
          coalesce(CASE WHEN v.package_id IS NOT NULL THEN
            (SELECT k.instock FROM packages k JOIN products p ON p.id = k.product_id
              WHERE k.id = v.package_id AND p.active)
          ELSE
            (SELECT s.instock FROM stock s JOIN products p ON p.id = s.product_id
              WHERE s.product_id = v.product_id AND s.size_id IS NOT DISTINCT FROM v.size_id AND p.active)
          END, 0)::int AS instock
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(line, product_id, size_id, package_id, quantity)
        ORDER BY v.line`;
});

/** One item a sale takes, by its position among the sale's items. */
export interface ItemToTake {
  position: number;
  id: number;
  sizeId: number | null;
  quantity: number;
}

const takenRowSchema = z.object({ position: id });

const wantedItems = (items: readonly Omit<ItemToTake, 'position' | 'quantity'>[]) =>
  sql`SELECT * FROM json_to_recordset(${JSON.stringify(items)}::json)
      AS w(position int, id int, "sizeId" int, quantity int)`;

/**
 * The wanted items' ids, for the index: the planner guesses a json_to_recordset at 100 rows, and
 * joined on that guess alone it read the whole stock table for each sale (a hash join over a
 * sequential scan: 31,000 rows and 5 ms an order at 10,000 products, against 0.4 ms by the index).
 */
const wantedIds = (items: readonly Pick<ItemToTake, 'id'>[]) =>
  intArray([...new Set(items.map((item) => item.id))]);

/**
 * The one order in which whatever changes several items' stock locks their rows: stock rows by
 * product and size (no size first), then packages by id. Two writers that lock in one order wait
 * for each other in turn, never in a circle (a deadlock, which fails one of them).
 */
const STOCK_LOCK_ORDER = sql`ORDER BY s.product_id, s.size_id NULLS FIRST FOR UPDATE OF s`;
const PACKAGE_LOCK_ORDER = sql`ORDER BY k.id FOR UPDATE OF k`;

/**
 * The statement that takes a sale's products (each `id` a product, in its size) or its packages
 * (each `id` a package), every item where enough is left, answering the positions of the items
 * taken. The rows are locked in the lock order before any is changed; a row another sale changed
 * meanwhile is checked again as it is now. `after`, when given, is a condition the locking read
 * evaluates before its first row: another part of the same statement it must wait for.
 */
function taking(kind: 'products' | 'packages', items: readonly ItemToTake[], after?: SQL): SQL {
  const waiting = after ? sql` AND ${after}` : sql``;
  return kind === 'products'
    ? sql`WITH wanted AS (${wantedItems(items)}), locked AS (
            SELECT s.id, w.position, w.quantity FROM stock s
            JOIN wanted w ON s.product_id = w.id AND s.size_id IS NOT DISTINCT FROM w."sizeId"
            WHERE s.product_id = ANY(${wantedIds(items)}) AND s.instock >= w.quantity${waiting}
            ${STOCK_LOCK_ORDER})
          UPDATE stock s SET instock = s.instock - l.quantity FROM locked l WHERE s.id = l.id
          RETURNING l.position`
    : sql`WITH wanted AS (${wantedItems(items)}), locked AS (
            SELECT k.id, w.position, w.quantity FROM packages k JOIN wanted w ON k.id = w.id
            WHERE k.id = ANY(${wantedIds(items)}) AND k.instock >= w.quantity${waiting}
            ${PACKAGE_LOCK_ORDER})
          UPDATE packages k SET instock = k.instock - l.quantity FROM locked l WHERE k.id = l.id
          RETURNING l.position`;
}

/** Takes the stock of a sale's products or of its packages in one statement (see taking). */
export const takeItems = typedQuery(
  takenRowSchema,
  (kind: 'products' | 'packages', items: readonly ItemToTake[]) => taking(kind, items),
);

/**
 * A sale's stock taken by a larger statement (a web order's: insertOrder), as two of its common
 * table expressions, `taken_products` and `taken_packages`, each answering the positions of the
 * items it took. The packages' locking read waits for the products to be taken, so the rows are
 * locked in the lock order, as takeItems' two statements lock them. Short of an item, the larger
 * statement must not stand: insertOrder then refuses (shop_refuse), which undoes what was taken.
 */
export function stockTaken(products: readonly ItemToTake[], packages: readonly ItemToTake[]): SQL {
  return sql`taken_products AS (${taking('products', products)}),
        taken_packages AS (${taking('packages', packages, sql`(SELECT count(*) FROM taken_products) >= 0`)})`;
}

/**
 * Locks the stock rows of products (each `id` a product, in its size) or the packages, in the lock
 * order, and changes nothing: for a writer that then changes them one by one in another order (a
 * stock import, line by line).
 */
export const lockItems = typedQuery(
  z.object({ id }),
  (kind: 'products' | 'packages', items: readonly Omit<ItemToTake, 'position' | 'quantity'>[]) =>
    kind === 'products'
      ? sql`WITH wanted AS (${wantedItems(items)})
            SELECT s.id FROM stock s
            JOIN wanted w ON s.product_id = w.id AND s.size_id IS NOT DISTINCT FROM w."sizeId"
            WHERE s.product_id = ANY(${wantedIds(items)})
            ${STOCK_LOCK_ORDER}`
      : sql`WITH wanted AS (${wantedItems(items)})
            SELECT k.id FROM packages k JOIN wanted w ON k.id = w.id
            WHERE k.id = ANY(${wantedIds(items)})
            ${PACKAGE_LOCK_ORDER}`,
);
