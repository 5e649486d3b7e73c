/**
 * The yardstick for writes: a bare node:http server that commits the simplest write there is (one
 * indexed UPDATE of one row) on every request, through the shop's own driver and pool
 * (openDatabase, the same pool size as the server's), against the same kind of database. Its
 * requests per second at the bench's concurrency are this machine's write limit for one statement;
 * Add to Cart and checkout are judged as shares of it, as the catalogue is judged against the bare
 * server (bench/README.md).
 *
 * Usage: DATABASE_URL=postgres://... | DATA_DIR=<dir> node bench/write-reference-server.ts <port>
 * A request for /<n> updates row n modulo WRITE_REFERENCE_ROWS, so concurrent requests update
 * different rows, as different shoppers' carts do.
 */
import { createServer } from 'node:http';
import { sql } from 'drizzle-orm';
import { parseConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';

export const WRITE_REFERENCE_ROWS = 1_000;
const BODY = Buffer.from('{"ok":true}');

async function serve(port: number): Promise<void> {
  const config = parseConfig(process.env);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const { db } = database;
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_write_reference (
    id integer PRIMARY KEY,
    hits bigint NOT NULL DEFAULT 0
  )`);
  await db.execute(sql`INSERT INTO bench_write_reference (id)
    SELECT generate_series(1, ${WRITE_REFERENCE_ROWS}) ON CONFLICT DO NOTHING`);

  const server = createServer((request, response) => {
    const n = Number.parseInt((request.url ?? '/').slice(1), 10);
    const id = ((Number.isFinite(n) ? Math.abs(n) : 0) % WRITE_REFERENCE_ROWS) + 1;
    request.resume();
    db.execute(sql`UPDATE bench_write_reference SET hits = hits + 1 WHERE id = ${id}`).then(
      () => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': BODY.length });
        response.end(BODY);
      },
      (error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });
  server.listen(port, '127.0.0.1', () => console.log('listening'));
  process.once('SIGTERM', () =>
    server.close(() => {
      database.close().then(() => process.exit(0));
    }),
  );
}

if (process.argv[1]?.endsWith('write-reference-server.ts')) {
  serve(Number(process.argv[2] ?? 3998)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
