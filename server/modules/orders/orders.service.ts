import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { joinAddress, type PostalAddress } from '../../../domain/address.ts';
import type { Order, OrdersPage } from '../../../domain/orders.ts';
import type { DbOrTx } from '../../db/database.ts';
import { type OrderCard, orderLines, orderRefunds, orders } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/** Orders keep their addresses as saved then; older rows may hold a plain string. */
function addressText(value: PostalAddress | string): string {
  return typeof value === 'string' ? value : joinAddress(value);
}

function paymentText(card: OrderCard | null): string {
  return card?.brand && card.last4 ? `${card.brand} ending in ${card.last4}` : '';
}

/** A page of the client's orders, newest first, with their lines and refunds: three queries whatever the count. */
export async function listOrders(db: DbOrTx, clientId: number, page: OrdersPage): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.clientId, clientId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(page.offset)
    .limit(page.limit);
  return withLinesAndRefunds(db, rows);
}

/** One of the client's own orders by its number; another's, or none, is not found. */
export async function getOwnOrder(db: DbOrTx, clientId: number, orderNumber: number): Promise<Order> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.orderNumber, orderNumber)));
  const [order] = await withLinesAndRefunds(db, rows);
  if (!order) throw notFound('Order');
  return order;
}

async function withLinesAndRefunds(db: DbOrTx, rows: (typeof orders.$inferSelect)[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.id));
  const refunds = await db
    .select({ orderId: orderRefunds.orderId, amount: orderRefunds.amount, createdAt: orderRefunds.createdAt })
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.status, 'succeeded')))
    .orderBy(asc(orderRefunds.id));
  return rows.map((row) => ({
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    subtotal: row.subtotal,
    discount: row.discount,
    shipping_fee: row.shippingFee,
    tax: row.tax,
    tax_rate: row.taxRatePpm / 1_000_000,
    total: row.total,
    currency: row.currency,
    shipping_address: addressText(row.shippingAddress),
    billing_address: addressText(row.billingAddress),
    payment: paymentText(row.paymentMethod),
    amount_refunded: row.amountRefunded,
    refunds: refunds
      .filter((refund) => refund.orderId === row.id)
      .map((refund) => ({ amount: refund.amount, createdAt: refund.createdAt.toISOString() })),
    carrier: row.carrier,
    tracking_number: row.trackingNumber,
    shipped_at: row.shippedAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    lines: lines
      .filter((line) => line.orderId === row.id)
      .map((line) => ({
        product_id: line.productId,
        package_id: line.packageId,
        code: line.code,
        name: line.name,
        size_name: line.sizeName,
        unit_price: line.unitPrice,
        quantity: line.quantity,
        line_total: line.lineTotal,
        quantity_refunded: line.quantityRefunded,
      })),
  }));
}
