/**
 * Fills a shop with the demo catalogue and accounts, once. Every row is written in one transaction
 * with the demo_seeded marker, under an advisory lock, so instances that start together on one
 * PostgreSQL seed exactly once and a failed seed leaves nothing behind. The reference data every
 * shop needs (taxes, places, messages, settings) is not demo data: installReferenceData() writes it
 * on every start, before this.
 */
import { eq, sql } from 'drizzle-orm';
import { seedSimulatedReaders } from '../../providers/payments/sandbox/seed.ts';
import { type Database, rowsOf, type Tx } from '../database.ts';
import {
  categories,
  clients,
  dimensions,
  packages,
  phases,
  processSteps,
  productImages,
  products,
  settings,
  sizes,
  sizeTypes,
  specialOffers,
  stock,
} from '../schema.ts';
import { outgrewNewTablePlan } from '../upkeep.ts';
import { type CataloguePlan, planCatalogue } from './catalogue-plan.ts';
import { DEMO_ACCOUNTS, DEMO_PROFILES, SIZE_TYPES, type SizeTypeKey, SPECIAL_OFFERS } from './demo-data.ts';
import { ensureImages, imageUrl } from './images.ts';

export { DEMO_ACCOUNTS } from './demo-data.ts';

export interface SeedOptions {
  imagesDir: string;
  /** Total product count; the demo set (68) when missing or smaller. */
  products?: number;
  hashPassword: (plain: string) => Promise<string>;
}

export interface SeedResult {
  /** False when the database was seeded before; nothing was written then. */
  seeded: boolean;
  /** Products written now. */
  products: number;
  /** Distinct images the catalogue uses, and how many of them had to be drawn now. */
  images: number;
  imagesGenerated: number;
}

const SEED_MARKER = 'demo_seeded';
const SEED_LOCK = 7_460_302;
const CHUNK_SIZE = 500;

/**
 * Seeds the demo data unless the marker says it is there. Images are checked every time, because each
 * instance sharing one PostgreSQL keeps its own images directory.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedResult> {
  const plan = planCatalogue(options.products);
  // Drawing images (sharp's threads) overlaps the inserts (the database); both must finish.
  const [images, seeded] = await Promise.allSettled([
    ensureImages(options.imagesDir, plan.images),
    db.transaction((tx) => writeDemoRows(tx, plan, options.hashPassword)),
  ]);
  if (images.status === 'rejected') throw images.reason;
  if (seeded.status === 'rejected') throw seeded.reason;
  if (seeded.value) await keepLoadedTables(db);
  return {
    seeded: seeded.value,
    products: seeded.value ? plan.products.length : 0,
    images: images.value.total,
    imagesGenerated: images.value.generated,
  };
}

/**
 * After a bulk load, PostgreSQL's advice: statistics (ANALYZE), and the GIN indexes' pending lists
 * merged (VACUUM). At 100,000 products, without them each search read megabytes of pending list,
 * and the planner, guessing 3,000 stock rows a product, priced a product page at 1.7 million and
 * JIT-compiled it for 450 ms (docs/decisions/008). Autovacuum would come to it later, on a
 * PostgreSQL server where it is on; PGlite has none.
 *
 * Only the tables the load filled to ten pages or more (outgrewNewTablePlan), as the upkeep does. A
 * table never vacuumed nor analysed is planned as at least ten pages, for it may grow; one analysed
 * nearly empty (a new shop's orders, carts, card owners) is planned as empty, and the prepared
 * statements' generic plans then read it whole for every lookup while it grows, until the tables'
 * upkeep analyses it again (docs/decisions/025).
 */
async function keepLoadedTables(db: Database): Promise<void> {
  const loaded = await rowsOf<{ name: string }>(
    db,
    sql`SELECT format('%I.%I', n.nspname, c.relname) AS name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = 'public'
          AND ${outgrewNewTablePlan(sql`c.oid`)}
        ORDER BY 1`,
  );
  if (loaded.length === 0) return;
  await db.execute(sql.raw(`VACUUM ANALYZE ${loaded.map((table) => table.name).join(', ')}`));
}

function chunksOf<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK_SIZE)
    chunks.push(rows.slice(start, start + CHUNK_SIZE));
  return chunks;
}

async function insertInChunks<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (const chunk of chunksOf(rows)) await insert(chunk);
}

async function insertReturning<T, R>(rows: readonly T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const returned: R[] = [];
  for (const chunk of chunksOf(rows)) returned.push(...(await insert(chunk)));
  return returned;
}

function idOf<K>(ids: ReadonlyMap<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed: no id for ${String(key)}`);
  return id;
}

async function writeDemoRows(
  tx: Tx,
  plan: CataloguePlan,
  hashPassword: SeedOptions['hashPassword'],
): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
  const [marker] = await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SEED_MARKER));
  if (marker) return false;

  const sizeIds = await writeSizes(tx);
  await writeCatalogue(tx, plan, sizeIds);
  await writeAccounts(tx, hashPassword);
  // The card sandbox's readers the demo cashier takes payments on.
  await seedSimulatedReaders(tx);
  await tx
    .insert(settings)
    .values({ key: SEED_MARKER, value: { at: new Date().toISOString(), products: plan.products.length } });
  return true;
}

/** Size ids by "<size type key>/<size name>". */
async function writeSizes(tx: Tx): Promise<Map<string, number>> {
  const sizeIds = new Map<string, number>();
  for (const [key, type] of Object.entries(SIZE_TYPES)) {
    const [row] = await tx.insert(sizeTypes).values({ name: type.name }).returning({ id: sizeTypes.id });
    if (!row) throw new Error(`Seed: size type ${type.name} not written`);
    const written = await tx
      .insert(sizes)
      .values(type.sizes.map((size, index) => ({ typeId: row.id, name: size.name, sortOrder: index + 1 })))
      .returning({ id: sizes.id, name: sizes.name });
    for (const size of written) sizeIds.set(`${key}/${size.name}`, size.id);
    sizeIds.set(key, row.id);
  }
  return sizeIds;
}

async function writeCatalogue(tx: Tx, plan: CataloguePlan, sizeIds: Map<string, number>): Promise<void> {
  // The storefront opens on category 1: a failed earlier seed must not have used that id up.
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence('categories', 'id'), 1, false) WHERE NOT EXISTS (SELECT 1 FROM categories)`,
  );
  const groupIds = new Map<string, number>();
  for (const tab of plan.tabs) {
    const [root] = await tx
      .insert(categories)
      .values({
        name: tab.name,
        icon: imageUrl(tab.icon),
        isPackage: tab.isPackage,
        sortOrder: tab.sortOrder,
      })
      .returning({ id: categories.id });
    if (!root) throw new Error(`Seed: category ${tab.name} not written`);
    await tx
      .insert(phases)
      .values({ categoryId: root.id, shortDescription: tab.heading, longDescription: tab.description });
    if (tab.groups.length === 0) continue;
    const written = await tx
      .insert(categories)
      .values(
        tab.groups.map((group) => ({
          parentId: root.id,
          name: group.name,
          icon: group.icon ? imageUrl(group.icon) : '',
          isPackage: tab.isPackage,
          sortOrder: group.sortOrder,
        })),
      )
      .returning({ id: categories.id, sortOrder: categories.sortOrder });
    for (const group of tab.groups) {
      const row = written.find((w) => w.sortOrder === group.sortOrder);
      if (row) groupIds.set(group.key, row.id);
    }
  }

  const sizeId = (sizing: SizeTypeKey | null, size: string | null) =>
    sizing && size ? idOf(sizeIds, `${sizing}/${size}`) : null;

  const written = await insertReturning(plan.products, (chunk) =>
    tx
      .insert(products)
      .values(
        chunk.map((p) => ({
          categoryId: idOf(groupIds, p.groupKey),
          code: p.code,
          name: p.name,
          pricing: p.pricing,
          priceDiscount: p.priceDiscount,
          shortDescription: p.shortDescription,
          longDescription: p.longDescription,
          icon: p.images[0] ? imageUrl(p.images[0]) : '',
          family: p.family,
          color: p.color,
          sizeTypeId: p.sizing ? idOf(sizeIds, p.sizing) : null,
          isNew: p.isNew,
          sortOrder: p.sortOrder,
        })),
      )
      .returning({ id: products.id, code: products.code }),
  );
  const productIds = new Map(written.map((row) => [row.code, row.id]));

  await insertInChunks(
    plan.products.flatMap((p) =>
      p.images.map((image, index) => ({
        productId: idOf(productIds, p.code),
        image: imageUrl(image),
        sortOrder: index + 1,
      })),
    ),
    (chunk) => tx.insert(productImages).values(chunk),
  );
  await insertInChunks(
    plan.products.flatMap((p) =>
      p.stock.map((s) => ({
        productId: idOf(productIds, p.code),
        sizeId: sizeId(p.sizing, s.size),
        instock: s.instock,
      })),
    ),
    (chunk) => tx.insert(stock).values(chunk),
  );
  await insertInChunks(
    plan.products.flatMap((p) =>
      p.dimensions.map(({ size, ...measures }) => ({
        productId: idOf(productIds, p.code),
        sizeId: sizeId(p.sizing, size),
        ...measures,
      })),
    ),
    (chunk) => tx.insert(dimensions).values(chunk),
  );

  const plannedPackages = plan.products.flatMap((p) =>
    p.packages.map((pkg) => ({ productId: idOf(productIds, p.code), ...pkg })),
  );
  const writtenPackages = await insertReturning(plannedPackages, (chunk) =>
    tx
      .insert(packages)
      .values(chunk.map(({ dimensions: _measures, icon, ...pkg }) => ({ ...pkg, icon: imageUrl(icon) })))
      .returning({ id: packages.id, code: packages.code }),
  );
  const packageIds = new Map(writtenPackages.map((row) => [row.code, row.id]));
  await insertInChunks(
    plannedPackages.map((pkg) => ({ packageId: idOf(packageIds, pkg.code), ...pkg.dimensions })),
    (chunk) => tx.insert(dimensions).values(chunk),
  );

  await tx
    .insert(processSteps)
    .values(
      plan.steps.map((step) => ({ stepNo: step.stepNo, title: step.title, image: imageUrl(step.image) })),
    )
    .onConflictDoNothing();
  await tx.insert(specialOffers).values(
    SPECIAL_OFFERS.map((offer) => ({
      productId: offer.productCode ? idOf(productIds, offer.productCode) : null,
      title: offer.title,
      detail: offer.detail,
      rules: offer.rules,
    })),
  );
}

async function writeAccounts(tx: Tx, hashPassword: SeedOptions['hashPassword']): Promise<void> {
  const keys = ['client', 'pos', 'admin'] as const satisfies readonly (keyof typeof DEMO_ACCOUNTS)[];
  const accounts = await Promise.all(
    keys.map(async (key) => ({
      ...DEMO_PROFILES[key],
      userName: DEMO_ACCOUNTS[key].user_name,
      email: DEMO_ACCOUNTS[key].email,
      passwordHash: await hashPassword(DEMO_ACCOUNTS[key].password),
      roles: [...DEMO_ACCOUNTS[key].roles],
    })),
  );
  await tx.insert(clients).values(accounts).onConflictDoNothing();
}
