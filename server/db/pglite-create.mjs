/**
 * Creates PGlite's database in an empty data directory, then ends: node server/db/pglite-create.mjs
 * <dir>. pglite-thread.ts runs it as a process of its own before the server opens a directory for the
 * first time. PGlite creates a database with a second PostgreSQL and initdb's WebAssembly beside the
 * first, about 600 MB; a process that ends gives all of it back, where the server's would keep it for
 * as long as it runs (bench/README.md, "The first start's memory").
 *
 * Plain JavaScript, like pglite-worker.mjs: it runs on plain node, under tsx or not.
 */
import { PGlite } from '@electric-sql/pglite';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: node pglite-create.mjs <data directory>');
const pglite = new PGlite({ dataDir });
await pglite.waitReady;
await pglite.close();
