/**
 * npm run bench [-- --db pglite|postgres|both] [--duration 10] [--connections 32] [--products 10000]
 *
 * Builds the web app, seeds a fresh catalogue into PGlite and/or a fresh PostgreSQL database, starts
 * the production server as a child process, and loads the catalogue calls and Add to Cart with
 * autocannon next to a bare node:http server answering a fixed 2 KB JSON, then places orders end to
 * end (bench/checkout.ts). Prints req/s (orders/s), p50, p99 and the ratio to the bare server per
 * scenario, checks the floors (bench/floors.ts) and the visitor's first-page JavaScript
 * (bench/web-size.ts), and exits non-zero on any miss. See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo-data.ts';
import {
  addToCartBody,
  buyersNeeded,
  cartProducts,
  MIN_ORDERS_PER_SECOND,
  restockForOrders,
  runCheckout,
  signUpBuyers,
} from './checkout.ts';
import { type Floors, formatTable, judge, MAX_P99_MS, type Measured, type Verdict } from './floors.ts';
import { measureFirstLoad, WEB_BUDGET_BYTES } from './web-size.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEARCH_TERMS = [
  'mer',
  'maple',
  'crew',
  'stripe',
  'harbour',
  'kid',
  'sock',
  'ankle',
  'dress',
  'hiking',
  'toque',
  'gift',
  'wool',
  'tartan',
  'dot',
  'ms-crw',
  'knee',
  'phone',
  'box',
  'grip',
];
const PRODUCT_SAMPLE = 200;
/** Products a bench cart holds at most: every client's cart stays a handful of lines. */
const CART_LINES = 4;
/** Shoppers checking out at once. */
const CHECKOUT_SHOPPERS = 32;
/** Orders per second the buyers are signed up for (each enters a card at most 15 times). */
const CHECKOUT_HEADROOM_PER_SECOND = 400;
const WARM_UP_SECONDS = 2;
/** Each scenario runs in ROUNDS slices, each after BARE_SLICE_SECONDS of the bare server. */
const ROUNDS = 5;
const BARE_SLICE_SECONDS = 1;

type DbKind = 'pglite' | 'postgres';

interface Options {
  kinds: DbKind[];
  duration: number;
  connections: number;
  products: number;
  adminUrl: string;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      products: { type: 'string', default: '10000' },
      'pg-url': {
        type: 'string',
        default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
    },
  });
  const kinds: DbKind[] =
    values.db === 'both'
      ? ['pglite', 'postgres']
      : values.db === 'pglite' || values.db === 'postgres'
        ? [values.db]
        : [];
  if (kinds.length === 0) throw new Error(`--db must be pglite, postgres or both, not ${values.db}`);
  const whole = (name: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
    return n;
  };
  return {
    kinds,
    duration: whole('duration', values.duration),
    connections: whole('connections', values.connections),
    products: whole('products', values.products),
    adminUrl: values['pg-url'],
  };
}

// ------------------------------------------------------------------ processes

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a command to completion; its output is shown only when it fails. */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

interface Running {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts a long-running child and waits until `ready` answers. */
async function start(
  args: string[],
  env: Record<string, string>,
  url: string,
  readyPath: string,
): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${args.join(' ')} exited:\n${output}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) return { url, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`${args.join(' ')} did not start:\n${output}`);
}

async function startBare(): Promise<Running> {
  const port = await freePort();
  return start(
    ['--import', 'tsx', 'bench/bare-server.ts', String(port)],
    {},
    `http://127.0.0.1:${port}`,
    '/',
  );
}

async function startShop(dataDir: string, webDir: string, databaseUrl: string): Promise<Running> {
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // The bench logs in from 127.0.0.1 many times over: only its own server gets this limit.
    LOGIN_RATE_LIMIT: '100000',
  };
  return start(['--import', 'tsx', 'server/main.ts'], env, `http://127.0.0.1:${port}`, '/api/config');
}

// ------------------------------------------------------------------ load

interface Scenario {
  name: string;
  paths: string[];
  headers: Record<string, string>;
  /** A POST scenario: the n-th request's path, headers and JSON body (paths and headers unused). */
  post?: (index: number) => { path: string; headers: Record<string, string>; body: unknown };
  floors?: Floors;
}

/** What one autocannon run saw: every response time, so runs can be merged exactly. */
interface Slice {
  requests: number;
  seconds: number;
  latencies: number[];
  failures: number;
}

async function load(base: string, scenario: Scenario, seconds: number, connections: number): Promise<Slice> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const run = autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: scenario.headers,
    requests: [
      {
        method: 'GET',
        // Each request takes the next path (or body), so ids and terms vary as real traffic's do.
        setupRequest: (request) => {
          const index = next++;
          if (!scenario.post)
            return { ...request, path: scenario.paths[index % scenario.paths.length] ?? '/' };
          const call = scenario.post(index);
          return {
            ...request,
            method: 'POST',
            path: call.path,
            headers: { ...call.headers, 'content-type': 'application/json' },
            body: JSON.stringify(call.body),
          };
        },
      },
    ],
  });
  run.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await run;
  return {
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.POSITIVE_INFINITY;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

function summarize(name: string, slices: readonly Slice[]): Measured {
  const latencies = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  return {
    name,
    requestsPerSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
  };
}

/**
 * The scenario and the bare server in alternating slices (2 s of the scenario, 1 s of the bare
 * server, ROUNDS times), so that other work on the shared machine weighs on both sides of the ratio
 * alike; latencies and counts are merged over the slices.
 */
async function measure(shopUrl: string, scenario: Scenario, bareUrl: string, options: Options) {
  const scenarioSeconds = Math.max(1, Math.round(options.duration / ROUNDS));
  const bare: Slice[] = [];
  const shop: Slice[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await load(bareUrl, BARE, BARE_SLICE_SECONDS, options.connections));
    shop.push(await load(shopUrl, scenario, scenarioSeconds, options.connections));
  }
  return judge(summarize(scenario.name, shop), summarize(BARE.name, bare), scenario.floors);
}

async function getJson<T>(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

interface Card {
  id: number;
  category_id: number;
  instock: number;
  pricing: number | null;
}

async function logIn(base: string): Promise<Record<string, string>> {
  const { user_name, password } = DEMO_ACCOUNTS.client;
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Root ids, and PRODUCT_SAMPLE products spread over the whole catalogue. */
async function sampleCatalogue(base: string, auth: Record<string, string>) {
  const roots = (await getJson<{ id: number }[]>(`${base}/api/categories/root`, auth)).body.map((r) => r.id);
  const cards: Card[] = [];
  for (const root of roots) {
    const first = await getJson<{ total: number; products: Card[] }>(
      `${base}/api/categories/${root}/products?offset=0&limit=100`,
      auth,
    );
    cards.push(...first.body.products);
    if (first.body.total > 200) {
      const middle = await getJson<{ products: Card[] }>(
        `${base}/api/categories/${root}/products?offset=${Math.floor(first.body.total / 2)}&limit=100`,
        auth,
      );
      cards.push(...middle.body.products);
    }
  }
  const step = Math.max(1, cards.length / PRODUCT_SAMPLE);
  const products = Array.from(
    { length: Math.min(PRODUCT_SAMPLE, cards.length) },
    (_, i) => cards[Math.floor(i * step)],
  ).filter((card): card is Card => card !== undefined);
  return { roots, products };
}

// ------------------------------------------------------------------ correctness probes

/** A visitor never gets a price, and gets only the showroom's and teaser's products. */
async function probePrices(base: string, auth: Record<string, string>, products: Card[]): Promise<string[]> {
  const problems: string[] = [];
  const teaser = (await getJson<Card[]>(`${base}/api/products/teaser`)).body;
  const showroom = (
    await getJson<{ products: { product_id: number }[] }[]>(`${base}/api/getShowRoomProducts`)
  ).body;
  const open = teaser[0];
  if (open) {
    const url = `${base}/api/product/${open.category_id}/${open.id}`;
    const visitor = await getJson<Card>(url);
    if (visitor.status !== 200 || visitor.body.pricing !== null)
      problems.push(
        `a visitor's teaser product came back ${visitor.status} with pricing ${visitor.body.pricing}`,
      );
    const client = await getJson<Card>(url, auth);
    if (typeof client.body.pricing !== 'number') problems.push('a client got no price');
  }
  const visible = new Set([
    ...teaser.map((p) => p.id),
    ...showroom.flatMap((c) => c.products.map((p) => p.product_id)),
  ]);
  const hidden = products.find((p) => !visible.has(p.id));
  if (hidden) {
    const visitor = await getJson(`${base}/api/product/${hidden.category_id}/${hidden.id}`);
    if (visitor.status !== 401) problems.push(`a visitor opened product ${hidden.id} (${visitor.status})`);
  }
  const search = await getJson(`${base}/api/product?term=sock`);
  if (search.status !== 401) problems.push(`a visitor searched (${search.status})`);
  return problems;
}

/**
 * Another instance takes stock (a direct write and pg_notify, as checkout does through
 * notifyCatalogChanged): the server must show it within a second. Answers the delay in ms.
 */
async function probeStockChange(
  base: string,
  auth: Record<string, string>,
  databaseUrl: string,
  product: Card,
) {
  const url = `${base}/api/product/${product.category_id}/${product.id}`;
  const before = (await getJson<Card>(url, auth)).body.instock;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'UPDATE stock SET instock = instock + 5 WHERE id = (SELECT id FROM stock WHERE product_id = $1 ORDER BY id LIMIT 1)',
      [product.id],
    );
    await client.query("SELECT pg_notify('catalog_changed', $1)", [JSON.stringify([product.id])]);
  } finally {
    await client.end();
  }
  const started = performance.now();
  while (performance.now() - started < 2_000) {
    if ((await getJson<Card>(url, auth)).body.instock === before + 5) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Number.POSITIVE_INFINITY;
}

// ------------------------------------------------------------------ main

interface Database {
  kind: DbKind;
  dataDir: string;
  /** '' for PGlite (in dataDir). */
  url: string;
  drop(): Promise<void>;
}

async function createDatabase(kind: DbKind, options: Options, work: string): Promise<Database> {
  // Each database has its own data directory, so their seeds can draw images side by side.
  const dataDir = path.join(work, `data-${kind}`);
  if (kind === 'pglite') return { kind, dataDir, url: '', drop: async () => undefined };
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: options.adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function seed(database: Database, products: number): Promise<void> {
  const output = await run(
    process.execPath,
    ['--import', 'tsx', 'server/db/seed/cli.ts', '--products', String(products)],
    { DATA_DIR: database.dataDir, DATABASE_URL: database.url },
  );
  console.log(`[${database.kind}] ${output.trim().split('\n').at(-1)}`);
}

const BARE: Scenario = { name: 'bare node:http 2 KB', paths: ['/'], headers: {} };

function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('the bench has nothing to pick from');
  return item;
}

/**
 * Add to Cart (32 clients, each cart a handful of lines) against the bare server like the
 * catalogue scenarios, then orders placed end to end by 32 shoppers at once.
 */
async function benchCartAndCheckout(
  base: string,
  auth: Record<string, string>,
  products: readonly Card[],
  kind: DbKind,
  bareUrl: string,
  options: Options,
): Promise<Verdict[]> {
  const priced = await cartProducts(base, auth, products.slice(0, 40));
  const cartBuyers = await signUpBuyers(base, options.connections);
  const addToCartScenario: Scenario = {
    name: 'add to cart',
    paths: [],
    headers: {},
    post: (index) => {
      const buyer = itemAt(cartBuyers, index);
      const product = itemAt(priced, Math.floor(index / cartBuyers.length) % CART_LINES);
      return { path: '/api/addcart', headers: buyer.headers, body: addToCartBody(buyer, product, 1) };
    },
    floors: { minRatio: null, maxP99: MAX_P99_MS },
  };
  // Warmed up like the catalogue: the first adds create the carts and compile the statement.
  await load(base, addToCartScenario, WARM_UP_SECONDS, options.connections);
  const addToCart = await measure(base, addToCartScenario, bareUrl, options);

  const { minimumPurchase } = (await getJson<{ minimumPurchase: number }>(`${base}/api/config`)).body;
  const buyers = await signUpBuyers(
    base,
    buyersNeeded(options.duration, CHECKOUT_HEADROOM_PER_SECOND, CHECKOUT_SHOPPERS),
  );
  const bare = await load(bareUrl, BARE, BARE_SLICE_SECONDS, options.connections);
  const checkout = await runCheckout(base, buyers, priced, {
    seconds: options.duration,
    concurrency: CHECKOUT_SHOPPERS,
    minimumPurchase,
  });
  for (const problem of checkout.problems) console.log(`[${kind}] checkout: ${problem}`);
  const floors: Floors =
    kind === 'postgres'
      ? { minRatio: null, maxP99: null, minPerSecond: MIN_ORDERS_PER_SECOND }
      : { minRatio: null, maxP99: null };
  return [addToCart, judge(checkout.measured, summarize(BARE.name, [bare]), floors)];
}

async function benchDatabase(
  database: Database,
  options: Options,
  webDir: string,
  bareUrl: string,
): Promise<boolean> {
  const { kind } = database;
  await restockForOrders(database.dataDir, database.url);
  const shop = await startShop(database.dataDir, webDir, database.url);
  try {
    const auth = await logIn(shop.url);
    const { roots, products } = await sampleCatalogue(shop.url, auth);
    const scenarios: Scenario[] = [
      { name: 'showroom (visitor)', paths: ['/api/getShowRoomProducts'], headers: {} },
      { name: 'phase by category', paths: roots.map((id) => `/api/phasebycategory/${id}`), headers: auth },
      {
        name: 'product detail',
        paths: products.map((p) => `/api/product/${p.category_id}/${p.id}`),
        headers: auth,
      },
      {
        name: 'search suggestions',
        paths: SEARCH_TERMS.map((term) => `/api/product?term=${encodeURIComponent(term)}&limit=8`),
        headers: auth,
      },
    ];
    // Warm-up: every path once (each must answer 200), then a short run of everything.
    const started = performance.now();
    for (const scenario of scenarios) {
      for (const route of scenario.paths) {
        const response = await fetch(`${shop.url}${route}`, { headers: scenario.headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${route} answered ${response.status} during warm-up`);
      }
    }
    const everything = { name: 'warm-up', paths: scenarios.flatMap((s) => s.paths), headers: auth };
    await load(shop.url, everything, WARM_UP_SECONDS, options.connections);
    console.log(`[${kind}] warmed up in ${((performance.now() - started) / 1000).toFixed(1)} s; loading...`);

    const verdicts: Verdict[] = [];
    for (const scenario of scenarios) verdicts.push(await measure(shop.url, scenario, bareUrl, options));
    verdicts.push(...(await benchCartAndCheckout(shop.url, auth, products, kind, bareUrl, options)));

    const problems = await probePrices(shop.url, auth, products);
    const lines = [
      problems.length === 0
        ? 'visitors: no prices, no product outside the showroom and teaser, no search: ok'
        : `visitors: FAIL: ${problems.join('; ')}`,
    ];
    const sample = products[Math.floor(products.length / 3)];
    if (kind === 'postgres' && sample) {
      const ms = await probeStockChange(shop.url, auth, database.url, sample);
      const ok = ms <= 1_000;
      if (!ok) problems.push('stock change');
      const after = Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : 'more than 2 s';
      lines.push(
        `stock taken by another instance (pg_notify) shown after ${after}: ${ok ? 'ok' : 'FAIL (over 1 s)'}`,
      );
    }
    const title = `\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${options.products} products, ${options.connections} connections, ${options.duration} s per scenario, alternating with the bare server`;
    console.log(`${formatTable(title, verdicts)}\n${lines.join('\n')}`);
    const failed = problems.length > 0 || verdicts.some((v) => v.problems.length > 0);
    const serverOutput = shop.output().trim();
    if (failed && serverOutput) console.log(`server output:\n${serverOutput.slice(-4000)}`);
    return failed;
  } finally {
    await shop.stop();
  }
}

async function main(): Promise<number> {
  const options = readOptions();
  const begun = performance.now();
  const work = await mkdtemp(path.join(tmpdir(), 'shop-bench-'));
  const webDir = path.join(work, 'web');
  const databases: Database[] = [];
  let bareServer: Running | undefined;
  try {
    for (const kind of options.kinds) databases.push(await createDatabase(kind, options, work));
    // The build and the seeds do not measure anything: they run side by side.
    await Promise.all([
      run('npx', ['vite', 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn']),
      ...databases.map((database) => seed(database, options.products)),
    ]);
    const web = measureFirstLoad(webDir);
    console.log(`built and seeded in ${((performance.now() - begun) / 1000).toFixed(0)} s`);

    bareServer = await startBare();
    await load(bareServer.url, BARE, WARM_UP_SECONDS, options.connections);
    const failures: boolean[] = [];
    for (const database of databases)
      failures.push(await benchDatabase(database, options, webDir, bareServer.url));

    const webOk = web.gzipBytes <= WEB_BUDGET_BYTES;
    console.log(
      `\nvisitor's first page (home): ${(web.gzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript in ${web.files.length} files, budget ${WEB_BUDGET_BYTES / 1024} KB: ${webOk ? 'ok' : 'FAIL'}`,
    );
    const failed = !webOk || failures.includes(true);
    console.log(`\n${failed ? 'FAILED' : 'passed'} in ${((performance.now() - begun) / 1000).toFixed(0)} s`);
    return failed ? 1 : 0;
  } finally {
    await bareServer?.stop();
    for (const database of databases) await database.drop().catch((error: unknown) => console.error(error));
    await rm(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
