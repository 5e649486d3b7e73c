/**
 * Two versions of the shop placing orders side by side: the machine's CPU an order of each, on one
 * PostgreSQL server, in alternating rounds, so that a change in the machine's speed weighs on both.
 *
 *   npm run bench:side -- --rounds 10 --seconds 5 before=/path/to/a/checkout:tsx after=.
 *   npm run bench:side -- --db pglite before=... after=.
 *
 * Each side is a checkout of the shop (`git worktree add`): `dir` runs its compiled server (build
 * it first, `npm run build` there), `dir:tsx` runs server/main.ts with tsx, as the shop ran before
 * it had a compiled server. Each gets its own database of 2,000 products seeded by its own code, and
 * the orders of bench/checkout.ts (32 shoppers); with `--db pglite` its own PGlite data folder,
 * whose database runs inside the server's process. A round's CPU is read from /proc (Linux): the
 * server's process, every PostgreSQL process (those that ended included) and this load client,
 * counted until the server and PostgreSQL are idle again, so work a version leaves for after the
 * round (webhooks delivered late) counts as its own. Orders a second inside a round do not say the
 * same: a version that leaves work for later shows more of them than it pays for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { logIn, sampleCatalogue } from './catalogue.ts';
import {
  type Buyer,
  buyersNeeded,
  type CartProduct,
  cartProducts,
  restockForOrders,
  runCheckout,
  signUpBuyers,
} from './checkout.ts';
import { freePort, run } from './processes.ts';

const SHOPPERS = 32;
const PRODUCTS = 2_000;
/** Buyers are signed up for this many orders a second (each buyer enters a card so many times). */
const HEADROOM_PER_SECOND = 400;
/** /proc counts CPU in ticks of 10 ms (USER_HZ). */
const MS_PER_TICK = 10;

interface Side {
  name: string;
  /** Its PostgreSQL database, or undefined on PGlite (in the server's process). */
  database: string | undefined;
  dataDir: string;
  server: ChildProcess;
  base: string;
  products: CartProduct[];
  minimumPurchase: number;
  rounds: RoundCpu[];
}

interface RoundCpu {
  orders: number;
  ordersPerSecond: number;
  serverMs: number;
  postgresMs: number;
  clientMs: number;
}

/** A process's CPU in ticks (user and system), with that of its children that ended. */
function ticksOf(pid: string | number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  } catch {
    return 0; // ended meanwhile: its parent counts it
  }
}

function postgresTicks(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (command === 'postgres') ticks += ticksOf(entry);
  }
  return ticks;
}

/** A side's PostgreSQL CPU: none on PGlite, whose CPU is the server's. */
const databaseTicks = (side: Side) => (side.database === undefined ? 0 : postgresTicks());

/** Waits until the server and PostgreSQL used at most a tick or two in each of two quarter seconds. */
async function untilIdle(side: Side): Promise<void> {
  let quietQuarters = 0;
  let last = ticksOf(side.server.pid ?? 0) + databaseTicks(side);
  for (let quarter = 0; quarter < 120 && quietQuarters < 2; quarter++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = ticksOf(side.server.pid ?? 0) + databaseTicks(side);
    quietQuarters = now - last <= 2 ? quietQuarters + 1 : 0;
    last = now;
  }
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
}

/**
 * Seeds a side's database (on the PostgreSQL server of `adminUrl`, or PGlite without one) and starts
 * its server; `started` gets it at once, to stop it whatever follows.
 */
async function startSide(
  spec: string,
  adminUrl: string | undefined,
  started: (side: Side) => void,
): Promise<void> {
  const [name, where] = spec.split('=');
  if (!name || !where) throw new Error(`"${spec}": a side is name=dir or name=dir:tsx`);
  const withTsx = where.endsWith(':tsx');
  const dir = path.resolve(withTsx ? where.slice(0, -':tsx'.length) : where);
  const database = adminUrl && `shop_side_${name.replace(/\W/g, '_')}`;
  const url = adminUrl && database ? await createDatabase(adminUrl, database) : '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-side-${name}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
  await run(
    process.execPath,
    ['--import', 'tsx', 'server/db/seed/cli.ts', '--products', String(PRODUCTS)],
    env,
    dir,
  );
  await restockForOrders(dataDir, url);
  const port = await freePort();
  const server = spawn(
    process.execPath,
    withTsx ? ['--import', 'tsx', 'server/main.ts'] : ['dist/node/server/main.js'],
    {
      cwd: dir,
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIR: path.join(dir, 'dist/web'),
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'error',
        LOGIN_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const side: Side = { name, database, dataDir, server, base, products: [], minimumPurchase: 0, rounds: [] };
  started(side);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`${name}'s server exited (${server.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${name}'s server did not answer within 120 s`);
    const answered = await fetch(`${base}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const auth = await logIn(base);
  const { products } = await sampleCatalogue(base, auth);
  side.products = await cartProducts(base, auth, products.slice(0, 40));
  side.minimumPurchase = (
    (await (await fetch(`${base}/api/config`)).json()) as { minimumPurchase: number }
  ).minimumPurchase;
  // Warm-up: every connection prepares the statements, the server compiles its code.
  await placeOrders(side, await buyersFor(side, 3), 3);
}

function buyersFor(side: Side, seconds: number): Promise<Buyer[]> {
  return signUpBuyers(side.base, buyersNeeded(seconds, HEADROOM_PER_SECOND, SHOPPERS));
}

function placeOrders(side: Side, buyers: readonly Buyer[], seconds: number) {
  return runCheckout(side.base, buyers, side.products, {
    seconds,
    concurrency: SHOPPERS,
    minimumPurchase: side.minimumPurchase,
  });
}

async function round(side: Side, seconds: number): Promise<RoundCpu> {
  const buyers = await buyersFor(side, seconds);
  await untilIdle(side);
  const serverBefore = ticksOf(side.server.pid ?? 0);
  const postgresBefore = databaseTicks(side);
  const clientBefore = process.cpuUsage();
  const { measured, problems } = await placeOrders(side, buyers, seconds);
  const client = process.cpuUsage(clientBefore);
  await untilIdle(side);
  if (problems.length > 0) console.log(`${side.name}: ${problems.join('; ')}`);
  const orders = Math.round(measured.requestsPerSecond * seconds);
  return {
    orders,
    ordersPerSecond: measured.requestsPerSecond,
    serverMs: (ticksOf(side.server.pid ?? 0) - serverBefore) * MS_PER_TICK,
    postgresMs: (databaseTicks(side) - postgresBefore) * MS_PER_TICK,
    clientMs: (client.user + client.system) / 1000,
  };
}

const perOrder = (ms: number, orders: number) => (ms / orders).toFixed(2);

function describe(name: string, cpu: RoundCpu): string {
  const { orders } = cpu;
  return `${name}: ${orders} orders (${cpu.ordersPerSecond.toFixed(0)} a second); ms an order: server ${perOrder(cpu.serverMs, orders)}, PostgreSQL server ${perOrder(cpu.postgresMs, orders)}, both ${perOrder(cpu.serverMs + cpu.postgresMs, orders)}, load client ${perOrder(cpu.clientMs, orders)}`;
}

function pooled(rounds: readonly RoundCpu[]): RoundCpu {
  const sum = (pick: (cpu: RoundCpu) => number) => rounds.reduce((total, cpu) => total + pick(cpu), 0);
  const seconds = sum((cpu) => cpu.orders / cpu.ordersPerSecond);
  return {
    orders: sum((cpu) => cpu.orders),
    ordersPerSecond: sum((cpu) => cpu.orders) / seconds,
    serverMs: sum((cpu) => cpu.serverMs),
    postgresMs: sum((cpu) => cpu.postgresMs),
    clientMs: sum((cpu) => cpu.clientMs),
  };
}

const bothPerOrder = (cpu: RoundCpu) => (cpu.serverMs + cpu.postgresMs) / cpu.orders;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rounds: { type: 'string', default: '10' },
      seconds: { type: 'string', default: '5' },
      db: { type: 'string', default: 'postgres' },
    },
  });
  const rounds = Number(values.rounds);
  const seconds = Number(values.seconds);
  if (positionals.length !== 2 || !(rounds > 0) || !(seconds > 0)) {
    throw new Error(
      'usage: npm run bench:side -- [--rounds 10] [--seconds 5] [--db postgres|pglite] a=dir[:tsx] b=dir[:tsx]',
    );
  }
  if (values.db !== 'postgres' && values.db !== 'pglite') throw new Error('--db is postgres or pglite');
  const adminUrl =
    values.db === 'pglite'
      ? undefined
      : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  // The sides' seeds and servers take their database from their own environment only.
  delete process.env.DATABASE_URL;
  const sides: Side[] = [];
  try {
    for (const spec of positionals) await startSide(spec, adminUrl, (side) => sides.push(side));
    const [a, b] = sides as [Side, Side];
    for (let index = 0; index < rounds; index++) {
      // a b, b a, a b, ...: neither side always runs first after the other's work.
      for (const side of index % 2 === 0 ? [a, b] : [b, a]) {
        const cpu = await round(side, seconds);
        side.rounds.push(cpu);
        console.log(`round ${index + 1}, ${describe(side.name, cpu)}`);
      }
      const ratio = bothPerOrder(a.rounds[index] as RoundCpu) / bothPerOrder(b.rounds[index] as RoundCpu);
      console.log(
        `round ${index + 1}: ${a.name} / ${b.name} (server and database, an order) = ${ratio.toFixed(3)}`,
      );
    }
    const all = sides.map((side) => pooled(side.rounds));
    for (const [index, side] of sides.entries())
      console.log(`all rounds, ${describe(side.name, all[index] as RoundCpu)}`);
    const [pooledA, pooledB] = all as [RoundCpu, RoundCpu];
    const roundRatios = a.rounds.map(
      (cpu, index) => bothPerOrder(cpu) / bothPerOrder(b.rounds[index] as RoundCpu),
    );
    console.log(
      `${a.name} / ${b.name}, the machine's CPU an order (server and database): pooled ${(bothPerOrder(pooledA) / bothPerOrder(pooledB)).toFixed(3)}, median round ${median(roundRatios).toFixed(3)}, rounds ${Math.min(...roundRatios).toFixed(2)}-${Math.max(...roundRatios).toFixed(2)}`,
    );
  } finally {
    for (const side of sides) {
      if (side.server.exitCode === null) {
        const exited = new Promise((resolve) => side.server.once('exit', resolve));
        side.server.kill('SIGTERM');
        await exited;
      }
      if (adminUrl && side.database) await dropDatabase(adminUrl, side.database).catch(() => undefined);
      rmSync(side.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
