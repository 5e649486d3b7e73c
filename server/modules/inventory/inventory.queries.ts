/**
 * The stock statements (spec storefront §7 inventory calls), each beside the zod schema of its
 * rows (typedQuery); inventory.queries.test.ts checks them on PGlite and PostgreSQL.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { InventoryCheck } from '../../../domain/catalog.ts';
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
