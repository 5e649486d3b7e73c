/**
 * npm run bench [-- --db pglite|postgres|both] [--duration 10] [--connections 32] [--products 10000]
 *
 * Builds the web app, seeds a fresh catalogue into PGlite and/or a fresh PostgreSQL database, starts
 * the production server as a child process, and loads the catalogue calls with autocannon next to a
 * bare node:http server answering a fixed 2 KB JSON (the read reference), then Add to Cart next to
 * the write reference (bench/write-reference-server.ts: one indexed UPDATE per request through the
 * shop's driver and pool), then places orders end to end (bench/checkout.ts). Prints req/s
 * (orders/s), p50, p99 and the share of the reference per scenario, judges the shares (bench/floors.ts)
 * and the visitor's first-page JavaScript (bench/web-size.ts), and exits non-zero on any miss.
 * See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  ADMIN_CONNECTIONS,
  backOfficeScenarios,
  formatImport,
  logInAsAdmin,
  measureStockImport,
} from './admin.ts';
import { type Card, getJson, logIn, probePrices, probeStockChange, sampleCatalogue } from './catalogue.ts';
import {
  addToCartBody,
  buyersNeeded,
  cartProducts,
  restockForOrders,
  runCheckout,
  signUpBuyers,
} from './checkout.ts';
import {
  formatTable,
  judge,
  MIN_ADD_TO_CART_SHARE,
  MIN_CHECKOUT_SHARE,
  MIN_REGISTER_SALE_SHARE,
  type Verdict,
} from './floors.ts';
import {
  BARE,
  load,
  measure,
  REFERENCE_SLICE_SECONDS,
  type Reference,
  type Scenario,
  summarize,
  WRITE_REFERENCE,
} from './load.ts';
import { judgeMemory, readProcessMemory } from './memory.ts';
import { type Running, run, startBare, startShop, startWriteReference } from './processes.ts';
import { registerSaleScenario } from './register.ts';
import { measureUncachedSearch, uncachedSearchTerms } from './search.ts';
import { formatStartReport, judgeStart, measureStart } from './start.ts';
import { measureFirstLoad, WEB_BUDGET_BYTES } from './web-size.ts';

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
/** Products a bench cart holds at most: every client's cart stays a handful of lines. */
const CART_LINES = 4;
/** Shoppers checking out at once. */
const CHECKOUT_SHOPPERS = 32;
/** Orders per second the buyers are signed up for (each enters a card at most 15 times). */
const CHECKOUT_HEADROOM_PER_SECOND = 400;
const WARM_UP_SECONDS = 2;
/** Texts never searched before, each asked once (bench/search.ts). */
const UNCACHED_SEARCH_TEXTS = 300;

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

function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('the bench has nothing to pick from');
  return item;
}

/**
 * Add to Cart (32 clients, each cart a handful of lines), then orders placed end to end by 32
 * shoppers at once, then the register's cash sales (32 at once), each judged as a share of the
 * write reference.
 */
async function benchCartAndCheckout(
  base: string,
  auth: Record<string, string>,
  products: readonly Card[],
  kind: DbKind,
  writes: Reference,
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
    floors: { minRatio: MIN_ADD_TO_CART_SHARE[kind] },
  };
  // Warmed up like the catalogue: the first adds create the carts and compile the statement.
  await load(base, addToCartScenario, WARM_UP_SECONDS, options.connections);
  const addToCart = await measure(base, addToCartScenario, writes, options);

  const { minimumPurchase } = (await getJson<{ minimumPurchase: number }>(`${base}/api/config`)).body;
  const shoppers = (seconds: number) =>
    signUpBuyers(base, buyersNeeded(seconds, CHECKOUT_HEADROOM_PER_SECOND, CHECKOUT_SHOPPERS));
  // Warmed up like the other scenarios (the first orders prepare and plan the checkout's statements
  // on every connection, and the server compiles its code), by buyers of their own: each buyer
  // enters a card only so many times.
  await runCheckout(base, await shoppers(WARM_UP_SECONDS), priced, {
    seconds: WARM_UP_SECONDS,
    concurrency: CHECKOUT_SHOPPERS,
    minimumPurchase,
  });
  const buyers = await shoppers(options.duration);
  // The reference just before and just after the orders, so a change in the machine's load
  // during the run weighs on both sides.
  const referenceBefore = await load(
    writes.url,
    writes.scenario,
    REFERENCE_SLICE_SECONDS,
    options.connections,
  );
  const checkout = await runCheckout(base, buyers, priced, {
    seconds: options.duration,
    concurrency: CHECKOUT_SHOPPERS,
    minimumPurchase,
  });
  const referenceAfter = await load(
    writes.url,
    writes.scenario,
    REFERENCE_SLICE_SECONDS,
    options.connections,
  );
  for (const problem of checkout.problems) console.log(`[${kind}] checkout: ${problem}`);
  const reference = summarize(writes.scenario.name, [referenceBefore, referenceAfter]);

  const registerSale = await registerSaleScenario(base, priced, { minRatio: MIN_REGISTER_SALE_SHARE[kind] });
  await load(base, registerSale, WARM_UP_SECONDS, options.connections);
  return [
    addToCart,
    judge(checkout.measured, reference, { minRatio: MIN_CHECKOUT_SHARE[kind] }),
    await measure(base, registerSale, writes, options),
  ];
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
  const writeReference = await startWriteReference(
    path.join(database.dataDir, 'write-reference'),
    database.url,
  ).catch(async (error: unknown) => {
    await shop.stop();
    throw error;
  });
  const bare: Reference = { url: bareUrl, scenario: BARE };
  const writes: Reference = { url: writeReference.url, scenario: WRITE_REFERENCE };
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
    for (const scenario of scenarios) verdicts.push(await measure(shop.url, scenario, bare, options));
    // What the catalogue cache and the rest hold once every catalogue scenario ran.
    const memory = judgeMemory(readProcessMemory(shop.pid));
    const terms = uncachedSearchTerms(
      products.map((p) => p.name),
      UNCACHED_SEARCH_TEXTS,
    );
    const searched = await measureUncachedSearch(shop.url, auth, terms);
    verdicts.push(...(await benchCartAndCheckout(shop.url, auth, products, kind, writes, options)));
    const admin = await logInAsAdmin(shop.url);
    for (const scenario of backOfficeScenarios(admin))
      verdicts.push(
        await measure(shop.url, scenario, writes, { ...options, connections: ADMIN_CONNECTIONS }),
      );

    const problems = await probePrices(shop.url, auth, products);
    const lines = [
      problems.length === 0
        ? 'visitors: no prices, no product outside the showroom and teaser, no search: ok'
        : `visitors: FAIL: ${problems.join('; ')}`,
    ];
    if (searched.failures > 0) problems.push('uncached search');
    lines.push(memory.line);
    if (!memory.ok) problems.push('memory');
    lines.push(
      `search as typed, ${searched.texts} texts never asked before, one at a time: p50 ${searched.p50} ms, p99 ${searched.p99} ms, slowest ${searched.slowest} ms; ${searched.empty} found nothing${searched.failures > 0 ? `; FAIL: ${searched.failures} failed` : ''}`,
    );
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
    // Last: it changes thousands of stock levels and clears the caches.
    const imported = await measureStockImport(shop.url, admin);
    lines.push(formatImport(kind, imported));
    if (imported.problems.length > 0) problems.push('stock import');
    const title = `\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${options.products} products, ${options.connections} connections, ${options.duration} s per scenario, each alternating with its reference`;
    console.log(`${formatTable(title, verdicts)}\n${lines.join('\n')}`);
    const failed = problems.length > 0 || verdicts.some((v) => v.problems.length > 0);
    const serverOutput = shop.output().trim();
    if (failed && serverOutput) console.log(`server output:\n${serverOutput.slice(-4000)}`);
    return failed;
  } finally {
    await shop.stop();
    await writeReference.stop();
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

    // Alone, after the load: the compiled server on the demo data, its first answer and its memory.
    const started = await measureStart();
    const startProblems = judgeStart(started);
    console.log(`\n${formatStartReport(started, startProblems)}`);

    const webOk = web.gzipBytes <= WEB_BUDGET_BYTES;
    console.log(
      `\nvisitor's first page (home): ${(web.gzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript in ${web.files.length} files, budget ${WEB_BUDGET_BYTES / 1024} KB: ${webOk ? 'ok' : 'FAIL'}`,
    );
    const failed = !webOk || startProblems.length > 0 || failures.includes(true);
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
