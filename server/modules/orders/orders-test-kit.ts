import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { Database } from '../../db/database.ts';
import { products, settings, stock } from '../../db/schema.ts';
import { bearer, CARD_EXPIRY_YEAR, signUp, type TestApp, TORONTO_ADDRESS } from '../../test/app.ts';

export interface PlacedWebOrder {
  client: LoginRecord;
  orderNumber: number;
  paymentIntentId: string;
}

/** Products without sizes, well in stock, at their full price: what the order tests buy. */
export async function stockedProducts(db: Database, count: number) {
  // Any single unit reaches the minimum, so tests can buy one piece.
  await db.update(settings).set({ value: 100 }).where(eq(settings.key, 'minimum_purchase'));
  const rows = await db
    .select({ id: products.id, name: products.name, pricing: products.pricing })
    .from(products)
    .innerJoin(stock, eq(stock.productId, products.id))
    .where(and(isNull(products.sizeTypeId), eq(products.priceDiscount, 0), gt(stock.instock, 40)))
    .orderBy(products.id)
    .limit(count);
  if (rows.length < count) throw new Error(`the demo data has fewer than ${count} unsized products in stock`);
  return rows;
}

/** A client's POST that must answer 200: its JSON object. */
export type ClientPost = (url: string, payload: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** A new client with the items in the cart and both addresses saved: the checkout's payment step. */
export async function readyToPay(
  app: TestApp['app'],
  items: readonly { productId: number; quantity: number }[],
  address: Record<string, unknown> = TORONTO_ADDRESS,
): Promise<{ client: LoginRecord; post: ClientPost }> {
  const client = await signUp(app);
  const post: ClientPost = async (url, payload) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(client), payload });
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json<Record<string, unknown>>();
  };
  for (const item of items) {
    await post('/api/addcart', {
      userId: client.client_id,
      productId: item.productId,
      quantity: item.quantity,
    });
  }
  await post('/api/Address', { ...address, address_type_id: 1 });
  await post('/api/Address', { address_type_id: 2, same_as_shipping: true });
  return { client, post };
}

/** The sandbox's card form: a payment method of the test card `number`, answered as its id. */
export async function sandboxCard(post: ClientPost, number = '4242424242424242'): Promise<string> {
  const method = await post('/api/Payment/sandbox/paymentmethod', {
    number,
    exp_month: 12,
    exp_year: CARD_EXPIRY_YEAR,
    cvc: '123',
  });
  return String(method.id);
}

/**
 * A web order placed the way a shopper places it: cart, addresses, the sandbox card, pay, confirm.
 * The order is paid (captured) when this answers.
 */
export async function placeWebOrder(
  app: TestApp['app'],
  items: readonly { productId: number; quantity: number }[],
  address: Record<string, unknown> = TORONTO_ADDRESS,
  cardNumber?: string,
): Promise<PlacedWebOrder> {
  const { client, post } = await readyToPay(app, items, address);
  const paymentMethodId = await sandboxCard(post, cardNumber);
  const payment = await post('/api/Payment', { userId: client.client_id, paymentMethodId });
  if (payment.status !== 'succeeded') throw new Error(`payment ${payment.status}: ${payment.error}`);
  const placed = await post('/api/Payment/confirm', {
    userId: client.client_id,
    paymentIntentId: payment.paymentIntentId,
  });
  return {
    client,
    orderNumber: Number(placed.orderNumber),
    paymentIntentId: String(payment.paymentIntentId),
  };
}
