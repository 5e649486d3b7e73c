import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../test/test-database.ts';
import { type DatabaseHandle, rowsOf } from './database.ts';
import { compiledQuery } from './typed-query.ts';

/**
 * Statements are prepared once per connection (database.ts). A statement that fails while it is
 * parsed, bound or run must leave the connection and its record of prepared statements in step
 * with the server, so the next statement on the same connection works, on PGlite and PostgreSQL.
 */
let handle: DatabaseHandle;

beforeAll(async () => {
  // One connection, so every statement below runs on the same one.
  handle = await openTestDatabase(inject('databases'), 'empty', { poolSize: 1 });
});
afterAll(() => handle.close());

const INT_MAX = 2_147_483_647;

async function backend(): Promise<number> {
  const [row] = await rowsOf<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`);
  return Number(row?.pid);
}

async function failureOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    return cause instanceof Error ? cause.message : String(error);
  }
  throw new Error('the statement was expected to fail');
}

describe('a failing statement on a prepared connection', () => {
  it('fails while bound (a value beyond integer), and the same statement and connection work after', async () => {
    const pid = await backend();
    const lookup = (value: number) => rowsOf<{ x: number }>(handle.db, sql`SELECT ${value}::int AS x`);
    expect(await lookup(7)).toEqual([{ x: 7 }]);

    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await failureOf(() => lookup(INT_MAX + 1))).toMatch(/out of range for type integer/);
      expect(await lookup(attempt)).toEqual([{ x: attempt }]);
    }
    expect(await backend()).toBe(pid);
  });

  it('fails while parsed (an unknown column), and the next statements work', async () => {
    const pid = await backend();
    expect(
      await failureOf(() => rowsOf(handle.db, sql`SELECT no_such_column FROM settings WHERE key = ${'x'}`)),
    ).toMatch(/no_such_column/);
    expect(
      await failureOf(() => rowsOf(handle.db, sql`SELECT no_such_column FROM settings WHERE key = ${'x'}`)),
    ).toMatch(/no_such_column/);
    expect(await rowsOf(handle.db, sql`SELECT count(*)::int AS n FROM settings WHERE key = ${'x'}`)).toEqual([
      { n: 0 },
    ]);
    expect(await backend()).toBe(pid);
  });

  it('fails while run (a unique key taken), and the write after it commits', async () => {
    const insert = (key: string) =>
      rowsOf(handle.db, sql`INSERT INTO settings (key, value) VALUES (${key}, ${'1'}::jsonb) RETURNING key`);
    expect(await insert('statement_test')).toEqual([{ key: 'statement_test' }]);
    expect(await failureOf(() => insert('statement_test'))).toMatch(/duplicate key/);
    expect(await insert('statement_test_2')).toEqual([{ key: 'statement_test_2' }]);
  });

  it('fails inside a transaction, which rolls back, and the connection goes on', async () => {
    const key = 'statement_test_tx';
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO settings (key, value) VALUES (${key}, ${'1'}::jsonb)`);
        await tx.execute(sql`SELECT ${INT_MAX + 1}::int`);
      }),
    ).rejects.toThrow();
    expect(await rowsOf(handle.db, sql`SELECT key FROM settings WHERE key = ${key}`)).toEqual([]);
    expect(await rowsOf(handle.db, sql`SELECT ${3}::int AS x`)).toEqual([{ x: 3 }]);
  });
});

describe('a connection that is closed and opened again', () => {
  it('starts from a fresh session: no statement prepared, no transaction left open', async () => {
    const statement = sql`SELECT ${1}::int AS x`;
    await rowsOf(handle.db, statement);
    // A connection closed in the middle of a transaction, as a lost client would leave it.
    const pool = Reflect.get(handle.db, '$client') as import('pg').Pool;
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query(`INSERT INTO settings (key, value) VALUES ('statement_test_lost', '1'::jsonb)`);
    client.release(new Error('connection lost'));

    // The next connection prepares the same statement again; the lost one's write is gone (inside
    // a transaction still open on the session, it would see its own row).
    expect(await rowsOf(handle.db, statement)).toEqual([{ x: 1 }]);
    expect(
      await rowsOf(handle.db, sql`SELECT key FROM settings WHERE key = ${'statement_test_lost'}`),
    ).toEqual([]);
  });
});

describe('a connection lost while a caller holds it', () => {
  it('fails that caller only: the process goes on and the next statement gets a new connection', async () => {
    const pool = Reflect.get(handle.db, '$client') as import('pg').Pool;
    const client = await pool.connect();
    await client.query('SELECT 1');
    // As a network failure would: the socket (or PGlite's stream) breaks under the client.
    const connection: unknown = Reflect.get(client, 'connection');
    const stream = Reflect.get(Object(connection), 'stream') as import('node:stream').Duplex;
    stream.destroy(new Error('network lost'));
    await expect(client.query('SELECT 2')).rejects.toThrow();
    client.release(new Error('network lost'));
    expect(await rowsOf(handle.db, sql`SELECT ${3}::int AS x`)).toEqual([{ x: 3 }]);
  });
});

describe('a compiled statement', () => {
  const preparedLike = (start: string) =>
    rowsOf<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${`${start}%`}`,
    );

  it('is prepared once on the connection and bound at every call after', async () => {
    const doubled = compiledQuery(
      z.object({ doubled: z.number() }),
      (n: number) => ({ variant: 'doubled', values: { n } }),
      (_variant, v) => sql`SELECT 2 * ${v.n}::int AS doubled /* statements.test */`,
    );
    expect(await doubled(handle.db, 4)).toEqual([{ doubled: 8 }]);
    expect(await doubled(handle.db, 5)).toEqual([{ doubled: 10 }]);
    expect(await preparedLike('SELECT 2 * $1::int AS doubled /* statements.test */')).toEqual([{ n: 1 }]);
  });

  it('is refused when it would run unprepared: a semicolon, even in a comment, reads as two statements', async () => {
    const commented = compiledQuery(
      z.object({ x: z.number() }),
      (n: number) => ({ variant: 'commented', values: { n } }),
      (_variant, v) => sql`SELECT ${v.n}::int AS x -- one; two`,
    );
    await expect(commented(handle.db, 1)).rejects.toThrow(
      'the compiled statement "commented" would run unprepared',
    );
    expect(await preparedLike('SELECT $1::int AS x -- one; two')).toEqual([{ n: 0 }]);
  });
});
