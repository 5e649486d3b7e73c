/**
 * Stock levels set or adjusted by staff (PUT api/admin/stock): every line in one transaction, each
 * with its row locked, written to the history (stock_changes), and the storefront's cache told.
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  STOCK_PAGE_SIZE,
  type StockHistory,
  type StockHistoryQuery,
  type StockLevel,
  type StockList,
  type StockListQuery,
  type StockReason,
} from '../../../domain/admin/stock.ts';
import type { Database, Tx } from '../../db/database.ts';
import { packages, products, sizes, stock, stockChanges } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { lockStock } from '../inventory/stock-taking.ts';
import { recordAudit } from './audit.ts';
import { totalOf } from './paging.ts';
import { PLANNED_FOR_THE_TEXT, selectStockHistoryPage, selectStockPage } from './stock.queries.ts';

export interface StockChangeInput {
  productId: number;
  size_id: number | null;
  packageId: number | null;
  instock?: number | undefined;
  adjust?: number | undefined;
  reason: StockReason;
}

/** The level a line asks for, from the level before it. */
function levelAfter(before: number, change: StockChangeInput, item: string): number {
  const after = change.instock ?? before + (change.adjust ?? 0);
  if (after < 0) {
    throw new AppError(
      'not_enough_stock',
      `${item} has ${before} in stock: it cannot go down by ${-(change.adjust ?? 0)}.`,
      409,
    );
  }
  return after;
}

async function changePackage(tx: Tx, change: StockChangeInput & { packageId: number }): Promise<StockLevel> {
  const [row] = await tx
    .select({ code: packages.code, instock: packages.instock })
    .from(packages)
    .where(and(eq(packages.id, change.packageId), eq(packages.productId, change.productId)))
    .for('update');
  if (!row) throw notFound(`Package ${change.packageId} of product ${change.productId}`);
  const after = levelAfter(row.instock, change, `Package ${row.code}`);
  await tx.update(packages).set({ instock: after }).where(eq(packages.id, change.packageId));
  return { ...change, before: row.instock, instock: after };
}

async function changeProduct(tx: Tx, change: StockChangeInput): Promise<StockLevel> {
  const [product] = await tx
    .select({ code: products.code, sizeTypeId: products.sizeTypeId })
    .from(products)
    .where(eq(products.id, change.productId));
  if (!product) throw notFound(`Product ${change.productId}`);
  if (product.sizeTypeId === null && change.size_id !== null) {
    throw badRequest(`${product.code} has no sizes: leave size_id out.`, {
      size_id: 'This product has no sizes.',
    });
  }
  let item = product.code;
  if (product.sizeTypeId !== null) {
    const [size] =
      change.size_id === null
        ? []
        : await tx
            .select({ name: sizes.name })
            .from(sizes)
            .where(and(eq(sizes.id, change.size_id), eq(sizes.typeId, product.sizeTypeId)));
    if (!size) {
      throw badRequest(`Choose one of ${product.code}'s sizes.`, {
        size_id: 'This is not a size of the product.',
      });
    }
    item = `${product.code} (${size.name})`;
  }

  // An item without a row has none in stock: the row is made first, so that two first changes at
  // once queue on its lock like any others.
  await tx
    .insert(stock)
    .values({ productId: change.productId, sizeId: change.size_id, instock: 0 })
    .onConflictDoNothing({ target: [stock.productId, stock.sizeId] });
  const sizeMatches = change.size_id === null ? isNull(stock.sizeId) : eq(stock.sizeId, change.size_id);
  const [row] = await tx
    .select({ id: stock.id, instock: stock.instock })
    .from(stock)
    .where(and(eq(stock.productId, change.productId), sizeMatches))
    .for('update');
  if (!row) throw new Error(`the stock row of ${item} was not written`);
  const before = row.instock;
  const after = levelAfter(before, change, item);
  await tx.update(stock).set({ instock: after }).where(eq(stock.id, row.id));
  return { ...change, before, instock: after };
}

/** The item a stock change names, as the stock's lock (lockStock) takes it. */
export function changedItem(change: StockChangeInput) {
  return { productId: change.productId, sizeId: change.size_id, packageId: change.packageId };
}

/**
 * Applies every change in order (the same item twice: the second sees the first), the items' rows
 * locked first as a sale locks them (a file in any order and a sale never deadlock), inside the
 * caller's transaction, writes the history and the audit log; the caller commits, then tells the
 * catalogue (notifyCatalogChanged inside the transaction sends on commit).
 */
export async function applyStockChanges(
  tx: Tx,
  user: Pick<AuthUser, 'id'>,
  changes: readonly StockChangeInput[],
): Promise<StockLevel[]> {
  await lockStock(tx, changes.map(changedItem));
  const levels: StockLevel[] = [];
  for (const change of changes) {
    const level =
      change.packageId === null
        ? await changeProduct(tx, change)
        : await changePackage(tx, { ...change, packageId: change.packageId });
    levels.push({
      productId: level.productId,
      size_id: level.size_id,
      packageId: level.packageId,
      before: level.before,
      instock: level.instock,
    });
  }
  await tx.insert(stockChanges).values(
    changes.map((change, index) => ({
      productId: change.productId,
      sizeId: change.size_id,
      packageId: change.packageId,
      before: levels[index]?.before ?? 0,
      after: levels[index]?.instock ?? 0,
      reason: change.reason,
      changedBy: user.id,
    })),
  );
  await recordAudit(tx, user, {
    action: 'stock.change',
    entity: 'stock',
    before: levels.map(({ instock: _after, ...item }) => item),
    after: levels.map(({ before: _before, ...item }, index) => ({ ...item, reason: changes[index]?.reason })),
  });
  await notifyCatalogChanged(tx, [...new Set(changes.map((change) => change.productId))]);
  return levels;
}

export function createStockService(db: Database) {
  return {
    /** Every change, or none. */
    change(user: AuthUser, changes: readonly StockChangeInput[]): Promise<StockLevel[]> {
      return db.transaction((tx) => applyStockChanges(tx, user, changes));
    },

    /** A page of every product in each size and every package, or of what is low on stock. */
    async list(query: StockListQuery): Promise<StockList> {
      const page = (pageQuery: StockListQuery) =>
        pageQuery.q
          ? db.transaction(async (tx) => {
              await tx.execute(PLANNED_FOR_THE_TEXT);
              return selectStockPage(tx, pageQuery);
            })
          : selectStockPage(db, pageQuery);
      const rows = await page(query);
      return {
        items: rows.map((row) => ({
          productId: row.product_id,
          size_id: row.size_id,
          packageId: row.package_id,
          code: row.code,
          name: row.name,
          size_name: row.size_name,
          instock: row.instock,
          active: row.active,
        })),
        total: await totalOf(rows, query, page),
        page: query.page,
        pageSize: STOCK_PAGE_SIZE,
      };
    },

    /** A page of the history of staff's stock changes, newest first. */
    async history(query: StockHistoryQuery): Promise<StockHistory> {
      const rows = await selectStockHistoryPage(db, query);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          productId: row.product_id,
          size_id: row.size_id,
          packageId: row.package_id,
          code: row.code,
          name: row.name,
          size_name: row.size_name,
          before: row.before,
          after: row.after,
          reason: row.reason,
          changedBy: row.changed_by,
          createdAt: row.created_at,
        })),
        total: await totalOf(rows, query, (firstPage) => selectStockHistoryPage(db, firstPage)),
        page: query.page,
        pageSize: STOCK_PAGE_SIZE,
      };
    },
  };
}
export type StockService = ReturnType<typeof createStockService>;
