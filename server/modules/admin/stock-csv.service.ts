/**
 * The stock CSV (GET api/admin/stock/export, POST api/admin/stock/import): products in each size
 * and packages, with their names, prices and levels. An import is planned line by line against the
 * catalogue first (every problem named on its line); it is written only when no line has one, all
 * of it in one transaction: names and prices, then levels through the same path as PUT
 * api/admin/stock (reason `counted`), every change in the history and the audit log.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { discountFor, ITEM_NAME_MAX, salePriceOf } from '../../../domain/admin/catalogue.ts';
import {
  STOCK_CSV_COLUMNS,
  STOCK_CSV_LINES_MAX,
  STOCK_LEVEL_MAX,
  type StockImportLine,
  type StockImportResult,
} from '../../../domain/admin/stock.ts';
import { calendarDayOf } from '../../../domain/dates.ts';
import { AMOUNT_MAX_CENTS } from '../../../domain/validation.ts';
import { intArray, textArray } from '../../db/arrays.ts';
import type { Database, DbOrTx } from '../../db/database.ts';
import { packages, products, sizes, stock } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { lockStock } from '../inventory/stock-taking.ts';
import { storeTimeZone } from '../settings/settings.service.ts';
import { recordAudit } from './audit.ts';
import { declareStockCsvCursor, fetchStockCsvRows } from './stock.queries.ts';
import { applyStockChanges, changedItem, type StockChangeInput } from './stock.service.ts';

/** Cents as a spreadsheet shows dollars: 1250 -> '12.50'. */
const dollars = (cents: number) => (cents / 100).toFixed(2);
/** Empty for none: a sale price that is not set. */
const optionalDollars = (cents: number | null) => (cents === null ? '' : dollars(cents));
/** Rows the export reads from its cursor at a time. */
const CSV_EXPORT_BATCH = 2_000;

/** '12.50', '12.5', '12', '$12.50' -> 1250; undefined when it is not an amount. */
function centsOf(text: string): number | undefined {
  const match = /^\$?(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.replace(/^CDN\$/i, ''));
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents <= AMOUNT_MAX_CENTS ? cents : undefined;
}

interface ProductRecord {
  kind: 'product';
  id: number;
  code: string;
  name: string;
  pricing: number;
  priceDiscount: number;
  sizeTypeId: number | null;
}
interface PackageRecord {
  kind: 'package';
  id: number;
  productId: number;
  code: string;
  name: string;
  pricing: number;
  instock: number;
}

const key = (text: string) => text.trim().toLowerCase();

/** What a product sells for on sale, 0 (the CSV's "no sale") when it is not on sale or is a package. */
function saleOfRecord(record: ProductRecord | PackageRecord): number {
  return record.kind === 'product' ? (salePriceOf(record.pricing, record.priceDiscount) ?? 0) : 0;
}

/**
 * What the import compares against, read in four statements: the products and packages its lines
 * name (by code), their sizes and levels. Only those: at 100,000 products, reading the whole
 * catalogue for each file took a second and 400 MB more of the server's memory.
 */
async function loadCatalogue(db: DbOrTx, codes: readonly string[]) {
  // One statement after the other: the import reads them inside its transaction, on one connection.
  const named = sql`lower(${products.code}) = ANY(${textArray(codes)})`;
  const productRows = await db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      pricing: products.pricing,
      priceDiscount: products.priceDiscount,
      sizeTypeId: products.sizeTypeId,
    })
    .from(products)
    .where(named);
  const packageRows = await db
    .select({
      id: packages.id,
      productId: packages.productId,
      code: packages.code,
      name: packages.name,
      pricing: packages.pricing,
      instock: packages.instock,
    })
    .from(packages)
    .where(sql`lower(${packages.code}) = ANY(${textArray(codes)})`);
  const sizeRows = await db.select({ id: sizes.id, typeId: sizes.typeId, name: sizes.name }).from(sizes);
  const ids = productRows.map((row) => row.id);
  const stockRows =
    ids.length === 0
      ? []
      : await db
          .select({ productId: stock.productId, sizeId: stock.sizeId, instock: stock.instock })
          .from(stock)
          .where(sql`${stock.productId} = ANY(${intArray(ids)})`);
  return {
    product: new Map(productRows.map((row) => [key(row.code), { kind: 'product' as const, ...row }])),
    package: new Map(packageRows.map((row) => [key(row.code), { kind: 'package' as const, ...row }])),
    size: new Map(sizeRows.map((row) => [`${row.typeId}:${key(row.name)}`, row])),
    level: new Map(stockRows.map((row) => [`${row.productId}:${row.sizeId ?? ''}`, row.instock])),
    key,
  };
}
type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/** One planned line: what it shows, and what it writes. */
interface PlannedLine {
  shown: StockImportLine;
  record?: ProductRecord | PackageRecord;
  stockChange?: StockChangeInput;
}

function readRows(csv: string): { rows: Record<string, string>[] } {
  let rows: Record<string, string>[];
  try {
    rows = parse(csv, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
      to: STOCK_CSV_LINES_MAX + 1,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest(`The file is not a CSV this shop can read: ${reason}`, { csv: reason });
  }
  if (rows.length > STOCK_CSV_LINES_MAX) {
    throw badRequest(`At most ${STOCK_CSV_LINES_MAX} lines can be imported at once.`, {
      csv: 'Too many lines.',
    });
  }
  const columns = Object.keys(rows[0] ?? {});
  const unknown = columns.filter((column) => !(STOCK_CSV_COLUMNS as readonly string[]).includes(column));
  if (rows.length === 0 || !columns.includes('code') || unknown.length > 0) {
    const message =
      unknown.length > 0
        ? `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. The columns are ${STOCK_CSV_COLUMNS.join(', ')}.`
        : `The first line must name the columns (${STOCK_CSV_COLUMNS.join(', ')}; code is required), and a line must follow it.`;
    throw badRequest(message, { csv: message });
  }
  return { rows };
}

/** Plans one line; its problem, if any, is its `shown.error`. */
function planLine(
  row: Record<string, string>,
  line: number,
  catalogue: Catalogue,
  seen: Map<string, number>,
  productValues: Map<number, { name?: string; price?: number; sale?: number; line: number }>,
): PlannedLine {
  const kind = (row.kind ?? '').toLowerCase() || 'product';
  const code = row.code ?? '';
  const size = row.size ?? '';
  const shown: StockImportLine = { line, kind, code, size, changes: {} };
  const fail = (error: string): PlannedLine => ({ shown: { ...shown, changes: {}, error } });

  if (kind !== 'product' && kind !== 'package') return fail('Kind must be product or package.');
  if (!code) return fail('Code is required.');
  const record =
    kind === 'package'
      ? catalogue.package.get(catalogue.key(code))
      : catalogue.product.get(catalogue.key(code));
  if (!record) return fail(`There is no ${kind} with the code ${code}.`);

  let sizeId: number | null = null;
  if (record.kind === 'product' && record.sizeTypeId !== null) {
    const found = catalogue.size.get(`${record.sizeTypeId}:${catalogue.key(size)}`);
    if (!found)
      return fail(
        size ? `${record.code} has no size ${size}.` : `${record.code} is sold in sizes: name the size.`,
      );
    sizeId = found.id;
  } else if (size) {
    return fail(`${record.code} has no sizes: leave the size empty.`);
  }

  const itemKey = `${kind}:${record.id}:${sizeId ?? ''}`;
  const earlier = seen.get(itemKey);
  if (earlier !== undefined) return fail(`Line ${earlier} already names this item.`);
  seen.set(itemKey, line);

  const changes: StockImportLine['changes'] = {};
  // A name of only spaces is no name: the item keeps its own, as with an empty cell.
  const name = (row.name ?? '').trim();
  if (name.length > ITEM_NAME_MAX) return fail(`Name cannot be more than ${ITEM_NAME_MAX} characters long.`);
  const price = row.price ? centsOf(row.price) : undefined;
  if (row.price && price === undefined) return fail('Price must be an amount in dollars, like 12.50.');
  if (price === 0) return fail('Price must be more than 0.');
  const sale = row.sale_price ? centsOf(row.sale_price) : undefined;
  if (row.sale_price && sale === undefined)
    return fail('Sale price must be an amount in dollars, like 9.50 (0 for none).');
  if (record.kind === 'package' && sale) return fail('A package has no sale price: leave it empty.');

  if (record.kind === 'product') {
    // The sizes of a product share its name and prices: its lines must agree.
    const agreed = productValues.get(record.id);
    const differs = (a: unknown, b: unknown) => a !== undefined && b !== undefined && a !== b;
    if (
      agreed &&
      (differs(agreed.name, name || undefined) || differs(agreed.price, price) || differs(agreed.sale, sale))
    ) {
      return fail(
        `The sizes of ${record.code} share one name and price: line ${agreed.line} says otherwise.`,
      );
    }
    productValues.set(record.id, {
      name: agreed?.name ?? (name || undefined),
      price: agreed?.price ?? price,
      sale: agreed?.sale ?? sale,
      line: agreed?.line ?? line,
    });
    const newPrice = price ?? record.pricing;
    // A sale price left empty stays what it was, whatever the new price.
    const newSale = sale ?? saleOfRecord(record);
    if (newSale > 0 && newSale >= newPrice) return fail('Sale price must be below the price (0 for none).');
    if (sale !== undefined && sale !== saleOfRecord(record))
      changes.sale_price = { before: saleOfRecord(record), after: sale };
  }
  if (name && name !== record.name) changes.name = { before: record.name, after: name };
  if (price !== undefined && price !== record.pricing)
    changes.price = { before: record.pricing, after: price };

  let stockChange: StockChangeInput | undefined;
  if (row.instock) {
    if (!/^\d+$/.test(row.instock) || Number(row.instock) > STOCK_LEVEL_MAX) {
      return fail(`In stock must be a whole number from 0 to ${STOCK_LEVEL_MAX}.`);
    }
    const after = Number(row.instock);
    const before =
      record.kind === 'package' ? record.instock : (catalogue.level.get(`${record.id}:${sizeId ?? ''}`) ?? 0);
    if (after !== before) {
      changes.instock = { before, after };
      stockChange =
        record.kind === 'package'
          ? {
              productId: record.productId,
              size_id: null,
              packageId: record.id,
              instock: after,
              reason: 'counted',
            }
          : { productId: record.id, size_id: sizeId, packageId: null, instock: after, reason: 'counted' };
    }
  }
  return { shown: { ...shown, changes }, record, ...(stockChange ? { stockChange } : {}) };
}

/** Reads the lines, then what they name, and plans each. */
async function plan(db: DbOrTx, csv: string): Promise<PlannedLine[]> {
  const { rows } = readRows(csv);
  const catalogue = await loadCatalogue(db, [...new Set(rows.map((row) => key(row.code ?? '')))]);
  const seen = new Map<string, number>();
  const productValues = new Map<number, { name?: string; price?: number; sale?: number; line: number }>();
  // Line 1 is the header; csv-parse skips empty lines, so numbers count the lines read.
  return rows.map((row, index) => planLine(row, index + 2, catalogue, seen, productValues));
}

function resultOf(lines: PlannedLine[], applied: boolean): StockImportResult {
  return {
    lines: lines.map((line) => line.shown),
    errors: lines.filter((line) => line.shown.error).length,
    changed: lines.filter((line) => Object.keys(line.shown.changes).length > 0).length,
    applied,
  };
}

/** Writes the names and prices the lines change, each product or package once, with its audit. */
async function writeDetails(tx: DbOrTx, user: Pick<AuthUser, 'id'>, lines: PlannedLine[]): Promise<void> {
  const written = new Set<string>();
  for (const { record, shown } of lines) {
    const { name, price, sale_price: sale } = shown.changes;
    if (!record || (!name && !price && !sale)) continue;
    const key = `${record.kind}:${record.id}`;
    if (written.has(key)) continue;
    written.add(key);
    const newPrice = price?.after ?? record.pricing;
    const newSale = sale?.after ?? saleOfRecord(record);
    const after = {
      ...(name ? { name: name.after } : {}),
      ...(price ? { pricing: price.after } : {}),
      // The catalogue keeps a sale as the discount off the price.
      ...((price || sale) && record.kind === 'product'
        ? { priceDiscount: discountFor(newPrice, newSale > 0 ? newSale : null) }
        : {}),
    };
    if (record.kind === 'package') {
      await tx
        .update(packages)
        .set({ ...after, version: sql`${packages.version} + 1` })
        .where(eq(packages.id, record.id));
    } else {
      await tx
        .update(products)
        .set({ ...after, version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(eq(products.id, record.id));
    }
    const before = {
      name: record.name,
      pricing: record.pricing,
      ...(record.kind === 'product' ? { priceDiscount: record.priceDiscount } : {}),
    };
    await recordAudit(tx, user, {
      action: `${record.kind}.import`,
      entity: record.kind,
      entityId: record.id,
      before,
      after,
    });
  }
}

export function createStockCsvService(db: Database, { exportBatch = CSV_EXPORT_BATCH } = {}) {
  return {
    /** The export's file name: the stock of today, the store's day. */
    async exportFileName(): Promise<string> {
      return `stock-${calendarDayOf(new Date(), await storeTimeZone(db))}.csv`;
    },

    /**
     * The whole stock as CSV text, products (by code and size) first, then packages: read from a
     * cursor a batch at a time, each batch written as text before the next is read.
     */
    async exportCsv(): Promise<string> {
      const parts: string[] = [];
      await db.transaction(async (tx) => {
        await declareStockCsvCursor(tx);
        for (;;) {
          const rows = await fetchStockCsvRows(tx, exportBatch);
          if (rows.length === 0) break;
          parts.push(
            stringify(
              rows.map((row) => ({
                kind: row.package_id === null ? 'product' : 'package',
                code: row.code,
                size: row.size_name ?? '',
                name: row.name,
                price: dollars(row.pricing),
                sale_price: optionalDollars(
                  row.package_id === null ? salePriceOf(row.pricing, row.price_discount) : null,
                ),
                instock: row.instock,
              })),
              { header: parts.length === 0, columns: [...STOCK_CSV_COLUMNS] },
            ),
          );
          if (rows.length < exportBatch) break;
        }
      });
      return parts.length > 0
        ? parts.join('')
        : stringify([], { header: true, columns: [...STOCK_CSV_COLUMNS] });
    },

    /** Plans the import; with `apply`, writes it when no line has a problem (400 otherwise). */
    async importCsv(
      user: Pick<AuthUser, 'id'>,
      input: { csv: string; apply: boolean },
    ): Promise<StockImportResult> {
      if (!input.apply) return resultOf(await plan(db, input.csv), false);
      return db.transaction(async (tx) => {
        // Planned again inside the transaction: what it writes follows what is there now.
        const lines = await plan(tx, input.csv);
        const result = resultOf(lines, true);
        if (result.errors > 0) {
          const fields = Object.fromEntries(
            lines
              .filter((line) => line.shown.error)
              .map((line) => [`line ${line.shown.line}`, line.shown.error ?? '']),
          );
          throw badRequest(
            `${result.errors} line${result.errors > 1 ? 's have' : ' has'} a problem: nothing was imported.`,
            fields,
          );
        }
        const stockChanges = lines.flatMap((line) => (line.stockChange ? [line.stockChange] : []));
        // The items whose levels change and the packages whose names or prices do, locked first as a
        // sale locks them: the file's own order (details, then levels) never waits on a sale in a circle.
        await lockStock(tx, [
          ...stockChanges.map(changedItem),
          ...lines.flatMap(({ record }) =>
            record?.kind === 'package'
              ? [{ productId: record.productId, sizeId: null, packageId: record.id }]
              : [],
          ),
        ]);
        await writeDetails(tx, user, lines);
        if (stockChanges.length > 0) await applyStockChanges(tx, user, stockChanges);
        // Names change what every page shows, not only one product's: everything is dropped.
        if (result.changed > 0) await notifyCatalogChanged(tx);
        return result;
      });
    },
  };
}
export type StockCsvService = ReturnType<typeof createStockCsvService>;
