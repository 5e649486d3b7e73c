/**
 * The production server: reads the configuration, then opens the database and loads the rest of the
 * server (server/shop.ts) at the same time, and runs the shop. The embedded PGlite starts in a
 * worker thread of its own (about a second: compiling PostgreSQL's WebAssembly, starting it) while
 * this thread loads the server's modules (about as long): on two cores, the shop answers sooner.
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const [database, { runShop }] = await Promise.all([
    openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pgdata'),
      poolSize: config.databasePoolSize,
    }),
    import('./shop.ts'),
  ]);
  await runShop(config, database);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
