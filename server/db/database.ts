import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgliteStream } from './pglite-stream.ts';
import { PgliteThread } from './pglite-thread.ts';

/**
 * Drizzle without the schema: the shop writes its queries with the query builder and SQL, never
 * drizzle's relational queries (`db.query`), and with the schema every transaction built one of
 * their builders for each of the 63 tables first (20 µs a transaction).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction, for functions that must run inside their caller's. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Several instances may start at once on one PostgreSQL: migrations run under this advisory lock. */
const MIGRATION_LOCK = 7_460_301;

export interface DatabaseOptions {
  /** postgres://... to use a PostgreSQL server; otherwise embedded PGlite. */
  url?: string | undefined;
  /** PGlite's data directory; undefined keeps the database in memory. */
  dataDir?: string | undefined;
  /** A dump of a PGlite data directory to start from, in memory (a test's snapshot). */
  snapshot?: Uint8Array<ArrayBuffer> | undefined;
  poolSize?: number;
}

/** Each PostgreSQL connection's own settings (the server's defaults are otherwise kept). */
const CONNECTION_SETTINGS = '-c jit=off -c max_parallel_workers_per_gather=0';

/**
 * How long an idle PostgreSQL connection stays open. node-postgres' pool closes one after 10 s by
 * default, and the next request then opens another: a new backend, its settings, and every statement
 * prepared again and planned anew for its first five runs. On the 2-core VM the first uncached
 * search after 12 s of quiet took 39-50 ms, against 17-29 ms (once 60) after 6 s (bench/README.md,
 * fifteenth pass): a shop whose visitors pause between pages paid it on most of them.
 */
export const IDLE_CONNECTION_MS = 10 * 60_000;

/** Statements a connection keeps prepared at most; later new ones run unprepared. */
const PREPARED_PER_CONNECTION = 400;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Whether PreparingClient prepares a statement of this text: one SELECT, INSERT, UPDATE, DELETE or
 * WITH statement. Any ';' (even in a comment) reads as a second statement, and the text then runs
 * unprepared: parsed and planned at every call.
 */
export function isPreparable(text: string): boolean {
  return PREPARABLE.test(text) && !text.includes(';');
}
const statementNames = new Map<string, string>();

/** Names remembered at most (hashing a text again costs more than a lookup, but memory is finite). */
const NAMES_REMEMBERED = 2_000;

function statementName(text: string): string {
  const known = statementNames.get(text);
  if (known) return known;
  const name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  if (statementNames.size < NAMES_REMEMBERED) statementNames.set(text, name);
  return name;
}

/**
 * A node-postgres client that prepares each query it is given by name, once per connection, so
 * the server parses and plans a statement once instead of on every call (planning cost more than
 * running most of this shop's statements: Add to Cart went from 612 to 1,481 a second on
 * PostgreSQL, and from 4.8 ms to 0.8 ms on PGlite). Only single SELECT/INSERT/UPDATE/DELETE/WITH
 * statements are named; a connection keeps at most PREPARED_PER_CONNECTION of them.
 *
 * Which names the server holds is node-postgres' own record (it notes a name when the server
 * answers ParseComplete, so a statement that fails while being parsed is not counted, and one
 * that is parsed and then fails while bound or run is).
 */
class PreparingClient extends pg.Client {
  constructor(...args: ConstructorParameters<typeof pg.Client>) {
    super(...args);
    // A connection lost while a caller holds it (inside a transaction, between statements) emits
    // 'error' with no listener of the pool's on it, which would end the process. The caller's
    // statements fail with the error anyway, and the pool drops the client when it comes back.
    this.on('error', () => undefined);
  }

  override query(...args: unknown[]): never {
    const [config] = args;
    if (isUnnamedQuery(config) && isPreparable(config.text)) {
      const name = statementName(config.text);
      const parsed = this.#parsedStatements();
      if (name in parsed || Object.keys(parsed).length < PREPARED_PER_CONNECTION) {
        args[0] = { ...config, name };
      }
    }
    return Reflect.apply(pg.Client.prototype.query, this, args) as never;
  }

  #parsedStatements(): Record<string, string> {
    const connection: unknown = Reflect.get(this, 'connection');
    const parsed: unknown = connection && Reflect.get(connection, 'parsedStatements');
    if (typeof parsed !== 'object' || parsed === null) {
      throw new Error('node-postgres no longer records parsed statements where this client reads them');
    }
    return parsed as Record<string, string>;
  }
}

/**
 * A pool that keeps a connection when one of its statements fails on the server. pg.Pool's own
 * query() closes the connection on any error, and with it every statement prepared on it: on
 * PostgreSQL each failed statement cost a new connection and a new round of preparing; on the
 * embedded PGlite, whose one session outlives its connections, the next connection found the old
 * names still prepared and failed on each of them, so one bad request broke every later one.
 * An error from the server (pg.DatabaseError) leaves the connection in step with the server;
 * anything else (a lost connection, a value node-postgres could not send) still closes it.
 */
class StatementPool extends pg.Pool {
  override query(...args: unknown[]): never {
    if (args.some((arg) => typeof arg === 'function')) {
      return Reflect.apply(pg.Pool.prototype.query, this, args) as never;
    }
    return this.#query(args) as never;
  }

  async #query(args: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    let broken: Error | undefined;
    try {
      return (await Reflect.apply(client.query, client, args)) as pg.QueryResult;
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) {
        broken = error instanceof Error ? error : new Error(String(error));
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

function isUnnamedQuery(config: unknown): config is { text: string; name?: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof Reflect.get(config, 'text') === 'string' &&
    !Reflect.get(config, 'name')
  );
}

const embedded = new WeakMap<object, PgliteThread>();

/** The embedded PGlite behind a database, if it is one (for a dump of its data directory). */
export function embeddedDatabase(db: DbOrTx): PgliteThread | undefined {
  return embedded.get(db);
}

/**
 * PostgreSQL through a node-postgres pool; embedded PGlite, in a worker thread, through the same
 * driver over one connection (pglite-stream.ts), so both run the same code, types and prepared
 * statements.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new StatementPool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      Client: PreparingClient,
      // The shop's statements are short lookups by index. A planner misled by its estimates (a
      // catalogue just imported, not analysed yet) JIT-compiled a 3 ms product page for 450 ms, and
      // starting parallel workers cost more than any statement of the shop gains from them.
      options: CONNECTION_SETTINGS,
    });
    // An idle connection the server ends (a restart, a terminated backend, a dropped test
    // database) is removed by the pool and the next query opens another. Without a listener
    // its 'error' event would crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir && !options.snapshot) mkdirSync(options.dataDir, { recursive: true });
  const thread = await PgliteThread.start(
    options.snapshot ? { snapshot: options.snapshot } : { dataDir: options.dataDir },
  );
  const pool = new StatementPool({
    // One session: one connection, never closed while idle (it holds the prepared statements).
    stream: () => new PgliteStream(thread),
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    Client: PreparingClient,
  });
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool) as unknown as Database;
  embedded.set(db, thread);
  return {
    db,
    kind: 'pglite',
    migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
    async close() {
      await pool.end();
      await thread.close();
    },
  };
}

/**
 * The rows of a raw SQL statement. Hot paths use it: a statement written in SQL costs about half
 * the CPU of one built by the query builder. Columns come back as node-postgres gives them
 * (bigint and numeric as strings).
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A select-list expression that lets its statement's transaction commit without waiting for the
 * write-ahead log to reach the disk (`synchronous_commit` off for that transaction only). Only for
 * a statement run on its own whose write harms nobody if a crash loses it (docs/decisions/026):
 * inside a larger transaction it would relax every write of that transaction.
 */
export const COMMIT_WITHOUT_WAITING = sql`set_config('synchronous_commit', 'off', true)`;

/** count(*) is a bigint, which node-postgres answers as a string: cast in SQL, as here. */
export async function countRows(db: DbOrTx, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n ?? 0);
}
