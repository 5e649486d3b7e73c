/**
 * Special offers and the custom-order process steps. An offer's detail is typed as plain text
 * and kept as the HTML the storefront shows: escaped, one paragraph per block, so nothing the
 * owner types can run in a shopper's browser.
 */
import { asc, eq } from 'drizzle-orm';
import type {
  AdminOffer,
  OfferCreateData,
  OfferUpdateData,
  ProcessSteps,
} from '../../../domain/admin/offers.ts';
import type { Database } from '../../db/database.ts';
import { processSteps, products, specialOffers } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { recordAudit } from './audit.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Plain text to the offer's HTML: each block between empty lines a paragraph, everything escaped. */
export function offerHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The offer's HTML back to the text the owner edits. */
export function offerText(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/p>\s*<p>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (entity) => Object.entries(ENTITIES).find(([, escaped]) => escaped === entity)?.[0] ?? entity,
    )
    .trim();
}

function toAdminOffer(row: typeof specialOffers.$inferSelect): AdminOffer {
  return {
    id: row.id,
    product_id: row.productId,
    title: row.title,
    detail: offerText(row.detail),
    rules: row.rules,
    active: row.active,
  };
}

export function createOffersService(db: Database) {
  async function checkProduct(productId: number | null | undefined): Promise<void> {
    if (productId === null || productId === undefined) return;
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!row)
      throw badRequest('Choose a product of the catalogue.', { product_id: 'This product does not exist.' });
  }

  return {
    async list(): Promise<AdminOffer[]> {
      const rows = await db.select().from(specialOffers).orderBy(asc(specialOffers.id));
      return rows.map(toAdminOffer);
    },

    async create(actor: AuthUser, data: OfferCreateData): Promise<AdminOffer> {
      await checkProduct(data.product_id);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(specialOffers)
          .values({
            productId: data.product_id,
            title: data.title,
            detail: offerHtml(data.detail),
            rules: data.rules,
            active: data.active,
          })
          .returning();
        if (!row) throw new Error('insert returned no offer');
        const offer = toAdminOffer(row);
        await recordAudit(tx, actor, {
          action: 'offer.create',
          entity: 'offer',
          entityId: row.id,
          after: offer,
        });
        await notifyCatalogChanged(tx);
        return offer;
      });
    },

    async update(actor: AuthUser, id: number, data: OfferUpdateData): Promise<AdminOffer> {
      await checkProduct(data.product_id);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(specialOffers).where(eq(specialOffers.id, id)).for('update');
        if (!before) throw notFound(`Offer ${id}`);
        const [row] = await tx
          .update(specialOffers)
          .set({
            ...(data.product_id !== undefined ? { productId: data.product_id } : {}),
            ...(data.title !== undefined ? { title: data.title } : {}),
            ...(data.detail !== undefined ? { detail: offerHtml(data.detail) } : {}),
            ...(data.rules !== undefined ? { rules: data.rules } : {}),
            ...(data.active !== undefined ? { active: data.active } : {}),
          })
          .where(eq(specialOffers.id, id))
          .returning();
        if (!row) throw notFound(`Offer ${id}`);
        const offer = toAdminOffer(row);
        await recordAudit(tx, actor, {
          action: 'offer.update',
          entity: 'offer',
          entityId: id,
          before: toAdminOffer(before),
          after: offer,
        });
        await notifyCatalogChanged(tx);
        return offer;
      });
    },

    async processSteps(): Promise<ProcessSteps> {
      return db
        .select({ title: processSteps.title, image: processSteps.image })
        .from(processSteps)
        .orderBy(asc(processSteps.stepNo));
    },

    /** Replaces the steps with the list sent, numbered in its order. */
    async replaceProcessSteps(actor: AuthUser, steps: ProcessSteps): Promise<ProcessSteps> {
      await db.transaction(async (tx) => {
        const before = await tx
          .select({ title: processSteps.title, image: processSteps.image })
          .from(processSteps)
          .orderBy(asc(processSteps.stepNo));
        await tx.delete(processSteps);
        await tx.insert(processSteps).values(steps.map((step, index) => ({ stepNo: index + 1, ...step })));
        await recordAudit(tx, actor, {
          action: 'process_steps.update',
          entity: 'process_steps',
          before,
          after: steps,
        });
        await notifyCatalogChanged(tx);
      });
      return this.processSteps();
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
