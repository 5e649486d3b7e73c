import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { joinAddress, type PostalAddress } from '../../../domain/address.ts';
import type { RefundAsk } from '../../../domain/admin/order-refunds.ts';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrder,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  disputeHolds,
  disputeHoldsShipping,
  PARTLY_REFUNDED,
  type RefundOrderData,
  SHIPPABLE_STATUSES,
  type ShipOrdersResult,
  shippingDisputedMessage,
} from '../../../domain/admin/orders.ts';
import { calendarDayOf, nextCalendarDay, startOfDay } from '../../../domain/dates.ts';
import { splitTax } from '../../../domain/money.ts';
import { cheapestQuote, type ItemDimensions, shippingBox } from '../../../domain/shipping.ts';
import { type Database, rowsOf, type Tx } from '../../db/database.ts';
import { escapeLike } from '../../db/like.ts';
import { clients, orderEvents, orderLines, orderRefunds, orders } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import type { Consignee, Shipment, ShippingCarrier } from '../../providers/shipping/carrier.ts';
import type { ShippingRates } from '../../providers/shipping/shipping-rates.ts';
import { recordAudit } from '../admin/audit.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { readSettings, type Settings, storeTimeZone, taxComponentsOn } from '../settings/settings.service.ts';
import type { OrderRefunds } from './order-refunds.service.ts';
import { type PackingSlip, packingSlipsPdf } from './packing-slip-pdf.ts';

type OrderRow = typeof orders.$inferSelect;

export interface OrdersAdminDeps {
  db: Database;
  refunds: OrderRefunds;
  carrier: ShippingCarrier;
  rates: ShippingRates;
}

function addressText(value: PostalAddress | string): string {
  return typeof value === 'string' ? value : joinAddress(value);
}

function provinceOf(value: PostalAddress | string): string {
  return typeof value === 'string' ? '' : value.province;
}

const notShippable = (order: OrderRow) => {
  const why: Record<string, string> = {
    placed: 'Its payment has not been taken yet.',
    shipped: 'It has shipped already.',
    delivered: 'It has been delivered already.',
    cancelled: 'It was cancelled.',
    refunded: 'It was refunded in full.',
  };
  return new AppError(
    'not_shippable',
    `Order ${order.orderNumber} cannot be shipped. ${why[order.status] ?? ''}`.trim(),
    409,
  );
};

/**
 * An order a dispute holds (a chargeback or an inquiry open, or lost) is shipped only when the owner
 * says so (shippingDisputedMessage); one whose dispute the shop won ships as any other.
 */
function checkNotDisputed(order: OrderRow, despiteDispute = false): void {
  if (disputeHoldsShipping(order) && !despiteDispute) {
    throw new AppError(
      'order_disputed',
      `Order ${order.orderNumber}: ${shippingDisputedMessage(order)}`,
      409,
    );
  }
}

/** The back office's web orders: find, read, ship, deliver, cancel and refund them. */
export function createOrdersAdminService({ db, refunds, carrier, rates }: OrdersAdminDeps) {
  async function orderByNumber(orderNumber: number): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    if (!order) throw notFound(`Order ${orderNumber}`);
    return order;
  }

  function storeFrom(settings: Settings) {
    return {
      name: settings.store_name,
      address: settings.store_address,
      phone: settings.store_phone,
      email: settings.store_email,
      timeZone: settings.store_time_zone,
    };
  }

  /** The order's lines still to ship (net of refunded ones), with each unit's box. */
  async function shippingItems(orderId: number): Promise<(ItemDimensions | null)[]> {
    const rows = await rowsOf<{
      quantity: number;
      length_mm: number | null;
      width_mm: number | null;
      height_mm: number | null;
      weight_g: number | null;
    }>(
      db,
      sql`
      SELECT ol.quantity - ol.quantity_refunded AS quantity, dim.length_mm, dim.width_mm, dim.height_mm, dim.weight_g
      FROM order_lines ol
      LEFT JOIN LATERAL (
        SELECT d.length_mm, d.width_mm, d.height_mm, d.weight_g,
               CASE WHEN d.package_id IS NOT NULL THEN 0 WHEN d.size_id IS NULL THEN 2 ELSE 1 END AS rank
        FROM dimensions d
        -- A package without a box of its own ships in its product's, as checkout quoted it.
        WHERE (ol.package_id IS NOT NULL AND d.package_id = ol.package_id)
           OR (d.product_id = ol.product_id AND (d.size_id = ol.size_id OR d.size_id IS NULL))
        ORDER BY rank LIMIT 1
      ) dim ON true
      WHERE ol.order_id = ${orderId} AND ol.quantity > ol.quantity_refunded
      ORDER BY ol.id`,
    );
    return rows.map((row) =>
      row.length_mm === null || row.width_mm === null || row.height_mm === null || row.weight_g === null
        ? null
        : {
            lengthMm: row.length_mm,
            widthMm: row.width_mm,
            heightMm: row.height_mm,
            weightG: row.weight_g,
            quantity: row.quantity,
          },
    );
  }

  function consigneeOf(order: OrderRow): Consignee {
    const address = order.shippingAddress;
    if (typeof address === 'string') {
      throw new AppError(
        'address_not_structured',
        `Order ${order.orderNumber} keeps its address as text only: book its parcel by hand and enter the tracking number.`,
        409,
      );
    }
    return {
      name: [address.first_name, address.middle_initial, address.last_name].filter(Boolean).join(' '),
      company: '',
      countryCode: address.country_code,
      province: address.province,
      city: address.city,
      address1: address.address,
      address2: address.address2 ?? '',
      postCode: address.postalcode,
      phone: address.phone ?? '',
      email: address.email ?? order.email,
    };
  }

  /** Books the order's parcel with the carrier (the chosen service, or the cheapest). */
  async function book(order: OrderRow, productCode: string | undefined): Promise<Shipment> {
    const items = await shippingItems(order.id);
    const known = items.filter((item): item is ItemDimensions => item !== null);
    const box = known.length === items.length ? shippingBox(known) : null;
    if (!box) {
      throw new AppError(
        'no_dimensions',
        `Some items of order ${order.orderNumber} have no box size: enter a tracking number by hand.`,
        409,
      );
    }
    const consignee = consigneeOf(order);
    let code = productCode;
    if (!code) {
      const best = cheapestQuote(
        await rates.quote(box, {
          province: consignee.province,
          postalcode: consignee.postCode,
          countryCode: consignee.countryCode,
        }),
      );
      if (!best) throw new AppError('no_carrier', 'No carrier ships to this order’s address.', 409);
      code = best.productCode;
    }
    return carrier.createShipment({ orderNo: String(order.orderNumber), productCode: code, consignee, box });
  }

  /**
   * Marks a paid order shipped, with its history and the client's e-mail; refuses any other, and a
   * disputed one unless shipped `despiteDispute` (which its history then says).
   */
  async function markShipped(
    actor: AuthUser,
    orderNumber: number,
    shipped: { carrier: string; trackingNumber: string; shipmentId: string | null },
    despiteDispute = false,
  ): Promise<void> {
    const settings = await readSettings(db);
    await db.transaction(async (tx: Tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
      if (!order) throw notFound(`Order ${orderNumber}`);
      if (!SHIPPABLE_STATUSES.includes(order.status)) throw notShippable(order);
      checkNotDisputed(order, despiteDispute);
      await tx
        .update(orders)
        .set({ status: 'shipped', ...shipped, shippedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        type: 'shipped',
        message: `Shipped with ${shipped.carrier}, tracking number ${shipped.trackingNumber}${disputeHoldsShipping(order) ? ', despite the dispute' : ''}`,
        actorId: actor.id,
      });
      await enqueueMail(tx, {
        to: order.email,
        subject: `Your order ${order.orderNumber} at ${settings.store_name} has shipped`,
        text: [
          `Hello ${order.clientName},`,
          '',
          `Your order ${order.orderNumber} is on its way with ${shipped.carrier}.`,
          `Tracking number: ${shipped.trackingNumber}`,
          '',
          `Shipping to: ${addressText(order.shippingAddress)}`,
          '',
          'You can also see it on Your Orders in your account.',
        ].join('\n'),
      });
      await recordAudit(tx, actor, {
        action: 'order.ship',
        entity: 'order',
        entityId: order.orderNumber,
        before: { status: order.status },
        after: { status: 'shipped', ...shipped },
      });
    });
  }

  async function ship(
    actor: AuthUser,
    orderNumber: number,
    input: {
      productCode?: string | undefined;
      trackingNumber?: string | undefined;
      carrier?: string | undefined;
      despiteDispute?: boolean | undefined;
    },
  ): Promise<void> {
    const order = await orderByNumber(orderNumber);
    if (!SHIPPABLE_STATUSES.includes(order.status)) throw notShippable(order);
    // Checked before a label is bought, and again with the order locked (a dispute may come between).
    checkNotDisputed(order, input.despiteDispute);
    if (input.trackingNumber) {
      await markShipped(
        actor,
        orderNumber,
        {
          carrier: input.carrier ?? '',
          trackingNumber: input.trackingNumber.toUpperCase(),
          shipmentId: null,
        },
        input.despiteDispute,
      );
      return;
    }
    await book(order, input.productCode);
    const shipment = await carrier.saveShipment(String(orderNumber));
    await markShipped(
      actor,
      orderNumber,
      { carrier: shipment.productName, trackingNumber: shipment.trackingNumber, shipmentId: shipment.id },
      input.despiteDispute,
    );
  }

  async function taxPartsOf(order: OrderRow): Promise<AdminOrder['taxParts']> {
    const province = provinceOf(order.shippingAddress);
    if (!province) return [];
    return splitTax(
      order.tax,
      await taxComponentsOn(db, province, calendarDayOf(order.createdAt, await storeTimeZone(db))),
    );
  }

  async function slipOf(order: OrderRow, settings: Settings): Promise<PackingSlip> {
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    return {
      orderNumber: order.orderNumber,
      date: order.createdAt,
      timeZone: settings.store_time_zone,
      shipTo: addressText(order.shippingAddress).split(', '),
      store: storeFrom(settings),
      lines: lines.map((line) => ({
        code: line.code,
        name: line.name,
        sizeName: line.sizeName,
        quantity: line.quantity,
        refundedQuantity: line.quantityRefunded,
      })),
      ...(order.trackingNumber
        ? { shipment: { service: order.carrier ?? '', trackingNumber: order.trackingNumber } }
        : {}),
    };
  }

  return {
    async list(query: AdminOrdersQuery): Promise<AdminOrdersPage> {
      const conditions: SQL[] = [];
      if (query.q) {
        const pattern = `%${escapeLike(query.q)}%`;
        const byText = or(ilike(orders.clientName, pattern), ilike(orders.email, pattern));
        const number = /^\d{1,9}$/.test(query.q) ? Number(query.q) : undefined;
        conditions.push(
          number === undefined ? (byText as SQL) : (or(eq(orders.orderNumber, number), byText) as SQL),
        );
      }
      if (query.status === PARTLY_REFUNDED) {
        conditions.push(
          sql`${orders.amountRefunded} > 0 AND ${orders.amountRefunded} < ${orders.total}`,
          sql`${orders.status} NOT IN ('cancelled', 'refunded')`,
        );
      } else if (query.status) {
        conditions.push(eq(orders.status, query.status));
      }
      if (query.province) conditions.push(sql`${orders.shippingAddress}->>'province' = ${query.province}`);
      if (query.from || query.to) {
        const timeZone = await storeTimeZone(db);
        if (query.from) conditions.push(gte(orders.createdAt, startOfDay(query.from, timeZone)));
        if (query.to) conditions.push(lt(orders.createdAt, startOfDay(nextCalendarDay(query.to), timeZone)));
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      // Qualified by hand: inside a subquery, drizzle names the column without its table.
      const lineCount = sql<number>`(SELECT count(*)::int FROM order_lines ol WHERE ol.order_id = "orders"."id")`;
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            orderNumber: orders.orderNumber,
            createdAt: orders.createdAt,
            status: orders.status,
            clientName: orders.clientName,
            email: orders.email,
            shippingAddress: orders.shippingAddress,
            total: orders.total,
            amountRefunded: orders.amountRefunded,
            trackingNumber: orders.trackingNumber,
            lineCount,
          })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .offset((query.page - 1) * ADMIN_ORDERS_PAGE_SIZE)
          .limit(ADMIN_ORDERS_PAGE_SIZE),
        db.select({ total: count() }).from(orders).where(where),
      ]);
      return {
        orders: rows.map(({ shippingAddress, createdAt, ...row }) => ({
          ...row,
          createdAt: createdAt.toISOString(),
          province: provinceOf(shippingAddress),
        })),
        total: counted?.total ?? 0,
        page: query.page,
        pageSize: ADMIN_ORDERS_PAGE_SIZE,
      };
    },

    async get(orderNumber: number): Promise<AdminOrder> {
      const order = await orderByNumber(orderNumber);
      const lines = await db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id));
      const refundRows = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.id))
        .orderBy(asc(orderRefunds.id));
      const events = await db
        .select({
          type: orderEvents.type,
          message: orderEvents.message,
          createdAt: orderEvents.createdAt,
          actor: sql<string | null>`${clients.firstName} || ' ' || ${clients.lastName}`,
        })
        .from(orderEvents)
        .leftJoin(clients, eq(clients.id, orderEvents.actorId))
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
      const taxParts = await taxPartsOf(order);
      const placed = {
        type: 'placed',
        message: 'Placed and paid by card',
        actor: null,
        createdAt: order.createdAt,
      };
      return {
        orderNumber: order.orderNumber,
        createdAt: order.createdAt.toISOString(),
        status: order.status,
        clientId: order.clientId,
        clientName: order.clientName,
        email: order.email,
        shippingAddress: addressText(order.shippingAddress),
        billingAddress: addressText(order.billingAddress),
        province: provinceOf(order.shippingAddress),
        payment: {
          brand: order.paymentMethod?.brand ?? null,
          last4: order.paymentMethod?.last4 ?? null,
          paymentIntentId: order.paymentIntentId,
        },
        subtotal: order.subtotal,
        discount: order.discount,
        shippingFee: order.shippingFee,
        taxRatePpm: order.taxRatePpm,
        tax: order.tax,
        taxParts,
        total: order.total,
        amountRefunded: order.amountRefunded,
        refundable:
          ['placed', 'cancelled'].includes(order.status) || disputeHolds(order)
            ? 0
            : order.total - order.amountRefunded,
        shippingRefunded: refundRows.some((row) => row.status !== 'failed' && row.shippingAmount > 0),
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
        shippedAt: order.shippedAt?.toISOString() ?? null,
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
        cancelledAt: order.cancelledAt?.toISOString() ?? null,
        disputedAt: order.disputedAt?.toISOString() ?? null,
        disputeStatus: order.disputeStatus,
        disputeClosedAt: order.disputeClosedAt?.toISOString() ?? null,
        lines: lines.map((line) => ({
          id: line.id,
          productId: line.productId,
          packageId: line.packageId,
          code: line.code,
          name: line.name,
          sizeName: line.sizeName,
          unitPrice: line.unitPrice,
          quantity: line.quantity,
          quantityRefunded: line.quantityRefunded,
          lineTotal: line.lineTotal,
        })),
        refunds: refundRows.map((row) => ({
          id: row.id,
          status: row.status,
          amount: row.amount,
          itemsAmount: row.itemsAmount,
          shippingAmount: row.shippingAmount,
          tax: row.tax,
          source: row.source,
          lines: row.lines,
          failureMessage: row.failureMessage,
          createdAt: row.createdAt.toISOString(),
        })),
        events: [placed, ...events].map((event) => ({
          type: event.type,
          message: event.message,
          actor: event.actor,
          createdAt: event.createdAt.toISOString(),
        })),
      };
    },

    ship,

    /** Books the parcel of a paid order without shipping it yet (api/shipping/createorder). */
    async book(orderNumber: number, productCode: string | undefined): Promise<Shipment> {
      const order = await orderByNumber(orderNumber);
      if (!SHIPPABLE_STATUSES.includes(order.status)) throw notShippable(order);
      checkNotDisputed(order);
      return book(order, productCode);
    },

    /** Ships an order with the parcel booked for it (api/shipping/saveorder). */
    async shipBooked(actor: AuthUser, orderNumber: number): Promise<Shipment> {
      const order = await orderByNumber(orderNumber);
      if (!SHIPPABLE_STATUSES.includes(order.status)) throw notShippable(order);
      checkNotDisputed(order);
      const booked = await carrier.shipment(String(orderNumber));
      if (!booked) throw notFound(`A shipment of order ${orderNumber}`);
      const shipment = await carrier.saveShipment(String(orderNumber));
      await markShipped(actor, orderNumber, {
        carrier: shipment.productName,
        trackingNumber: shipment.trackingNumber,
        shipmentId: shipment.id,
      });
      return shipment;
    },

    /** Books and ships several paid orders; each answers on its own (one failing stops none). */
    async shipMany(
      actor: AuthUser,
      orderNumbers: readonly number[],
      productCode: string | undefined,
    ): Promise<ShipOrdersResult> {
      const results: ShipOrdersResult['results'] = [];
      for (const orderNumber of [...new Set(orderNumbers)]) {
        try {
          await ship(actor, orderNumber, { productCode });
          const order = await orderByNumber(orderNumber);
          results.push({ orderNumber, shipped: true, trackingNumber: order.trackingNumber, error: null });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ orderNumber, shipped: false, trackingNumber: null, error: error.message });
        }
      }
      return { results };
    },

    async deliver(actor: AuthUser, orderNumber: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.orderNumber, orderNumber))
          .for('update');
        if (!order) throw notFound(`Order ${orderNumber}`);
        if (order.status !== 'shipped') {
          throw new AppError('not_shipped', `Order ${orderNumber} is ${order.status}, not shipped.`, 409);
        }
        await tx
          .update(orders)
          .set({ status: 'delivered', deliveredAt: sql`now()` })
          .where(eq(orders.id, order.id));
        await tx
          .insert(orderEvents)
          .values({ orderId: order.id, type: 'delivered', message: 'Delivered', actorId: actor.id });
        await recordAudit(tx, actor, {
          action: 'order.deliver',
          entity: 'order',
          entityId: orderNumber,
          before: { status: order.status },
          after: { status: 'delivered' },
        });
      });
    },

    async cancel(actor: AuthUser, orderNumber: number): Promise<void> {
      const order = await orderByNumber(orderNumber);
      await refunds.refund({
        orderId: order.id,
        ask: { kind: 'all', restock: true, shipping: true },
        idempotencyKey: `cancel:${order.id}`,
        source: 'cancel',
        actorId: actor.id,
      });
      await recordAudit(db, actor, {
        action: 'order.cancel',
        entity: 'order',
        entityId: orderNumber,
        before: { status: order.status },
        after: { status: 'cancelled' },
      });
    },

    async refund(
      actor: AuthUser,
      orderNumber: number,
      idempotencyKey: string,
      body: RefundOrderData,
    ): Promise<void> {
      const order = await orderByNumber(orderNumber);
      const ask: RefundAsk = body.lines
        ? { kind: 'lines', lines: body.lines, shipping: body.shipping ?? false }
        : { kind: 'all', restock: body.restock ?? true, shipping: body.shipping ?? true };
      const refund = await refunds.refund({
        orderId: order.id,
        ask,
        idempotencyKey: `admin:${order.id}:${idempotencyKey}`,
        source: 'admin',
        actorId: actor.id,
      });
      await recordAudit(db, actor, {
        action: 'order.refund',
        entity: 'order',
        entityId: orderNumber,
        after: {
          refund: refund.id,
          amount: refund.amount,
          lines: refund.lines,
          shipping: refund.shippingAmount,
        },
      });
    },

    /** The carrier's label of an order's parcel, the store as its sender. */
    async label(orderNo: string): Promise<Buffer> {
      return carrier.label(orderNo, storeFrom(await readSettings(db)));
    },

    /** One PDF to print for several orders: their carrier labels, or their packing slips. */
    async documents(kind: 'labels' | 'slips', orderNumbers: readonly number[]): Promise<Buffer> {
      const rows = await db
        .select()
        .from(orders)
        .where(inArray(orders.orderNumber, [...orderNumbers]));
      const found = orderNumbers.map((number) => rows.find((row) => row.orderNumber === number));
      const missing = orderNumbers.filter((_, index) => !found[index]);
      if (missing.length > 0) throw notFound(`Order ${missing.join(', ')}`);
      const settings = await readSettings(db);
      const chosen = found.filter((row): row is OrderRow => row !== undefined);
      if (kind === 'slips')
        return packingSlipsPdf(await Promise.all(chosen.map((row) => slipOf(row, settings))));
      const unbooked = chosen.filter((row) => !row.shipmentId).map((row) => row.orderNumber);
      if (unbooked.length > 0) {
        throw new AppError(
          'no_label',
          `No label was bought through the carrier for order ${unbooked.join(', ')}.`,
          409,
        );
      }
      // Loaded when labels are first merged, not when the server starts.
      const { PDFDocument } = await import('pdf-lib');
      const merged = await PDFDocument.create();
      for (const row of chosen) {
        const label = await PDFDocument.load(
          await carrier.label(String(row.orderNumber), storeFrom(settings)),
        );
        for (const page of await merged.copyPages(label, label.getPageIndices())) merged.addPage(page);
      }
      return Buffer.from(await merged.save());
    },
  };
}

export type OrdersAdminService = ReturnType<typeof createOrdersAdminService>;
