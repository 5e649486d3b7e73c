import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { Sale } from '../../../domain/pos/register.ts';
import { outbox, products, registerShifts, stock } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, stockOf, type TestApp } from '../../test/app.ts';
import { parsePdf } from '../../test/pdf.ts';
import { notifyCatalogChanged } from '../catalog/catalog-cache.ts';
import { placeWebOrder } from '../orders/orders-test-kit.ts';
import { assignReader, FRONT_COUNTER, newCashier, payOnReader } from './pos-test-helpers.ts';

let t: TestApp;
let cashier: LoginRecord;
/** A product without sizes the tests price and stock as they need. */
let item: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  cashier = await newCashier(t);
  await assignReader(t, cashier, FRONT_COUNTER);
  await t.db.insert(registerShifts).values({ cashierId: cashier.client_id, float: 20_000 });
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(stock, eq(stock.productId, products.id))
    .where(and(isNull(products.sizeTypeId), eq(products.active, true)))
    .limit(1);
  if (!row) throw new Error('the demo data has no product without sizes');
  item = row;
});
afterAll(() => t.close());

/** The item at this price (no discount) and stock level. */
async function priceAndStock(pricing: number, instock: number): Promise<void> {
  await t.db.update(products).set({ pricing, priceDiscount: 0 }).where(eq(products.id, item.id));
  await t.db.update(stock).set({ instock }).where(eq(stock.productId, item.id));
}

function sell(payload: Record<string, unknown>, key: string = randomUUID(), who = cashier) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pos/sales',
    headers: { ...bearer(who), 'idempotency-key': key },
    payload,
  });
}

const lines = (quantity = 1) => [{ productId: item.id, size_id: null, packageId: null, quantity }];

describe('a register sale paid in cash', () => {
  it('rounds the cash total to 5 cents, answers the change, takes the stock, makes its receipt', async () => {
    await priceAndStock(1013, 5);
    const response = await sell({
      lines: lines(),
      addTax: false,
      tenders: [{ type: 'cash', tendered: 2000 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const sale = response.json<Sale>();
    expect(sale).toMatchObject({ total: 1013, paid: 1015, rounding: 2, change: 985 });
    expect(sale.tenders).toEqual([
      expect.objectContaining({ type: 'cash', amount: 1015, tendered: 2000, change: 985 }),
    ]);
    expect(await stockOf(t.db, item.id)).toBe(4);
    const receipt = await t.app.inject({
      url: `/api/pos/receipts/${sale.receipt.receipt_id}`,
      headers: bearer(cashier),
    });
    expect(receipt.json()).toMatchObject({
      receipt_number: sale.receipt.receipt_number,
      kind: 'sale',
      total: 1013,
      tenders: [{ type: 'cash', amount: 1015, tendered: 2000, change: 985 }],
    });
    const pdf = await t.app.inject({
      url: `/api/pos/receipts/${sale.receipt.receipt_id}/pdf`,
      headers: bearer(cashier),
    });
    const { text } = await parsePdf(pdf.rawPayload);
    expect(text).toContain('Cash: CDN$20.00 tendered, CDN$9.85 change');
    // 20.00 - 9.85 is 10.15, not the total of 10.13: the receipt says why.
    expect(text).toContain('Cash rounding to 5 cents: +CDN$0.02, paid CDN$10.15');
    expect(text).toContain(`Served by ${sale.cashier}`);
    expect(text).not.toContain('NOT PROOF OF PAYMENT');
  });

  it('rounds 1-2 and 6-7 cents down, 3-4 and 8-9 up', async () => {
    await priceAndStock(1000, 50);
    const paid: number[] = [];
    for (const cents of [1, 2, 3, 4, 6, 7, 8, 9]) {
      await priceAndStock(1000 + cents, 50);
      const sale = (
        await sell({ lines: lines(), addTax: false, tenders: [{ type: 'cash', tendered: 2000 }] })
      ).json<Sale>();
      paid.push(sale.paid - 1000);
    }
    expect(paid).toEqual([0, 0, 5, 5, 5, 5, 10, 10]);
  });

  it('adds the store’s tax when asked and e-mails the receipt at once', async () => {
    await priceAndStock(1000, 5);
    const sale = (
      await sell({
        lines: lines(2),
        addTax: true,
        tenders: [{ type: 'cash', tendered: 5000 }],
        email: 'robin@example.ca',
      })
    ).json<Sale>();
    expect(sale).toMatchObject({ subtotal: 2000, tax: 260, total: 2260, paid: 2260, change: 2740 });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'robin@example.ca'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`Receipt ${sale.receipt.receipt_number}`),
    ]);
  });

  it('refuses cash short of what is due, and cash without an open shift', async () => {
    await priceAndStock(1013, 5);
    const short = await sell({ lines: lines(), addTax: false, tenders: [{ type: 'cash', tendered: 1010 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(
      'The cash handed over (CDN$10.10) is less than the CDN$10.15 due.',
    );
    const noShift = await newCashier(t);
    const refused = await sell(
      { lines: lines(), addTax: false, tenders: [{ type: 'cash', tendered: 2000 }] },
      'no-shift-0001',
      noShift,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('no_open_shift');
    expect(await stockOf(t.db, item.id)).toBe(5);
  });

  it('is one sale when retried with the same key', async () => {
    await priceAndStock(1000, 5);
    const payload = { lines: lines(), addTax: false, tenders: [{ type: 'cash', tendered: 1000 }] };
    const [first, second] = await Promise.all([
      sell(payload, 'same-key-0001'),
      sell(payload, 'same-key-0001'),
    ]);
    expect(first.json<Sale>().id).toBe(second.json<Sale>().id);
    const again = await sell(payload, 'same-key-0001');
    expect(again.json<Sale>().id).toBe(first.json<Sale>().id);
    const other = await sell({ ...payload, lines: lines(2) }, 'same-key-0001');
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect(await stockOf(t.db, item.id)).toBe(4);
  });

  it('is one sale when one key is sent twice at once for the last item, not a sale and a short stock', async () => {
    await priceAndStock(1000, 1);
    const payload = { lines: lines(), addTax: false, tenders: [{ type: 'cash', tendered: 1000 }] };
    const both = await Promise.all([sell(payload, 'last-item-0001'), sell(payload, 'last-item-0001')]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(new Set(both.map((response) => response.json<Sale>().id)).size).toBe(1);
    expect(await stockOf(t.db, item.id)).toBe(0);
  });

  it('answers the sale as it reads back afterwards', async () => {
    await priceAndStock(1013, 5);
    const made = await sell({ lines: lines(2), addTax: true, tenders: [{ type: 'cash', tendered: 5000 }] });
    expect(made.statusCode, made.body).toBe(200);
    const read = await t.app.inject({
      url: `/api/pos/sales/${made.json<Sale>().id}`,
      headers: bearer(cashier),
    });
    expect(made.json()).toEqual(read.json());
  });
});

describe('a register sale paid on the reader', () => {
  it('takes a card payment for the exact total, never rounded, with its brand and last 4', async () => {
    await priceAndStock(1013, 5);
    const { paymentIntentId } = await payOnReader(t, cashier, FRONT_COUNTER, 1013);
    const sale = (
      await sell({
        lines: lines(),
        addTax: false,
        tenders: [{ type: 'card', amount: 1013, paymentIntentId }],
      })
    ).json<Sale>();
    expect(sale).toMatchObject({ total: 1013, paid: 1013, rounding: 0, change: 0 });
    expect(sale.tenders).toEqual([
      expect.objectContaining({ type: 'card', amount: 1013, paymentIntentId, brand: 'visa', last4: '4242' }),
    ]);
    const read = await t.app.inject({ url: `/api/pos/sales/${sale.id}`, headers: bearer(cashier) });
    expect(read.json()).toEqual(sale);
    const receipt = await t.app.inject({
      url: `/api/pos/receipts/${sale.receipt.receipt_id}/pdf`,
      headers: bearer(cashier),
    });
    // The card as the network answered it: brand, last 4 and the authorization code.
    expect((await parsePdf(receipt.rawPayload)).text).toMatch(
      /VISA ending 4242: CDN\$10\.13, authorization [A-Z0-9]{6}/,
    );
    // One payment pays one sale.
    const twice = await sell({
      lines: lines(),
      addTax: false,
      tenders: [{ type: 'card', amount: 1013, paymentIntentId }],
    });
    expect(twice.statusCode).toBe(409);
  });

  it('splits between Interac and cash, and refuses tenders that do not add up', async () => {
    await priceAndStock(5013, 5);
    const { paymentIntentId } = await payOnReader(t, cashier, FRONT_COUNTER, 3000, { interac: true });
    const wrongType = await sell({
      lines: lines(),
      addTax: false,
      tenders: [
        { type: 'card', amount: 3000, paymentIntentId },
        { type: 'cash', tendered: 2100 },
      ],
    });
    expect(wrongType.statusCode).toBe(409);
    expect(wrongType.json().error.code).toBe('tender_is_interac');
    const notEnough = await sell({
      lines: lines(),
      addTax: false,
      tenders: [{ type: 'interac', amount: 3000, paymentIntentId }],
    });
    expect(notEnough.statusCode).toBe(400);
    const sale = (
      await sell({
        lines: lines(),
        addTax: false,
        tenders: [
          { type: 'interac', amount: 3000, paymentIntentId },
          { type: 'cash', tendered: 2100 },
        ],
      })
    ).json<Sale>();
    expect(sale).toMatchObject({ total: 5013, paid: 5015, change: 85 });
    expect(sale.tenders.map((tender) => [tender.type, tender.amount])).toEqual([
      ['interac', 3000],
      ['cash', 2015],
    ]);
    const pdf = await t.app.inject({
      url: `/api/pos/receipts/${sale.receipt.receipt_id}/pdf`,
      headers: bearer(cashier),
    });
    const { text } = await parsePdf(pdf.rawPayload);
    expect(text).toMatch(/Interac: CDN\$30\.00, authorization [A-Z0-9]{6}/);
    expect(text).toContain('Cash: CDN$21.00 tendered, CDN$0.85 change');
  });
});

describe('one stock for the register and the web', () => {
  it('shows the web the stock a sale took at once, though the product page was cached', async () => {
    await priceAndStock(1000, 5);
    const [row] = await t.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, item.id));
    const shopper = await signUp(t.app);
    const seenOnTheWeb = async () => {
      const page = await t.app.inject({
        url: `/api/product/${row?.categoryId}/${item.id}`,
        headers: bearer(shopper),
      });
      expect(page.statusCode, page.body).toBe(200);
      return page.json<{ instock: number }>().instock;
    };
    // Sold out of the cache's sight: the page read now is the one cached.
    await notifyCatalogChanged(t.db, [item.id]);
    expect(await seenOnTheWeb()).toBe(5);
    const sold = await sell({ lines: lines(2), addTax: false, tenders: [{ type: 'cash', tendered: 2000 }] });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await seenOnTheWeb()).toBe(3);
  });

  it('sells the last pair once when the counter and the web want it at the same moment', async () => {
    await priceAndStock(6000, 1);
    const [counter, web] = await Promise.allSettled([
      sell({ lines: lines(), addTax: false, tenders: [{ type: 'cash', tendered: 6000 }] }),
      placeWebOrder(t.app, [{ productId: item.id, quantity: 1 }]),
    ]);
    const counterSold = counter.status === 'fulfilled' && counter.value.statusCode === 200;
    const webSold = web.status === 'fulfilled';
    expect([counterSold, webSold].filter(Boolean)).toHaveLength(1);
    if (!counterSold && counter.status === 'fulfilled') {
      expect(counter.value.statusCode).toBe(409);
      expect(counter.value.json().error.message).toContain('Not enough stock');
    }
    expect(await stockOf(t.db, item.id)).toBe(0);
  });
});
