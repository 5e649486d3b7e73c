import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import type { LoginRecord, Signup } from '../../domain/auth.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { type Database, rowsOf } from '../db/database.ts';
import { stock } from '../db/schema.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-data.ts';
import type { Clock } from '../lib/clock.ts';
import type { PaymentGateway } from '../providers/payments/gateway.ts';
import type { GoLiveDeps } from '../providers/payments/go-live-check.ts';
import { openTestDatabase, type TestData } from './test-database.ts';

export interface TestAppOptions {
  /**
   * 'demo' (default): the demo catalogue and accounts; 'empty': a real shop started with
   * SEED_DEMO_DATA=false (reference data only: no catalogue, no accounts). Both have the reference
   * data (taxes, places, messages, settings).
   */
  data?: TestData;
  /** Environment variables as the server would read them. */
  env?: Record<string, string>;
  clock?: Clock;
  /** A built web app to serve (index.html and assets/), as the server serves dist/web. */
  webRoot?: string;
  /** The card processor (a Stripe gateway on a local fake); from `env` by default. */
  payments?: PaymentGateway;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  kind: 'pglite' | 'postgres';
  /** This app's own folder of uploaded files, removed on close. */
  uploadsDir: string;
  close(): Promise<void>;
}

/** The webhook endpoint's signing secret in tests: events signed with it are the processor's. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_of_the_test_shop';

/** The real app over a fresh database of its own, driven with app.inject. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const prepared = inject('databases');
  const database = await openTestDatabase(prepared, options.data ?? 'demo');
  // Tests sign up many clients from one address: rate limits are high unless a test lowers them.
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    LOGIN_RATE_LIMIT: '1000',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    ...options.env,
  });
  const uploadsDir = await mkdtemp(path.join(tmpdir(), 'shop-uploads-'));
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    imagesDir: prepared.imagesDir,
    uploadsDir,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    // No network in tests: the go-live check's call to PUBLIC_URL reaches this app itself.
    fetch: (url, init) => fetchThroughApp(app, url, init),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    uploadsDir,
    async close() {
      await app.close();
      await database.close();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** A request to the shop's own address, answered by the test app as the network would bring it. */
async function fetchThroughApp(
  app: FastifyInstance,
  url: string,
  init: Parameters<GoLiveDeps['fetch']>[1],
): ReturnType<GoLiveDeps['fetch']> {
  const { pathname, search } = new URL(url);
  const answer = await app.inject({
    method: init.method,
    url: `${pathname}${search}`,
    headers: init.headers,
    payload: init.body,
  });
  return { status: answer.statusCode, text: async () => answer.body };
}

export function bearer(record: Pick<LoginRecord, 'token'>): Record<string, string> {
  return { authorization: `Bearer ${record.token}` };
}

/** The stock of a product without sizes (its one stock row); -1 when it has none. */
export async function stockOf(db: Database, productId: number): Promise<number> {
  const [row] = await db.select({ instock: stock.instock }).from(stock).where(eq(stock.productId, productId));
  return row?.instock ?? -1;
}

/** The demo catalogue's first product sold in sizes (with its box for shipping) and first package. */
export async function firstSizedProductAndPackage(db: Database): Promise<{
  sized: { id: number; size_id: number };
  pack: { id: number; product_id: number };
}> {
  const [sized] = await rowsOf<{ id: number; size_id: number }>(
    db,
    sql`SELECT p.id, s.size_id FROM products p JOIN stock s ON s.product_id = p.id
        JOIN dimensions d ON d.product_id = p.id
        WHERE p.active AND s.size_id IS NOT NULL ORDER BY p.id LIMIT 1`,
  );
  const [pack] = await rowsOf<{ id: number; product_id: number }>(
    db,
    sql`SELECT id, product_id FROM packages ORDER BY id LIMIT 1`,
  );
  if (!sized || !pack) throw new Error('the demo data has a sized product and a package');
  return { sized, pack };
}

/** An address in Toronto as the address form sends it (POST api/Address adds its address_type_id). */
export const TORONTO_ADDRESS = {
  first_name: 'Jamie',
  last_name: 'Tremblay',
  address: '220 Yonge St',
  city: 'Toronto',
  province: 'ON',
  postalcode: 'M5B 2H1',
  country_code: 'CA',
  email: 'jamie@example.ca',
  phone: '416-555-0100',
};

/** A card expiry year some years ahead of today (the system clock), so test cards never expire. */
export const CARD_EXPIRY_YEAR = new Date().getFullYear() + 4;

let signups = 0;

/** A valid sign-up body with a unique user name and e-mail; override any field. */
export function newClient(overrides: Partial<Signup> = {}): Signup {
  signups += 1;
  const unique = `${process.pid}${signups}${Date.now().toString(36)}`;
  return {
    user_name: `shopper${unique}`,
    first_name: 'Avery',
    middle_initial: 'J',
    last_name: 'Lachance',
    company_name: 'Lachance Outfitters',
    email: `shopper${unique}@example.ca`,
    phone: '416-555-0134',
    address: '25 King St W',
    city: 'Toronto',
    province: 'ON',
    country: 'Canada',
    postalcode: 'M5L 1A1',
    password: 'Woolly-Socks-42',
    ...overrides,
  };
}

export async function signUp(app: FastifyInstance, overrides: Partial<Signup> = {}): Promise<LoginRecord> {
  const response = await app.inject({ method: 'POST', url: '/api/client', payload: newClient(overrides) });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return response.json<LoginRecord>();
}

/** Saves each address in the client's address book through POST api/Address, in order. */
export async function saveAddresses(
  app: FastifyInstance,
  client: Pick<LoginRecord, 'token'>,
  addresses: Record<string, unknown>[],
): Promise<void> {
  for (const address of addresses) {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/Address',
      headers: bearer(client),
      payload: address,
    });
    if (saved.statusCode !== 200)
      throw new Error(`saving an address failed: ${saved.statusCode} ${saved.body}`);
  }
}

export async function logIn(app: FastifyInstance, user_name: string, password: string): Promise<LoginRecord> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { user_name, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<LoginRecord>();
}

export type { InjectOptions };

/**
 * A back-office call answers 401 to a visitor and 403 to a client and to a POS staff member,
 * whatever it is sent (DESIGN.md "The owner's back office": ADMIN only).
 */
export async function expectAdminOnly(
  app: FastifyInstance,
  call: InjectOptions,
  /** A POS staff member's login; the demo cashier's by default (an empty shop has none). */
  cashier?: LoginRecord,
): Promise<void> {
  const asVisitor = await app.inject(call);
  if (asVisitor.statusCode !== 401)
    throw new Error(`a visitor got ${asVisitor.statusCode}: ${asVisitor.body}`);
  const callers = [
    await signUp(app),
    cashier ?? (await logIn(app, DEMO_ACCOUNTS.pos.user_name, DEMO_ACCOUNTS.pos.password)),
  ];
  for (const caller of callers) {
    const answer = await app.inject({ ...call, headers: { ...call.headers, ...bearer(caller) } });
    if (answer.statusCode !== 403) {
      throw new Error(`${caller.roles.join('+')} got ${answer.statusCode}: ${answer.body}`);
    }
  }
}
