/**
 * The cart and checkout side of the bench, judged as shares of the write reference (bench/floors.ts).
 * Each order is a real shopper's: a fresh client with saved addresses adds to the cart, has shipping
 * quoted, enters the sandbox test card, pays (authorization) and places the order (stock taken,
 * e-mail queued, capture).
 */
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/database.ts';
import type { Measured } from './floors.ts';

/** A shopper enters a card at most this often (the server's limit is 20 per 10 minutes). */
const ORDERS_PER_BUYER = 15;
/** Every bench order buys from products with this much stock, so none runs out mid-run. */
const BENCH_STOCK = 1_000_000;

export interface Buyer {
  userId: number;
  headers: Record<string, string>;
}

export interface CartProduct {
  id: number;
  /** The unit price the cart charges (after the product's discount). */
  pricing: number;
  /** The size to add (a sized product needs one), or null. */
  sizeId: number | null;
}

const ADDRESS = {
  first_name: 'Bench',
  last_name: 'Shopper',
  address: '220 Yonge St',
  city: 'Toronto',
  province: 'ON',
  postalcode: 'M5B 2H1',
  country_code: 'CA',
  email: 'bench@example.ca',
  phone: '416-555-0100',
};

/**
 * The shoppers' HTTP client: node:http over kept-alive connections. It costs the shared CPU about a
 * fifth of what fetch does per request, which the server would otherwise lose to the load itself.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(
  base: string,
  route: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${route}`,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Raises the stock of every product, size and package before the shop starts (the seed's stock
 * would run out after a few thousand orders). Stock levels do not change how fast a call is. The
 * tables are then vacuumed and analysed, as autovacuum keeps a shop's: left with a dead copy of
 * every row, the planner saw twice the rows there are, and chose plans a maintained database does
 * not (the stock statements' scan of decision 018 never showed here).
 */
export async function restockForOrders(dataDir: string, url: string): Promise<void> {
  const handle = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, 'pgdata') });
  try {
    await handle.db.execute(sql`UPDATE stock SET instock = ${BENCH_STOCK}`);
    await handle.db.execute(sql`UPDATE packages SET instock = ${BENCH_STOCK}`);
    await handle.db.execute(sql`VACUUM ANALYZE stock, packages`);
  } finally {
    await handle.close();
  }
}

/** New clients with a shipping and a billing address, signed up side by side. */
export async function signUpBuyers(base: string, count: number): Promise<Buyer[]> {
  const run = Date.now().toString(36);
  const one = async (index: number): Promise<Buyer> => {
    const name = `bench${run}x${index}`;
    const signup = await post(
      base,
      '/api/client',
      {},
      {
        user_name: name,
        first_name: 'Bench',
        middle_initial: '',
        last_name: 'Shopper',
        company_name: 'Bench Outfitters',
        email: `${name}@example.ca`,
        phone: '416-555-0100',
        address: '220 Yonge St',
        city: 'Toronto',
        province: 'ON',
        country: 'Canada',
        postalcode: 'M5B 2H1',
        password: 'Woolly-Socks-42',
      },
    );
    if (signup.status !== 201)
      throw new Error(`sign-up answered ${signup.status}: ${JSON.stringify(signup.body)}`);
    const buyer = {
      userId: Number(signup.body.client_id),
      headers: { authorization: `Bearer ${String(signup.body.token)}` },
    };
    for (const address of [
      { ...ADDRESS, address_type_id: 1 },
      { address_type_id: 2, same_as_shipping: true },
    ]) {
      const saved = await post(base, '/api/Address', buyer.headers, address);
      if (saved.status !== 200 && saved.status !== 201)
        throw new Error(`saving an address answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    }
    return buyer;
  };
  const buyers: Buyer[] = [];
  for (let start = 0; start < count; start += 8)
    buyers.push(
      ...(await Promise.all(Array.from({ length: Math.min(8, count - start) }, (_, i) => one(start + i)))),
    );
  return buyers;
}

/** The sized products' first size (from the product page's call), so every add is a valid one. */
export async function cartProducts(
  base: string,
  headers: Record<string, string>,
  products: readonly { id: number; category_id: number; pricing: number | null }[],
): Promise<CartProduct[]> {
  const chosen: CartProduct[] = [];
  for (const product of products) {
    const response = await fetch(`${base}/api/product/${product.category_id}/${product.id}`, { headers });
    const detail = (await response.json()) as {
      pricing: number | null;
      price_discount: number | null;
      withsize: boolean;
      size: { id: number }[];
    };
    // What the cart charges: the price less the product's discount.
    const price = (detail.pricing ?? 0) - (detail.price_discount ?? 0);
    if (price <= 0) continue;
    chosen.push({
      id: product.id,
      pricing: price,
      sizeId: detail.withsize ? (detail.size[0]?.id ?? null) : null,
    });
  }
  return chosen;
}

export function addToCartBody(buyer: Buyer, product: CartProduct, quantity: number) {
  return {
    cartId: 0,
    userId: buyer.userId,
    productId: product.id,
    quantity,
    size_id: product.sizeId,
    isPackage: false,
  };
}

interface OrderOutcome {
  ok: boolean;
  milliseconds: number;
  problem?: string;
}

/** One order, from Add to Cart to the order number, as the checkout page makes the calls. */
async function placeOrder(
  base: string,
  buyer: Buyer,
  product: CartProduct,
  minimumPurchase: number,
): Promise<OrderOutcome> {
  const started = performance.now();
  const fail = (step: string, answer: { status: number; body: unknown }) => ({
    ok: false,
    milliseconds: performance.now() - started,
    problem: `${step} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`,
  });
  const quantity = Math.max(1, Math.ceil(minimumPurchase / product.pricing));
  const added = await post(base, '/api/addcart', buyer.headers, addToCartBody(buyer, product, quantity));
  if (added.status !== 200) return fail('addcart', added);
  const quote = await post(base, '/api/Payment/shippingfee', buyer.headers, {
    address: { province: ADDRESS.province, postalcode: ADDRESS.postalcode, country_code: 'CA' },
  });
  if (quote.status !== 200) return fail('shippingfee', quote);
  const method = await post(base, '/api/Payment/sandbox/paymentmethod', buyer.headers, {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2034,
    cvc: '123',
    billing_details: { name: 'Bench Shopper' },
  });
  if (method.status !== 200) return fail('paymentmethod', method);
  const paid = await post(base, '/api/Payment', buyer.headers, {
    userId: buyer.userId,
    paymentMethodId: method.body.id,
  });
  if (paid.status !== 200 || paid.body.status !== 'succeeded') return fail('Payment', paid);
  const placed = await post(base, '/api/Payment/confirm', buyer.headers, {
    userId: buyer.userId,
    paymentIntentId: paid.body.paymentIntentId,
    orderRequest: {},
  });
  if (placed.status !== 200 || typeof placed.body.orderNumber !== 'number') return fail('confirm', placed);
  return { ok: true, milliseconds: performance.now() - started };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.POSITIVE_INFINITY;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

/**
 * `concurrency` shoppers place orders one after another for `seconds` (or until the buyers have
 * used their card attempts). Answers orders/s and the latency of a whole order.
 */
export async function runCheckout(
  base: string,
  buyers: readonly Buyer[],
  products: readonly CartProduct[],
  options: { seconds: number; concurrency: number; minimumPurchase: number },
): Promise<{ measured: Measured; problems: string[] }> {
  const latencies: number[] = [];
  const problems: string[] = [];
  let failures = 0;
  let nextOrder = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  // Shopper k uses buyers k, k + concurrency, ...: one buyer never has two checkouts at once.
  const shopper = async (lane: number) => {
    for (let round = 0; performance.now() < deadline; round++) {
      const buyer = buyers[lane + Math.floor(round / ORDERS_PER_BUYER) * options.concurrency];
      const product = products[nextOrder++ % products.length];
      if (!buyer || !product) return;
      const outcome = await placeOrder(base, buyer, product, options.minimumPurchase);
      latencies.push(outcome.milliseconds);
      if (!outcome.ok) {
        failures += 1;
        if (outcome.problem && problems.length < 3) problems.push(outcome.problem);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, lane) => shopper(lane)));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    measured: {
      name: 'checkout: orders placed end to end',
      requestsPerSecond: (latencies.length - failures) / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      failures,
    },
    problems,
  };
}

/** Buyers enough for `seconds` of orders at `expectedPerSecond`, each within its card attempts. */
export function buyersNeeded(seconds: number, expectedPerSecond: number, concurrency: number): number {
  const orders = seconds * expectedPerSecond;
  const perLane = Math.ceil(orders / concurrency / ORDERS_PER_BUYER) + 1;
  return perLane * concurrency;
}
