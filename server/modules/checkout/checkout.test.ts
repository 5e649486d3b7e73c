import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import { shippingBox } from '../../../domain/shipping.ts';
import { dimensions, packages, products, settings, stock } from '../../db/schema.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let item: { id: number; pricing: number };

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .select({ id: products.id, pricing: products.pricing })
    .from(products)
    .innerJoin(stock, eq(stock.productId, products.id))
    .where(and(isNull(products.sizeTypeId), eq(products.priceDiscount, 0), gt(stock.instock, 30)))
    .limit(1);
  if (!row) throw new Error('no unsized product in stock');
  item = row;
});
afterAll(() => t.close());

async function cartWith(client: LoginRecord, quantity: number) {
  await t.app.inject({
    method: 'POST',
    url: '/api/addcart',
    headers: bearer(client),
    payload: { userId: client.client_id, productId: item.id, quantity },
  });
}

const fee = (client: LoginRecord, province: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Payment/shippingfee',
    headers: bearer(client),
    payload: { total: 1, address: { province, postalcode: 'M5B 2H1', country_code: 'CA' } },
  });

describe('GET api/Tax/{province}', () => {
  it('answers the summed rate of the province’s components', async () => {
    expect((await t.app.inject({ url: '/api/Tax/ON' })).json()).toEqual({ province: 'ON', tax_rate: 0.13 });
    expect((await t.app.inject({ url: '/api/tax/qc' })).json().tax_rate).toBeCloseTo(0.14975, 10);
    expect((await t.app.inject({ url: '/api/Tax/AB' })).json().tax_rate).toBe(0.05);
  });

  it('answers 404 for an unknown province and 400 for a malformed one', async () => {
    expect((await t.app.inject({ url: '/api/Tax/ZZ' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/Tax/Ontario' })).statusCode).toBe(400);
  });
});

describe('POST api/Payment/shippingfee', () => {
  it('quotes the cheapest carrier for the cart’s box, ignoring the total sent by the web', async () => {
    const client = await signUp(t.app);
    await cartWith(client, 1);
    const response = await fee(client, 'ON');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      free: false,
      carrier: 'Canada Post Regular Parcel',
      cartTotal: item.pricing,
    });
    expect(body.shipping_fee).toBe(1099);
    const yukon = (await fee(client, 'YT')).json();
    expect(yukon.shipping_fee).toBeGreaterThan(body.shipping_fee);
  });

  it('puts a sized product and a package into one box of their summed volumes and weights', async () => {
    const client = await signUp(t.app);
    const [sized] = await t.db
      .select({ id: products.id, sizeId: stock.sizeId })
      .from(products)
      .innerJoin(stock, eq(stock.productId, products.id))
      .where(and(isNotNull(stock.sizeId), gt(stock.instock, 5)))
      .orderBy(asc(products.pricing))
      .limit(1);
    const [pack] = await t.db
      .select({ id: packages.id })
      .from(packages)
      .where(gt(packages.instock, 5))
      .orderBy(asc(packages.pricing))
      .limit(1);
    if (!sized || !pack) throw new Error('the demo data has a sized product and a package in stock');
    for (const payload of [
      { productId: sized.id, size_id: sized.sizeId, quantity: 2, isPackage: false },
      { productId: pack.id, size_id: null, quantity: 1, isPackage: true },
    ]) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/addcart',
        headers: bearer(client),
        payload: { userId: client.client_id, ...payload },
      });
      expect(added.statusCode).toBe(200);
    }
    // The product's box in its size, else for every size; the package's own.
    const productBoxes = await t.db.select().from(dimensions).where(eq(dimensions.productId, sized.id));
    const productBox =
      productBoxes.find((d) => d.sizeId === sized.sizeId) ?? productBoxes.find((d) => d.sizeId === null);
    const [packageBox] = await t.db.select().from(dimensions).where(eq(dimensions.packageId, pack.id));
    if (!productBox || !packageBox) throw new Error('the demo data has their dimensions');
    const box = shippingBox([
      { ...productBox, quantity: 2 },
      { ...packageBox, quantity: 1 },
    ]);
    if (!box) throw new Error('two lines make a box');

    const quotes = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/calculate',
      headers: bearer(client),
      payload: {
        customerNo: 'MSC000001',
        consigneeShipper: { countryCode: 'CA', stateOrProvince: 'YT', postCode: 'Y1A 1A1' },
        boxList: [
          {
            boxNo: 1,
            boxLength: box.sideMm,
            boxWidth: box.sideMm,
            boxHeight: box.sideMm,
            boxWeight: box.weightG,
            quantity: 1,
          },
        ],
      },
    });
    const cheapest = Math.min(...quotes.json().result.map((q: { totalPrice: number }) => q.totalPrice));
    const body = (await fee(client, 'YT')).json();
    expect(body.free).toBe(false);
    expect(body.shipping_fee).toBe(cheapest);
  });

  it('is free from the province’s threshold: Ontario’s amount in ON, the other amount elsewhere', async () => {
    const client = await signUp(t.app);
    const [ontario] = await t.db.select().from(settings).where(eq(settings.key, 'free_shipping_ontario'));
    const units = Math.ceil(Number(ontario?.value) / item.pricing);
    await cartWith(client, units);
    const inOntario = (await fee(client, 'ON')).json();
    expect(inOntario).toMatchObject({
      free: true,
      shipping_fee: 0,
      free_shipping_threshold: Number(ontario?.value),
    });
    const inQuebec = (await fee(client, 'QC')).json();
    if (units * item.pricing < 25000) expect(inQuebec.free).toBe(false);
  });

  it("quotes a package without a box of its own in its product's box; 409 when neither has one", async () => {
    const own = await createTestApp();
    try {
      const [pack] = await own.db
        .select({ id: packages.id, productId: packages.productId })
        .from(packages)
        .where(gt(packages.instock, 5))
        .orderBy(asc(packages.id))
        .limit(1);
      if (!pack) throw new Error('the demo data has a package in stock');
      // A package added in the back office has no box; its product has one for every size.
      await own.db.delete(dimensions).where(eq(dimensions.packageId, pack.id));
      await own.db.delete(dimensions).where(eq(dimensions.productId, pack.productId));
      await own.db
        .insert(dimensions)
        .values({ productId: pack.productId, lengthMm: 250, widthMm: 180, heightMm: 80, weightG: 400 });
      const client = await signUp(own.app);
      const added = await own.app.inject({
        method: 'POST',
        url: '/api/addcart',
        headers: bearer(client),
        payload: { userId: client.client_id, productId: pack.id, quantity: 1, isPackage: true },
      });
      expect(added.statusCode).toBe(200);
      const quote = () =>
        own.app.inject({
          method: 'POST',
          url: '/api/Payment/shippingfee',
          headers: bearer(client),
          payload: { address: { province: 'QC' } },
        });
      const quoted = await quote();
      expect(quoted.statusCode, quoted.body).toBe(200);
      expect(quoted.json().shipping_fee).toBeGreaterThan(0);

      await own.db.delete(dimensions).where(eq(dimensions.productId, pack.productId));
      const refused = await quote();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('no_dimensions');
    } finally {
      await own.close();
    }
  });

  it('answers 409 when a product has no dimensions, and 401 to a visitor', async () => {
    const own = await createTestApp();
    try {
      const client = await signUp(own.app);
      await own.app.inject({
        method: 'POST',
        url: '/api/addcart',
        headers: bearer(client),
        payload: { userId: client.client_id, productId: item.id, quantity: 1 },
      });
      await own.db.delete(dimensions).where(eq(dimensions.productId, item.id));
      const response = await own.app.inject({
        method: 'POST',
        url: '/api/Payment/shippingfee',
        headers: bearer(client),
        payload: { address: { province: 'ON' } },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('no_dimensions');
    } finally {
      await own.close();
    }
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/Payment/shippingfee',
      payload: { address: { province: 'ON' } },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('POST api/shipping/calculate', () => {
  it('answers the carriers’ quotes for the boxes of the spec’s quote request', async () => {
    const client = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/calculate',
      headers: bearer(client),
      payload: {
        customerNo: 'MSC000001',
        consigneeShipper: { countryCode: 'CA', stateOrProvince: 'BC', postCode: 'V6B 1A1' },
        boxList: [{ boxNo: 1, boxLength: 200, boxWidth: 150, boxHeight: 100, boxWeight: 800, quantity: 1 }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    expect(response.json().result).toHaveLength(3);
    const carriers = await t.app.inject({ url: '/api/Shipping/shippingcarriers', headers: bearer(client) });
    expect(carriers.json().map((c: { code: string }) => c.code)).toEqual(['CP-REG', 'CP-EXP', 'PUR-GRD']);
  });
});
