import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import type { StockChange, StockLevel } from '../domain/admin/stock.ts';
import type { LoginRecord, Signup } from '../domain/auth.ts';

export const DEMO = {
  client: { user_name: 'demo', password: 'Socks2026!', full_name: 'Jamie Tremblay' },
  pos: { user_name: 'cashier', password: 'Cashier2026!' },
  admin: { user_name: 'admin', password: 'Admin2026!' },
} as const;

let created = 0;

/** A sign-up body for a new client nobody has used yet. */
export function newClientDetails(overrides: Partial<Signup> = {}): Signup {
  created += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${created}`;
  return {
    user_name: `e2e${unique}`,
    first_name: 'Morgan',
    middle_initial: '',
    last_name: 'Bouchard',
    company_name: 'Bouchard Sports',
    email: `e2e${unique}@example.ca`,
    phone: '613-555-0199',
    address: '90 Sparks St',
    city: 'Ottawa',
    province: 'ON',
    country: 'Canada',
    postalcode: 'K1P 5B4',
    password: 'Warm-Toes-2026',
    ...overrides,
  };
}

export async function logInThroughForm(page: Page, userName: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'User name or email' }).fill(userName);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

export const test = base.extend<{ newClient: Signup & { record: LoginRecord } }>({
  /** A client created through the API, as if they had signed up before. */
  newClient: async ({ request }, use) => {
    const details = newClientDetails();
    const response = await request.post('/api/client', { data: details });
    expect(response.status()).toBe(201);
    await use({ ...details, record: (await response.json()) as LoginRecord });
  },
});

export { expect };

/** The Authorization header of a login record. */
export function bearer(record: Pick<LoginRecord, 'token'>): Record<string, string> {
  return { authorization: `Bearer ${record.token}` };
}

/** What the product and package pages add: with isPackage, productId names the package. */
export interface CartItem {
  productId: number;
  quantity: number;
  size_id: number | null;
  isPackage: boolean;
}

/** Puts items in a client's cart through the API (POST api/addcart), as the catalogue pages do. */
export async function addToCart(
  request: APIRequestContext,
  record: LoginRecord,
  items: readonly CartItem[],
): Promise<void> {
  for (const item of items) {
    const response = await request.post('/api/addcart', {
      headers: bearer(record),
      data: { cartId: 0, userId: record.client_id, ...item },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Opens a route as a client logged in before (the login record stored as the login page stores it). */
export async function openLoggedIn(page: Page, record: LoginRecord, route: string): Promise<void> {
  await page.goto('/#/login');
  await page.evaluate((value) => localStorage.setItem('LoggedClient', JSON.stringify(value)), record);
  await page.goto(`/#${route}`);
}

/** The newest e-mails of the outbox, as the admin reads them. */
export async function readOutbox(request: APIRequestContext): Promise<{ to: string; subject: string }[]> {
  const admin = await logInByApi(request, DEMO.admin);
  const response = await request.get('/api/admin/outbox', { headers: bearer(admin) });
  expect(response.status()).toBe(200);
  return (await response.json()) as { to: string; subject: string }[];
}

/** Logs in through the API (POST api/auth/login) and answers the login record. */
export async function logInByApi(
  request: APIRequestContext,
  credentials: { user_name: string; password: string },
): Promise<LoginRecord> {
  const response = await request.post('/api/auth/login', {
    data: { user_name: credentials.user_name, password: credentials.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginRecord;
}

/**
 * Sets stock levels as the admin does (PUT api/admin/stock), all lines or none. A test that buys,
 * counts on stock or reads stock messages sets its own items first (see demo-items.ts for who owns
 * what), so it does not depend on what the demo data or another test left.
 */
export async function setStock(
  request: APIRequestContext,
  lines: readonly StockChange[],
): Promise<StockLevel[]> {
  const admin = await logInByApi(request, DEMO.admin);
  const response = await request.put('/api/admin/stock', { headers: bearer(admin), data: lines });
  expect(response.status(), await response.text()).toBe(200);
  const levels = (await response.json()) as StockLevel[];
  expect(levels.map((level) => level.instock)).toEqual(
    lines.map((line) => line.instock ?? expect.any(Number)),
  );
  return levels;
}

/**
 * A card expiry that is always in the future: December, a few years after this one. `typed` is
 * what a person types into the card forms ('MM / YY').
 */
export function futureCardExpiry(): { month: number; year: number; typed: string } {
  const year = new Date().getFullYear() + 4;
  return { month: 12, year, typed: `12 / ${String(year % 100).padStart(2, '0')}` };
}

/** An outbox e-mail with what the admin outbox API tells of its attachments. */
export interface OutboxMail {
  to: string;
  subject: string;
  attachments?: { filename: string; contentType: string }[];
}

/** The newest e-mails of the outbox with their attachments, as the admin reads them. */
export async function readOutboxMails(request: APIRequestContext): Promise<OutboxMail[]> {
  return (await readOutbox(request)) as OutboxMail[];
}

/** A whole order through the API, as the checkout page makes it: addresses, card, payment, placement. */
export async function placeOrderByApi(
  request: APIRequestContext,
  record: LoginRecord,
  items: readonly CartItem[],
): Promise<number> {
  await addToCart(request, record, items);
  const headers = bearer(record);
  const post = async (url: string, data: object) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  await post('/api/Address', {
    address_type_id: 1,
    first_name: record.first_name,
    last_name: record.last_name,
    address: '90 Sparks St',
    city: 'Ottawa',
    province: 'ON',
    postalcode: 'K1P 5B4',
    country_code: 'CA',
  });
  await post('/api/Address', { address_type_id: 2, same_as_shipping: true });
  const expiry = futureCardExpiry();
  const method = await post('/api/Payment/sandbox/paymentmethod', {
    number: '4242424242424242',
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: '123',
  });
  const payment = await post('/api/Payment', { userId: record.client_id, paymentMethodId: method.id });
  expect(payment.status).toBe('succeeded');
  const placed = await post('/api/Payment/confirm', {
    userId: record.client_id,
    paymentIntentId: payment.paymentIntentId,
  });
  expect(placed.status).toBe('succeeded');
  return Number(placed.orderNumber);
}
