import { desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '../../../domain/auth.ts';
import type { Invoice, InvoiceCreated } from '../../../domain/pos/invoices.ts';
import { countRows } from '../../db/database.ts';
import { invoices, outbox } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { bearer, createTestApp, logIn, signUp, type TestApp } from '../../test/app.ts';
import { parsePdf } from '../../test/pdf.ts';

const NOW = new Date('2026-11-22T15:30:00Z');

let t: TestApp;
let pos: LoginRecord;
let client: LoginRecord;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => NOW } });
  pos = await logIn(t.app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password);
  client = await signUp(t.app);
});
afterAll(() => t.close());

const invoiceBody = (overrides: Record<string, unknown> = {}) => ({
  client_name: 'Élodie Tremblay',
  address: '350 Bay St, Toronto, ON M5H 2S6',
  email: 'elodie@example.ca',
  contact_no: '416-555-0199',
  products: [
    { product_name: 'Merino Crew Socks', price: 1299, quantity: 3 },
    { product_name: 'Gift Box', price: 4500, quantity: 1 },
  ],
  additionalDetails: 'Deliver to the front desk before Friday.',
  ...overrides,
});

function post(url: string, payload: unknown, who: LoginRecord | null = pos) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: who ? bearer(who) : {} });
}

async function create(overrides: Record<string, unknown> = {}): Promise<InvoiceCreated> {
  const response = await post('/api/invoice/CreateInvoice', invoiceBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceCreated>();
}

describe('who may call the invoice calls', () => {
  it('refuses visitors (401) and clients (403) on every call, before reading the body', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/invoice/CreateInvoice', payload: invoiceBody() },
      {
        method: 'POST' as const,
        url: '/api/invoice/SendInvoice',
        payload: { invoice_id: 1, email: 'a@b.ca' },
      },
      { method: 'GET' as const, url: '/api/invoice/1' },
      { method: 'GET' as const, url: '/api/invoice/1/pdf' },
      { method: 'POST' as const, url: '/api/invoice/CreateInvoice', payload: { nonsense: true } },
    ];
    const before = await countRows(t.db, invoices);
    for (const call of calls) {
      const visitor = await t.app.inject(call);
      expect(visitor.statusCode, call.url).toBe(401);
      const shopper = await t.app.inject({ ...call, headers: bearer(client) });
      expect(shopper.statusCode, call.url).toBe(403);
    }
    expect(await countRows(t.db, invoices)).toBe(before);
  });
});

describe('POST api/invoice/CreateInvoice', () => {
  it('stores the invoice with the server totals (13% HST of Ontario) and a sequential number', async () => {
    const first = await create();
    expect(first).toMatchObject({ subtotal: 8397, tax: 1092, total: 9489, tax_rate: 0.13 });
    const second = await create({ products: [{ product_name: 'No-show', price: 999, quantity: 2 }] });
    expect(second.invoice_number).toBe(first.invoice_number + 1);
    expect(second).toMatchObject({ subtotal: 1998, tax: 260, total: 2258 });

    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, first.invoice_id));
    expect(row).toMatchObject({
      clientId: pos.client_id,
      clientName: 'Élodie Tremblay',
      contactNo: '416-555-0199',
      taxRatePpm: 130_000,
      subtotal: 8397,
      total: 9489,
    });
  });

  it('ignores the tax and total the web sends', async () => {
    const created = await create({ tax: 0, total: 1 });
    expect(created).toMatchObject({ subtotal: 8397, tax: 1092, total: 9489 });
  });

  it('gives unique numbers to invoices created at the same moment', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => create()));
    const numbers = made.map((invoice) => invoice.invoice_number);
    expect(new Set(numbers).size).toBe(6);
  });

  it('refuses bad input with one message per field, and writes nothing', async () => {
    const before = await countRows(t.db, invoices);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ client_name: '' }, 'client_name', 'Customer Name is required.'],
      [{ address: '   ' }, 'address', 'Address is required.'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ contact_no: '' }, 'contact_no', 'Contact No. is required.'],
      [{ products: [] }, 'products', 'Please add at least one product.'],
      [
        { products: [{ product_name: 'x', price: 12.5, quantity: 1 }] },
        'products.0.price',
        'Price must be a whole number of cents.',
      ],
      [
        { products: [{ product_name: 'x', price: 100, quantity: 0 }] },
        'products.0.quantity',
        'Quantity must be at least 1.',
      ],
      [
        { products: [{ product_name: '', price: 100, quantity: 1 }] },
        'products.0.product_name',
        'Product is required.',
      ],
      [
        { client_name: 'x'.repeat(101) },
        'client_name',
        'Customer Name cannot be more than 100 characters long.',
      ],
      [{ extra: 1 }, 'body', ''],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await post('/api/invoice/CreateInvoice', invoiceBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const fields = response.json<{ error: { fields: Record<string, string> } }>().error.fields;
      if (message) expect(fields[field], JSON.stringify(fields)).toBe(message);
    }
    expect(await countRows(t.db, invoices)).toBe(before);
  });

  it('refuses a user_id or client_id of someone else', async () => {
    const response = await post('/api/invoice/CreateInvoice', {
      ...invoiceBody(),
      client_id: client.client_id,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET api/invoice/{id} and its PDF', () => {
  it('answers the stored invoice with the seller', async () => {
    const created = await create();
    const response = await t.app.inject({ url: `/api/invoice/${created.invoice_id}`, headers: bearer(pos) });
    expect(response.statusCode).toBe(200);
    const invoice = response.json<Invoice>();
    expect(invoice).toMatchObject({
      invoice_number: created.invoice_number,
      products: [
        { product_name: 'Merino Crew Socks', price: 1299, quantity: 3, amount: 3897 },
        { product_name: 'Gift Box', price: 4500, quantity: 1, amount: 4500 },
      ],
      seller: { company_name: 'Maple Sock Co. Inc.', gst_hst_number: '812345678 RT0001' },
      created: NOW.toISOString(),
    });
    const missing = await t.app.inject({ url: '/api/invoice/999999', headers: bearer(pos) });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/invoice/abc', headers: bearer(pos) });
    expect(bad.statusCode).toBe(400);
  });

  it('renders an A5 portrait PDF with the seller, GST/HST number, buyer, lines and totals', async () => {
    const created = await create();
    const response = await t.app.inject({
      url: `/api/invoice/${created.invoice_id}/pdf`,
      headers: bearer(pos),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { info, text } = await parsePdf(response.rawPayload);
    expect(info.total).toBe(1);
    const page = info.pages[0];
    // A5 is 148 x 210 mm: 419.53 x 595.28 points, portrait.
    expect(page?.width).toBeCloseTo(419.53, 1);
    expect(page?.height).toBeCloseTo(595.28, 1);
    for (const expected of [
      'INVOICE',
      `Invoice No. ${created.invoice_number}`,
      'Date: Nov 22, 2026',
      'Maple Sock Co. Inc.',
      'GST/HST Registration No. 812345678 RT0001',
      'Élodie Tremblay',
      '350 Bay St, Toronto, ON M5H 2S6',
      'elodie@example.ca',
      '416-555-0199',
      'Product',
      'Price',
      'Qty',
      'Amount',
      'Merino Crew Socks',
      'CDN$12.99',
      'CDN$38.97',
      'CDN$45.00',
      'Subtotal',
      'CDN$83.97',
      'Tax (13%)',
      'CDN$10.92',
      'TOTAL',
      'CDN$94.89',
      'Deliver to the front desk before Friday.',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('puts a long invoice on further A5 pages', async () => {
    const products = Array.from({ length: 60 }, (_, index) => ({
      product_name: `Sock design ${index + 1}`,
      price: 500,
      quantity: 1,
    }));
    const created = await create({ products });
    const response = await t.app.inject({
      url: `/api/invoice/${created.invoice_id}/pdf`,
      headers: bearer(pos),
    });
    const { info, text } = await parsePdf(response.rawPayload);
    expect(info.total).toBeGreaterThan(1);
    expect(text).toContain('Sock design 60');
    expect(text).toContain('CDN$339.00');
  });
});

describe('POST api/invoice/SendInvoice', () => {
  it('queues an e-mail with the A5 PDF attached and answers true', async () => {
    const created = await create();
    const [last] = await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    const response = await post('/api/invoice/SendInvoice', {
      invoice_id: created.invoice_id,
      email: 'accounts@example.ca',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(gt(outbox.id, last?.id ?? 0));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.to).toBe('accounts@example.ca');
    expect(mail?.subject).toBe(`Invoice ${created.invoice_number} from Maple Sock Co. Inc.`);
    const attachments = mail?.attachments as {
      filename: string;
      contentType: string;
      contentBase64: string;
    }[];
    expect(attachments[0]).toMatchObject({
      filename: `invoice-${created.invoice_number}.pdf`,
      contentType: 'application/pdf',
    });
    const { info, text } = await parsePdf(Buffer.from(attachments[0]?.contentBase64 ?? '', 'base64'));
    expect(info.pages[0]?.width).toBeCloseTo(419.53, 1);
    expect(text).toContain(`Invoice No. ${created.invoice_number}`);
    expect(text).toContain('CDN$94.89');
  });

  it('refuses a bad address with the spec messages, and an unknown invoice with 404', async () => {
    const created = await create();
    const before = await countRows(t.db, outbox);
    const invalid = await post('/api/invoice/SendInvoice', { invoice_id: created.invoice_id, email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.email).toBe('Please enter a valid email address');
    const empty = await post('/api/invoice/SendInvoice', { invoice_id: created.invoice_id, email: '' });
    expect(empty.json().error.fields.email).toBe('Email is required');
    const missing = await post('/api/invoice/SendInvoice', { invoice_id: 999_999, email: 'a@example.ca' });
    expect(missing.statusCode).toBe(404);
    const tooBig = await post('/api/invoice/SendInvoice', { invoice_id: 2 ** 40, email: 'a@example.ca' });
    expect(tooBig.statusCode).toBe(400);
    expect(await countRows(t.db, outbox)).toBe(before);
  });
});
