/**
 * The catalogue in the back office: tabs and groups, size types, products. Every save is one
 * transaction with its audit entry; a save names the version it was read at, and one made from an
 * older version is refused (409), never written over the newer one. The storefront's caches are
 * told at once, on every instance (notifyCatalogChanged).
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type {
  AdminCategoryTree,
  AdminPackage,
  AdminProduct,
  CategoryCreateData,
  CategoryUpdateData,
  PackageCreateData,
  PackageUpdateData,
  ProductCreateData,
  ProductList,
  ProductListQuery,
  ProductUpdateData,
  SizeTypeCreateData,
  SizeTypes,
} from '../../../domain/admin/catalogue.ts';
import { discountFor, PRODUCTS_PAGE_SIZE, salePriceOf } from '../../../domain/admin/catalogue.ts';
import type { Database, Tx } from '../../db/database.ts';
import {
  categories,
  dimensions,
  packages,
  phases,
  productImages,
  products,
  sizes,
  sizeTypes,
  stock,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { recordAudit, versionConflict } from './audit.ts';
import { selectProductListPage, selectProductListTotal } from './catalogue.queries.ts';
import { totalOf } from './paging.ts';

const codeTaken = (code: string) =>
  new AppError('duplicate', `Another product has the code ${code}.`, 409, {
    code: 'That code is already used.',
  });

/**
 * A code names one item, a product or a package: a scan or a search by code must find one thing.
 * Each table's unique index keeps its own codes apart; this keeps the other table's out.
 */
async function checkCodeNotUsedBy(tx: Tx, other: 'product' | 'package', code: string | undefined) {
  if (code === undefined) return;
  const [used] =
    other === 'product'
      ? await tx.select({ id: products.id }).from(products).where(eq(products.code, code))
      : await tx.select({ id: packages.id }).from(packages).where(eq(packages.code, code));
  if (used) {
    throw new AppError('duplicate', `A ${other} has the code ${code}.`, 409, {
      code: 'That code is already used.',
    });
  }
}

/** The group a product goes in: a category under a tab (a package tab's for a boxed set). */
async function checkGroup(tx: Tx, categoryId: number): Promise<void> {
  const [group] = await tx
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!group || group.parentId === null) {
    throw badRequest('Choose a group under a tab for the product.', {
      category_id: 'Choose a group under a tab.',
    });
  }
}

function toAdminPackage(row: typeof packages.$inferSelect): AdminPackage {
  return {
    id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    long_description: row.longDescription,
    price: row.pricing,
    icon: row.icon,
    color: row.color,
    active: row.active,
    instock: row.instock,
    version: row.version,
  };
}

export function createCatalogueService(db: Database) {
  async function readProduct(tx: Database | Tx, id: number): Promise<AdminProduct> {
    const [row] = await tx.select().from(products).where(eq(products.id, id));
    if (!row) throw notFound(`Product ${id}`);
    // One statement after the other: inside a transaction they share one connection.
    const images = await tx
      .select({ image: productImages.image })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id));
    const box = await tx
      .select()
      .from(dimensions)
      .where(and(eq(dimensions.productId, id), isNull(dimensions.sizeId)));
    const levels = await tx
      .select({ size_id: stock.sizeId, size_name: sizes.name, instock: stock.instock })
      .from(stock)
      .leftJoin(sizes, eq(sizes.id, stock.sizeId))
      .where(eq(stock.productId, id))
      .orderBy(asc(sizes.sortOrder), asc(sizes.id));
    const siblings =
      row.family === null
        ? []
        : await tx
            .select({ id: products.id, code: products.code, color: products.color })
            .from(products)
            .where(and(eq(products.family, row.family), ne(products.id, id)))
            .orderBy(asc(products.code));
    const sets = await tx
      .select()
      .from(packages)
      .where(eq(packages.productId, id))
      .orderBy(asc(packages.sortOrder), asc(packages.id));
    const [dimension] = box;
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      short_description: row.shortDescription,
      long_description: row.longDescription,
      price: row.pricing,
      sale_price: salePriceOf(row.pricing, row.priceDiscount),
      category_id: row.categoryId,
      is_new: row.isNew,
      size_type_id: row.sizeTypeId,
      family: row.family,
      color: row.color,
      images: images.map((image) => image.image),
      box: dimension
        ? {
            length_mm: dimension.lengthMm,
            width_mm: dimension.widthMm,
            height_mm: dimension.heightMm,
            weight_g: dimension.weightG,
          }
        : null,
      active: row.active,
      version: row.version,
      updated_at: row.updatedAt.toISOString(),
      stock: levels,
      siblings,
      packages: sets.map(toAdminPackage),
    };
  }

  async function writeImages(tx: Tx, productId: number, images: readonly string[]): Promise<void> {
    await tx.delete(productImages).where(eq(productImages.productId, productId));
    if (images.length > 0) {
      await tx
        .insert(productImages)
        .values(images.map((image, sortOrder) => ({ productId, image, sortOrder })));
    }
    await tx
      .update(products)
      .set({ icon: images[0] ?? '' })
      .where(eq(products.id, productId));
  }

  async function writeBox(tx: Tx, productId: number, box: ProductCreateData['box']): Promise<void> {
    await tx.delete(dimensions).where(and(eq(dimensions.productId, productId), isNull(dimensions.sizeId)));
    if (box) {
      await tx.insert(dimensions).values({
        productId,
        lengthMm: box.length_mm,
        widthMm: box.width_mm,
        heightMm: box.height_mm,
        weightG: box.weight_g,
      });
    }
  }

  /** Runs a product save; a code another product has is a 409 with the field's message. */
  async function savingProduct<T>(code: string | undefined, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (code !== undefined && isUniqueViolation(error)) throw codeTaken(code);
      throw error;
    }
  }

  /** Runs a package save; a code another package has is a 409 with the field's message. */
  async function savingPackage<T>(code: string | undefined, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (code !== undefined && isUniqueViolation(error)) {
        throw new AppError('duplicate', `Another package has the code ${code}.`, 409, {
          code: 'That code is already used.',
        });
      }
      throw error;
    }
  }

  return {
    // ------------------------------------------------------------ categories

    async categoryTree(): Promise<AdminCategoryTree> {
      const rows = await db
        .select({
          id: categories.id,
          is_package: categories.isPackage,
          parent_id: categories.parentId,
          name: categories.name,
          icon: categories.icon,
          heading: sql<string>`coalesce(${phases.shortDescription}, '')`,
          sort_order: categories.sortOrder,
          hidden: categories.hidden,
          version: categories.version,
          products: sql<number>`(SELECT count(*)::int FROM products p WHERE p.category_id = ${categories.id})`,
        })
        .from(categories)
        .leftJoin(phases, eq(phases.categoryId, categories.id))
        .orderBy(asc(categories.sortOrder), asc(categories.id));
      return rows
        .filter((row) => row.parent_id === null)
        .map((tab) => {
          const groups = rows.filter((row) => row.parent_id === tab.id);
          // A tab's products are its groups'.
          return {
            ...tab,
            products: groups.reduce((sum, group) => sum + group.products, tab.products),
            groups,
          };
        });
    },

    async createCategory(actor: AuthUser, data: CategoryCreateData): Promise<AdminCategoryTree> {
      await db.transaction(async (tx) => {
        let isPackage = data.is_package;
        if (data.parent_id !== null) {
          const [tab] = await tx
            .select({ parentId: categories.parentId, isPackage: categories.isPackage })
            .from(categories)
            .where(eq(categories.id, data.parent_id));
          if (!tab || tab.parentId !== null) {
            throw badRequest('A group goes under a tab.', { parent_id: 'Choose a tab.' });
          }
          isPackage = tab.isPackage;
        }
        const [last] = await tx
          .select({ max: sql<number>`coalesce(max(${categories.sortOrder}), 0)::int` })
          .from(categories)
          .where(
            data.parent_id === null ? isNull(categories.parentId) : eq(categories.parentId, data.parent_id),
          );
        const [created] = await tx
          .insert(categories)
          .values({
            parentId: data.parent_id,
            name: data.name,
            icon: data.icon,
            isPackage,
            sortOrder: data.sort_order ?? (last?.max ?? 0) + 1,
            hidden: data.hidden,
          })
          .returning();
        if (!created) throw new Error('insert returned no category');
        if (data.parent_id === null) {
          await tx
            .insert(phases)
            .values({ categoryId: created.id, shortDescription: data.heading || data.name });
        }
        await recordAudit(tx, actor, {
          action: 'category.create',
          entity: 'category',
          entityId: created.id,
          after: data,
        });
        await notifyCatalogChanged(tx);
      });
      return this.categoryTree();
    },

    async updateCategory(actor: AuthUser, id: number, data: CategoryUpdateData): Promise<AdminCategoryTree> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!row) throw notFound(`Category ${id}`);
        if (row.version !== data.version) throw versionConflict('tab or group');
        const { version: _version, heading, ...fields } = data;
        await tx
          .update(categories)
          .set({
            ...(fields.name !== undefined ? { name: fields.name } : {}),
            ...(fields.icon !== undefined ? { icon: fields.icon } : {}),
            ...(fields.sort_order !== undefined ? { sortOrder: fields.sort_order } : {}),
            ...(fields.hidden !== undefined ? { hidden: fields.hidden } : {}),
            version: row.version + 1,
          })
          .where(eq(categories.id, id));
        if (heading !== undefined && row.parentId === null) {
          await tx
            .insert(phases)
            .values({ categoryId: id, shortDescription: heading })
            .onConflictDoUpdate({ target: phases.categoryId, set: { shortDescription: heading } });
        }
        await recordAudit(tx, actor, {
          action: 'category.update',
          entity: 'category',
          entityId: id,
          before: { name: row.name, icon: row.icon, sort_order: row.sortOrder, hidden: row.hidden },
          after: data,
        });
        await notifyCatalogChanged(tx);
      });
      return this.categoryTree();
    },

    // ------------------------------------------------------------ size types

    async sizeTypes(): Promise<SizeTypes> {
      const [types, rows] = await Promise.all([
        db.select().from(sizeTypes).orderBy(asc(sizeTypes.id)),
        db.select().from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.id)),
      ]);
      return types.map((type) => ({
        id: type.id,
        name: type.name,
        sizes: rows.filter((size) => size.typeId === type.id).map((size) => size.name),
      }));
    },

    async createSizeType(actor: AuthUser, data: SizeTypeCreateData): Promise<SizeTypes> {
      await db.transaction(async (tx) => {
        const [type] = await tx.insert(sizeTypes).values({ name: data.name }).returning();
        if (!type) throw new Error('insert returned no size type');
        await tx
          .insert(sizes)
          .values(data.sizes.map((name, sortOrder) => ({ typeId: type.id, name, sortOrder })));
        await recordAudit(tx, actor, {
          action: 'size_type.create',
          entity: 'size_type',
          entityId: type.id,
          after: data,
        });
      });
      return this.sizeTypes();
    },

    // ------------------------------------------------------------ products

    async listProducts(query: ProductListQuery): Promise<ProductList> {
      const rows = await selectProductListPage(db, query);
      const total = await totalOf(rows, query, (firstPage) => selectProductListTotal(db, firstPage));
      return {
        products: rows.map(({ discount, total: _, ...row }) => ({
          ...row,
          sale_price: discount > 0 ? row.price - discount : null,
        })),
        total,
        page: query.page,
        pageSize: PRODUCTS_PAGE_SIZE,
      };
    },

    getProduct: (id: number) => readProduct(db, id),

    /** A new product, with a stock line at 0 for each of its sizes (set on the stock page). */
    async createProduct(actor: AuthUser, data: ProductCreateData): Promise<AdminProduct> {
      return savingProduct(data.code, () =>
        db.transaction(async (tx) => {
          await checkGroup(tx, data.category_id);
          await checkCodeNotUsedBy(tx, 'package', data.code);
          const sizeIds =
            data.size_type_id === null
              ? [null]
              : (
                  await tx.select({ id: sizes.id }).from(sizes).where(eq(sizes.typeId, data.size_type_id))
                ).map((size) => size.id);
          if (sizeIds.length === 0) {
            throw badRequest('Choose sizes that exist.', { size_type_id: 'These sizes do not exist.' });
          }
          const [created] = await tx
            .insert(products)
            .values({
              categoryId: data.category_id,
              code: data.code,
              name: data.name,
              pricing: data.price,
              priceDiscount: discountFor(data.price, data.sale_price),
              shortDescription: data.short_description,
              longDescription: data.long_description,
              family: data.family,
              color: data.color,
              sizeTypeId: data.size_type_id,
              isNew: data.is_new,
              active: data.active,
            })
            .returning({ id: products.id });
          if (!created) throw new Error('insert returned no product');
          await tx
            .insert(stock)
            .values(sizeIds.map((sizeId) => ({ productId: created.id, sizeId, instock: 0 })));
          await writeImages(tx, created.id, data.images);
          await writeBox(tx, created.id, data.box);
          const product = await readProduct(tx, created.id);
          await recordAudit(tx, actor, {
            action: 'product.create',
            entity: 'product',
            entityId: created.id,
            after: product,
          });
          await notifyCatalogChanged(tx);
          return product;
        }),
      );
    },

    /** Changes the fields sent, if the product is still at the version the form was read at. */
    async updateProduct(actor: AuthUser, id: number, data: ProductUpdateData): Promise<AdminProduct> {
      return savingProduct(data.code, () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .select({ version: products.version })
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (!row) throw notFound(`Product ${id}`);
          if (row.version !== data.version) throw versionConflict('product');
          await checkCodeNotUsedBy(tx, 'package', data.code);
          const before = await readProduct(tx, id);
          if (data.category_id !== undefined) await checkGroup(tx, data.category_id);
          const price = data.price ?? before.price;
          const salePrice = data.sale_price === undefined ? before.sale_price : data.sale_price;
          if (salePrice !== null && salePrice >= price) {
            throw badRequest('Sale price must be less than the price.', {
              sale_price: 'Sale price must be less than the price.',
            });
          }
          await tx
            .update(products)
            .set({
              ...(data.code !== undefined ? { code: data.code } : {}),
              ...(data.name !== undefined ? { name: data.name } : {}),
              ...(data.short_description !== undefined ? { shortDescription: data.short_description } : {}),
              ...(data.long_description !== undefined ? { longDescription: data.long_description } : {}),
              ...(data.category_id !== undefined ? { categoryId: data.category_id } : {}),
              ...(data.is_new !== undefined ? { isNew: data.is_new } : {}),
              ...(data.family !== undefined ? { family: data.family } : {}),
              ...(data.color !== undefined ? { color: data.color } : {}),
              ...(data.active !== undefined ? { active: data.active } : {}),
              pricing: price,
              priceDiscount: discountFor(price, salePrice),
              version: row.version + 1,
              updatedAt: new Date(),
            })
            .where(eq(products.id, id));
          if (data.images !== undefined) await writeImages(tx, id, data.images);
          if (data.box !== undefined) await writeBox(tx, id, data.box);
          const after = await readProduct(tx, id);
          await recordAudit(tx, actor, {
            action: 'product.update',
            entity: 'product',
            entityId: id,
            before,
            after,
          });
          await notifyCatalogChanged(tx, [id]);
          return after;
        }),
      );
    },

    // ------------------------------------------------------------ packages

    /** A boxed set of a product (of a package tab); its stock starts at 0. Answers the product. */
    async createPackage(actor: AuthUser, data: PackageCreateData): Promise<AdminProduct> {
      return savingPackage(data.code, () =>
        db.transaction(async (tx) => {
          const [owner] = await tx
            .select({ isPackage: categories.isPackage })
            .from(products)
            .innerJoin(categories, eq(categories.id, products.categoryId))
            .where(eq(products.id, data.product_id));
          if (!owner) throw notFound(`Product ${data.product_id}`);
          if (!owner.isPackage) {
            throw badRequest('Packages are sold for the products of a package tab.', {
              product_id: 'This product is not in a package tab.',
            });
          }
          await checkCodeNotUsedBy(tx, 'product', data.code);
          const [created] = await tx
            .insert(packages)
            .values({
              productId: data.product_id,
              code: data.code,
              name: data.name,
              longDescription: data.long_description,
              pricing: data.price,
              icon: data.icon,
              color: data.color,
              active: data.active,
            })
            .returning();
          if (!created) throw new Error('insert returned no package');
          await recordAudit(tx, actor, {
            action: 'package.create',
            entity: 'package',
            entityId: created.id,
            after: toAdminPackage(created),
          });
          await notifyCatalogChanged(tx);
          return readProduct(tx, data.product_id);
        }),
      );
    },

    /** Changes the fields sent, if the package is still at the version read. Answers its product. */
    async updatePackage(actor: AuthUser, id: number, data: PackageUpdateData): Promise<AdminProduct> {
      return savingPackage(data.code, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
          if (!row) throw notFound(`Package ${id}`);
          if (row.version !== data.version) throw versionConflict('package');
          await checkCodeNotUsedBy(tx, 'product', data.code);
          const [updated] = await tx
            .update(packages)
            .set({
              ...(data.code !== undefined ? { code: data.code } : {}),
              ...(data.name !== undefined ? { name: data.name } : {}),
              ...(data.long_description !== undefined ? { longDescription: data.long_description } : {}),
              ...(data.price !== undefined ? { pricing: data.price } : {}),
              ...(data.icon !== undefined ? { icon: data.icon } : {}),
              ...(data.color !== undefined ? { color: data.color } : {}),
              ...(data.active !== undefined ? { active: data.active } : {}),
              version: row.version + 1,
            })
            .where(eq(packages.id, id))
            .returning();
          if (!updated) throw notFound(`Package ${id}`);
          await recordAudit(tx, actor, {
            action: 'package.update',
            entity: 'package',
            entityId: id,
            before: toAdminPackage(row),
            after: toAdminPackage(updated),
          });
          await notifyCatalogChanged(tx, [row.productId]);
          return readProduct(tx, row.productId);
        }),
      );
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
