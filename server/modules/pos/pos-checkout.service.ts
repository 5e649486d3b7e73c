/**
 * Card Checkout, for staff without a reader (spec pos.md §2; issue "The POS as a real register"):
 * the shop's own catalogue as products and prices, a hosted payment session priced from it (with
 * the store's tax when Add tax is on), the register sale its payment becomes (stock taken, one card
 * tender, one receipt), and the sandbox's own hosted page.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { calendarDayOf } from '../../../domain/dates.ts';
import type {
  CreateCheckoutSessionData,
  PosPrice,
  PosProduct,
  SandboxCheckout,
  SandboxCheckoutPay,
} from '../../../domain/pos/checkout.ts';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import type { Sale, SaleRequestData } from '../../../domain/pos/register.ts';
import { saleLineName } from '../../../domain/pos/register.ts';
import { taxRateLabel } from '../../../domain/pos/sale.ts';
import { PG_INTEGER_MAX } from '../../../domain/validation.ts';
import type { Database } from '../../db/database.ts';
import { type PosSaleLine, packages, posCheckouts, products, sizes, stock } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, missingAsNotFound, notFound } from '../../lib/errors.ts';
import {
  CHECKOUT_SESSION_ID_TEMPLATE,
  type CheckoutLineItemParams,
  type CheckoutSession,
  type PaymentGateway,
} from '../../providers/payments/gateway.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { storeTaxRatePpm, storeTimeZone, taxComponentsOn } from '../settings/settings.service.ts';
import { POS_SOURCE } from './pos.service.ts';
import { type RegisterSales, totalsOf } from './register-sales.service.ts';

export interface PosCheckoutDeps {
  db: Database;
  payments: PaymentGateway;
  /** Prices lines from the catalogue and records the paid sale, as the register does. */
  registerSales: RegisterSales;
  clock: Clock;
  /** The shop's address on the web (config.publicUrl): the hosted checkout returns there. */
  publicUrl: string;
}

type CatalogueLine = SaleRequestData['lines'][number];

/** A product or package for sale, with its prices (one per size in stock). */
interface Offer {
  product: PosProduct;
  prices: PosPrice[];
}

const NOT_FOR_SALE = 'This price is not for sale.';
const notForSale = () => badRequest(NOT_FOR_SALE, { lineItems: NOT_FOR_SALE });

/** The price id of one catalogue line: a size, a product without sizes, or a package. */
function priceIdOf(line: CatalogueLine): string {
  if (line.packageId !== null) return `price_pkg_${line.packageId}`;
  return line.size_id === null ? `price_${line.productId}` : `price_${line.productId}_${line.size_id}`;
}

const PRICE_ID = /^price_(?:pkg_(\d{1,10})|(\d{1,10})(?:_(\d{1,10}))?)$/;

/** The ids a price id names, or undefined for one that is not ours. */
function parsePriceId(
  priceId: string,
): { packageId: number } | { productId: number; sizeId: number | null } | undefined {
  const match = PRICE_ID.exec(priceId);
  if (!match) return undefined;
  const [, box, product, size] = match.map((part) => (part === undefined ? undefined : Number(part)));
  const ids = [box, product, size].filter((id) => id !== undefined);
  if (ids.some((id) => id < 1 || id > PG_INTEGER_MAX)) return undefined;
  if (box !== undefined) return { packageId: box };
  if (product === undefined) return undefined;
  return { productId: product, sizeId: size ?? null };
}

function sandboxCheckout(session: CheckoutSession): SandboxCheckout {
  return {
    id: session.id,
    status: session.status,
    payment_status: session.payment_status,
    amount_total: session.amount_total ?? 0,
    currency: session.currency ?? 'cad',
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    lines: session.line_items.map((line) => ({
      priceId: line.price,
      description: line.description ?? '',
      quantity: line.quantity,
      unitAmount: line.quantity > 0 ? Math.round(line.amount_total / line.quantity) : 0,
      amountTotal: line.amount_total,
    })),
  };
}

export function createPosCheckoutService({ db, payments, registerSales, clock, publicUrl }: PosCheckoutDeps) {
  /**
   * Active products and active packages (of active products) at today's prices, by name. Only what
   * is in stock now is offered: a size with none left is not a price a cashier can sell, and a
   * product with no price left is not listed (spec §2: products without a price are not shown).
   */
  async function offers(): Promise<Offer[]> {
    const productRows = await db
      .select({ id: products.id, name: products.name, code: products.code, sizeTypeId: products.sizeTypeId })
      .from(products)
      .where(eq(products.active, true))
      .orderBy(sql`lower(${products.name})`, asc(products.id));
    const sizeRows = await db
      .select({ id: sizes.id, typeId: sizes.typeId, name: sizes.name })
      .from(sizes)
      .orderBy(asc(sizes.sortOrder), asc(sizes.id));
    const stockRows = await db
      .select({ productId: stock.productId, sizeId: stock.sizeId })
      .from(stock)
      .where(gt(stock.instock, 0));
    const packageRows = await db
      .select({ id: packages.id, productId: packages.productId, name: packages.name, code: packages.code })
      .from(packages)
      .innerJoin(products, eq(products.id, packages.productId))
      .where(and(eq(packages.active, true), eq(products.active, true), gt(packages.instock, 0)))
      .orderBy(sql`lower(${packages.name})`, asc(packages.id));

    const inStock = new Set(stockRows.map((row) => `${row.productId}:${row.sizeId ?? ''}`));
    const offered: { product: PosProduct; lines: CatalogueLine[] }[] = productRows.map((product) => {
      const one = (sizeId: number | null): CatalogueLine => ({
        productId: product.id,
        size_id: sizeId,
        packageId: null,
        quantity: 1,
      });
      const lines =
        product.sizeTypeId === null
          ? inStock.has(`${product.id}:`)
            ? [one(null)]
            : []
          : sizeRows
              .filter((size) => size.typeId === product.sizeTypeId && inStock.has(`${product.id}:${size.id}`))
              .map((size) => one(size.id));
      return { product: { id: `prod_${product.id}`, name: product.name, code: product.code }, lines };
    });
    for (const box of packageRows) {
      offered.push({
        product: { id: `pkg_${box.id}`, name: box.name, code: box.code },
        lines: [{ productId: box.productId, size_id: null, packageId: box.id, quantity: 1 }],
      });
    }
    const forSale = offered.filter((offer) => offer.lines.length > 0);
    // One pricing of every line, as a sale prices them (the product's discount, a package's own price).
    const priced = await registerSales.priceLines(forSale.flatMap((offer) => offer.lines));
    let next = 0;
    return forSale.map((offer) => ({
      product: offer.product,
      prices: offer.lines.map((line) => {
        const price = priced[next++];
        if (!price) throw new Error('a catalogue line was not priced');
        return {
          id: priceIdOf(line),
          productId: offer.product.id,
          unitAmount: price.unitPrice,
          ...(price.sizeName ? { label: price.sizeName } : {}),
        };
      }),
    }));
  }

  /** The chosen prices as catalogue lines at today's prices; 400 for a price that is not ours. */
  async function priceChoices(quantities: ReadonlyMap<string, number>): Promise<PosSaleLine[]> {
    const named = [...quantities].map(([priceId, quantity]) => {
      const ids = parsePriceId(priceId);
      if (!ids) throw notForSale();
      return { ids, quantity };
    });
    const packageIds = named.flatMap(({ ids }) => ('packageId' in ids ? [ids.packageId] : []));
    const boxes =
      packageIds.length === 0
        ? []
        : await db
            .select({ id: packages.id, productId: packages.productId })
            .from(packages)
            .where(inArray(packages.id, packageIds));
    const lines: CatalogueLine[] = named.map(({ ids, quantity }) => {
      if ('productId' in ids) {
        return { productId: ids.productId, size_id: ids.sizeId, packageId: null, quantity };
      }
      const box = boxes.find((row) => row.id === ids.packageId);
      if (!box) throw notForSale();
      return { productId: box.productId, size_id: null, packageId: box.id, quantity };
    });
    return registerSales.priceLines(lines).catch((error: unknown) => {
      // The catalogue's own refusals (not sold, a size of another product) name a sale's lines.
      if (error instanceof AppError && error.statusCode === 400) throw notForSale();
      throw error;
    });
  }

  /** The first line whose stock is not there now (the payment would be refunded at the end). */
  async function shortLine(lines: readonly PosSaleLine[]): Promise<PosSaleLine | undefined> {
    const productIds = lines.filter((line) => line.packageId === null).map((line) => line.productId);
    const packageIds = lines.flatMap((line) => (line.packageId === null ? [] : [line.packageId]));
    const stockRows =
      productIds.length === 0
        ? []
        : await db
            .select({ productId: stock.productId, sizeId: stock.sizeId, instock: stock.instock })
            .from(stock)
            .where(inArray(stock.productId, productIds));
    const boxRows =
      packageIds.length === 0
        ? []
        : await db
            .select({ id: packages.id, instock: packages.instock })
            .from(packages)
            .where(inArray(packages.id, packageIds));
    return lines.find((line) => {
      const instock =
        line.packageId === null
          ? stockRows.find((row) => row.productId === line.productId && row.sizeId === line.size_id)?.instock
          : boxRows.find((row) => row.id === line.packageId)?.instock;
      return (instock ?? 0) < line.quantity;
    });
  }

  /** 'HST 13%', 'GST + PST 12%': the tax line of the payment page, named as the province's taxes. */
  async function taxLineName(province: string, ratePpm: number): Promise<string> {
    const components = await taxComponentsOn(
      db,
      province,
      calendarDayOf(clock.now(), await storeTimeZone(db)),
    );
    const names = components.map((component) => component.name).join(' + ') || 'Tax';
    return `${names} ${taxRateLabel(ratePpm)}`;
  }

  /** A session of this shop paid: its sale, made once (by the cashier's browser or the webhook). */
  async function completeSession(row: typeof posCheckouts.$inferSelect): Promise<Sale> {
    const { sessionId } = row;
    if (row.saleId !== null) return registerSales.get(row.saleId);

    const session = await payments
      .retrieveCheckoutSession(sessionId)
      .catch(missingAsNotFound('Checkout session'));
    if (session.status === 'expired') {
      throw new AppError(
        'checkout_expired',
        'This checkout expired without being paid: start a new one.',
        409,
      );
    }
    if (session.status !== 'complete' || session.payment_status !== 'paid' || !session.payment_intent) {
      throw new AppError('checkout_not_paid', 'This checkout has not been paid yet.', 409);
    }
    // A payment given back (its stock was gone at a first try) never becomes a sale later.
    const intent = await payments.retrievePaymentIntent(session.payment_intent);
    if (intent.latest_charge && (await payments.retrieveCharge(intent.latest_charge)).amountRefunded > 0) {
      throw new AppError(
        'checkout_refunded',
        'The card payment of this checkout was refunded: no sale was made.',
        409,
      );
    }
    const sale = await registerSales.recordPaid({ id: row.cashierId }, `checkout:${sessionId}`, {
      lines: row.lines,
      addTax: row.addTax,
      ratePpm: row.taxRatePpm,
      paymentIntentId: session.payment_intent,
      email: row.email,
    });
    await db.update(posCheckouts).set({ saleId: sale.id }).where(eq(posCheckouts.sessionId, sessionId));
    return sale;
  }

  return {
    /** POST api/pos/list_products: what the checkout sells, as { id, name, code }. */
    async listProducts(): Promise<PosProduct[]> {
      return (await offers()).map((offer) => offer.product);
    },

    /** POST api/pos/list_prices: a price per size in stock, product without sizes, or package. */
    async listPrices(): Promise<PosPrice[]> {
      return (await offers()).flatMap((offer) => offer.prices);
    },

    /**
     * A hosted payment session of the ticked prices with a quantity above 0 (the same price twice is
     * one line), priced from the catalogue now with the store province's tax per line (as a register
     * sale), the stock checked; kept so that its payment becomes exactly that sale.
     */
    async createCheckoutSession(user: AuthUser, input: CreateCheckoutSessionData): Promise<{ url: string }> {
      const quantities = new Map<string, number>();
      for (const item of input.lineItems) {
        if (item.quantity > 0)
          quantities.set(item.priceId, (quantities.get(item.priceId) ?? 0) + item.quantity);
      }
      if (quantities.size === 0) {
        throw badRequest(POS_MESSAGES.checkoutNoItems, { lineItems: POS_MESSAGES.checkoutNoItems });
      }
      const lines = await priceChoices(quantities);
      const short = await shortLine(lines);
      if (short) {
        throw new AppError(
          'not_enough_stock',
          `Not enough stock of ${saleLineName(short)} for this sale.`,
          409,
        );
      }
      const rate = input.addTax ? await storeTaxRatePpm(db) : undefined;
      const ratePpm = rate?.ppm ?? 0;
      const { tax, total } = totalsOf(lines, ratePpm);
      const lineItems: CheckoutLineItemParams[] = lines.map((line) => ({
        priceData: { name: saleLineName(line), unitAmount: line.unitPrice },
        quantity: line.quantity,
      }));
      if (rate && tax > 0) {
        lineItems.push({
          priceData: { name: await taxLineName(rate.province, ratePpm), unitAmount: tax },
          quantity: 1,
        });
      }
      const session = await payments.createCheckoutSession({
        lineItems,
        successUrl: `${publicUrl}/#/checkout-success?session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`,
        cancelUrl: `${publicUrl}/#/pos-checkout`,
        metadata: { source: POS_SOURCE, pos_user: String(user.id) },
      });
      if (!session.url) throw new AppError('checkout_failed', POS_MESSAGES.paymentCreationError, 502);
      await db.insert(posCheckouts).values({
        sessionId: session.id,
        cashierId: user.id,
        lines,
        addTax: input.addTax,
        taxRatePpm: ratePpm,
        total,
        email: input.email ?? null,
      });
      return { url: session.url };
    },

    /**
     * POST api/pos/checkout-sessions/{id}/complete: the paid session of this cashier becomes its
     * register sale (stock taken, one card tender, one receipt e-mailed when an address was given),
     * once; asked again, the same sale. Stock gone meanwhile: 409 and the card is refunded.
     */
    async complete(user: AuthUser, sessionId: string): Promise<Sale> {
      const [row] = await db.select().from(posCheckouts).where(eq(posCheckouts.sessionId, sessionId));
      if (!row || row.cashierId !== user.id) throw notFound('Checkout session');
      return completeSession(row);
    },

    /**
     * The processor's checkout.session.completed (its webhook): the session becomes its cashier's
     * sale even when no browser comes back from the payment page. Undefined for a session that is
     * not one of this shop's.
     */
    async completeFromWebhook(sessionId: string): Promise<Sale | undefined> {
      const [row] = await db.select().from(posCheckouts).where(eq(posCheckouts.sessionId, sessionId));
      return row ? completeSession(row) : undefined;
    },

    /** checkout.session.expired: the session can no longer be paid. False when it is not ours. */
    async markExpired(sessionId: string): Promise<boolean> {
      const rows = await db
        .update(posCheckouts)
        .set({ expiredAt: sql`coalesce(${posCheckouts.expiredAt}, now())` })
        .where(eq(posCheckouts.sessionId, sessionId))
        .returning({ sessionId: posCheckouts.sessionId });
      return rows.length > 0;
    },

    /** The sandbox's hosted payment page (test mode only): what it shows. */
    async sandboxCheckout(id: string): Promise<SandboxCheckout> {
      if (!payments.sandbox) throw notFound('Checkout session');
      const session = await payments.retrieveCheckoutSession(id).catch(missingAsNotFound('Checkout session'));
      return sandboxCheckout(session);
    },

    /** The sandbox's hosted page pays the session with a card typed on it. */
    async paySandboxCheckout(
      id: string,
      card: SandboxCheckoutPay & { number: string },
    ): Promise<SandboxCheckout> {
      const sandbox = payments.sandbox;
      if (!sandbox) throw notFound('Checkout session');
      const session = await sandbox
        .completeCheckoutSession(id, card)
        .catch(missingAsNotFound('Checkout session'));
      return sandboxCheckout(session);
    },
  };
}

export type PosCheckoutService = ReturnType<typeof createPosCheckoutService>;
