import { paths } from '../lib/paths.ts';

/**
 * Where a product in a list or a search suggestion leads: the package page for a product of a
 * package category (it carries the package id, pkId), else the product page.
 */
export function productHref(product: { id: number; category_id: number; pkId: number | null }): string {
  return product.pkId === null
    ? paths.product(product.category_id, product.id)
    : paths.packageDetail(product.pkId, product.id);
}
