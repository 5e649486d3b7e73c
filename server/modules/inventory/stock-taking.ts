import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { packages, stock } from '../../db/schema.ts';
import { type ItemToTake, lockItems, takeItems } from './inventory.queries.ts';

/** One thing sold: a product in a size (null without sizes), or a package. */
export interface SoldItem {
  productId: number;
  sizeId: number | null;
  packageId: number | null;
  quantity: number;
  /** How the item is named when it is short. */
  name: string;
}

type StockItem = Omit<SoldItem, 'name'>;

/** How the stock statements name an item's row: a product in its size, or a package. */
function rowOf(item: Omit<StockItem, 'quantity'>): { id: number; sizeId: number | null } {
  return item.packageId === null
    ? { id: item.productId, sizeId: item.sizeId }
    : { id: item.packageId, sizeId: null };
}

/** Not enough of an item was left: the sale that wanted it is refused whole. */
export class ShortStock extends Error {
  constructor(readonly productName: string) {
    super(`not enough stock for ${productName}`);
  }
}

/** A sale's items summed per item, its products (in their sizes) apart from its packages. */
export interface StockToTake {
  products: SoldItem[];
  packages: SoldItem[];
}

export function stockToTake(items: readonly SoldItem[]): StockToTake {
  const productItems = new Map<string, SoldItem>();
  const packageItems = new Map<number, SoldItem>();
  for (const item of items) {
    if (item.packageId !== null) {
      const known = packageItems.get(item.packageId);
      packageItems.set(item.packageId, { ...item, quantity: (known?.quantity ?? 0) + item.quantity });
    } else {
      const key = `${item.productId}:${item.sizeId ?? ''}`;
      const known = productItems.get(key);
      productItems.set(key, { ...item, quantity: (known?.quantity ?? 0) + item.quantity });
    }
  }
  return { products: [...productItems.values()], packages: [...packageItems.values()] };
}

/** The items as the stock statements name them, each by its position (takeItems, stockTaken). */
export function itemsToTake(items: readonly SoldItem[]): ItemToTake[] {
  return items.map((item, position) => ({ position, ...rowOf(item), quantity: item.quantity }));
}

/** Throws ShortStock for the first of the items whose position is not among those taken. */
export function requireTaken(items: readonly SoldItem[], takenPositions: readonly number[]): void {
  if (takenPositions.length === items.length) return;
  const taken = new Set(takenPositions);
  const short = items.find((_, position) => !taken.has(position));
  throw new ShortStock(short?.name ?? 'an item');
}

/**
 * Takes the stock of a register sale (a web order's own statement takes its stock: stockTaken in
 * inventory.queries.ts) with a guard: every item or none (throws ShortStock inside the caller's
 * transaction, which undoes what was taken). Quantities are summed per item first; the products are
 * taken in one statement and the packages in another (takeItems: each locks its rows in a fixed
 * order, so two sales of the same items never deadlock).
 */
export async function takeStock(tx: Tx, items: readonly SoldItem[]): Promise<void> {
  const { products, packages } = stockToTake(items);
  await takeAll(tx, 'products', products);
  await takeAll(tx, 'packages', packages);
}

async function takeAll(tx: Tx, kind: 'products' | 'packages', items: readonly SoldItem[]): Promise<void> {
  if (items.length === 0) return;
  const taken = await takeItems(tx, kind, itemsToTake(items));
  requireTaken(
    items,
    taken.map((row) => row.position),
  );
}

/**
 * Locks the items' rows in the order a sale locks them (products, then packages: lockItems), for a
 * writer that then changes them one by one in its own order: it and a sale of the same items never
 * wait for each other in a circle.
 */
export async function lockStock(tx: Tx, items: readonly Omit<StockItem, 'quantity'>[]): Promise<void> {
  const products = items.filter((item) => item.packageId === null).map(rowOf);
  const packageRows = items.filter((item) => item.packageId !== null).map(rowOf);
  if (products.length > 0) await lockItems(tx, 'products', products);
  if (packageRows.length > 0) await lockItems(tx, 'packages', packageRows);
}

/**
 * Puts items back on the shelf (a refund or a return restocked): the product in its size, or the
 * package, their rows locked first as a sale locks them.
 */
export async function putBackStock(tx: Tx, items: readonly StockItem[]): Promise<void> {
  await lockStock(tx, items);
  for (const item of items) {
    if (item.packageId !== null) {
      await tx
        .update(packages)
        .set({ instock: sql`${packages.instock} + ${item.quantity}` })
        .where(eq(packages.id, item.packageId));
      continue;
    }
    const updated = await tx
      .update(stock)
      .set({ instock: sql`${stock.instock} + ${item.quantity}` })
      .where(
        and(eq(stock.productId, item.productId), sql`${stock.sizeId} IS NOT DISTINCT FROM ${item.sizeId}`),
      )
      .returning({ id: stock.id });
    if (updated.length === 0) {
      await tx
        .insert(stock)
        .values({ productId: item.productId, sizeId: item.sizeId, instock: item.quantity });
    }
  }
}
