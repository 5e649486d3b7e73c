/**
 * The embedded PGlite, in a worker thread of its own (started by pglite-thread.ts): PostgreSQL's
 * work runs beside the server's JavaScript instead of between its requests. It answers
 * wire-protocol messages with the bytes PostgreSQL sends back, dumps the data directory, and
 * closes the database. Requests and answers are typed in pglite-thread.ts.
 *
 * Plain JavaScript: Node 20 cannot give a worker thread tsx's TypeScript loader.
 */
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

// V8 compiles PostgreSQL's WebAssembly with its baseline compiler (Liftoff), then recompiles with
// its optimizing one (TurboFan) each function that has run past a budget. With V8's budget the
// start alone (migrations, reference data, the demo data's check) sends hundreds of functions to
// TurboFan: about 45 MB more resident memory for good, and CPU on the other core while the shop
// starts. With this budget only the functions that stay hot under real traffic are optimized, and
// uncached searches run as fast as with V8's budget (bench/README.md, "A lean server that starts
// fast"). The flag is the process's; it is read when the module is compiled, below.
v8.setFlagsFromString('--wasm-tiering-budget=1000000000');

// Search needs both (migration 0013 creates them).
const extensions = { pg_trgm, unaccent };
// Settings passed at start (-c), after PGlite's defaults, so a data directory keeps its own
// postgresql.conf (measured in bench/README.md, "A lean server that starts fast"):
// - PGlite's postgresql.conf asks for 128 MB of shared buffers, all of it resident from the start
//   (it lives in the WebAssembly memory, zeroed at start): 16 MB holds the shop's hot pages, and a
//   page past it comes back from the operating system's file cache (uncached searches in a
//   10,000-product catalogue took as long as with 128 MB);
// - PGlite runs one backend, without replication or autovacuum workers: shared memory sized for
//   100 connections, 10 WAL senders and 16 autovacuum workers is about 4 MB never used.
const startParams = [
  ...PGlite.defaultStartParams,
  ...['shared_buffers=16MB', 'max_connections=5', 'max_wal_senders=0', 'autovacuum_worker_slots=1'].flatMap(
    (setting) => ['-c', setting],
  ),
];
const pglite = workerData.snapshot
  ? new PGlite({ loadDataDir: new Blob([workerData.snapshot]), extensions, startParams })
  : new PGlite({ dataDir: workerData.dataDir, extensions, startParams });

function concat(chunks) {
  const joined = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

function reply(response, transfer = []) {
  port.postMessage(response, transfer);
}

async function handle(request) {
  try {
    if (request.kind === 'exchange') {
      // The raw stream neither parses the answer nor keeps it (execProtocolRaw does both, and
      // its parsed messages pile up: a leak of about 450 bytes a query).
      const chunks = [];
      await pglite.execProtocolRawStream(request.bytes, { onRawData: (data) => chunks.push(data.slice()) });
      const bytes = chunks.length === 1 ? chunks[0] : concat(chunks);
      reply({ id: request.id, bytes }, [bytes.buffer]);
    } else if (request.kind === 'reset') {
      // A new connection gets the session as a new PostgreSQL connection would: PGlite has one
      // session, which outlives the connection that used it, with its open transaction, prepared
      // statements, settings and locks. DISCARD ALL is what connection poolers run between
      // clients; it cannot run inside a transaction, so whatever was left open is rolled back first.
      await pglite.exec('ROLLBACK');
      await pglite.exec('DISCARD ALL');
      reply({ id: request.id, bytes: new Uint8Array(0) });
    } else if (request.kind === 'dump') {
      const file = await pglite.dumpDataDir('none');
      const bytes = new Uint8Array(await file.arrayBuffer());
      reply({ id: request.id, bytes }, [bytes.buffer]);
    } else {
      await pglite.close();
      reply({ id: request.id, bytes: new Uint8Array(0) });
      port.close();
    }
  } catch (error) {
    reply({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
}

// Requests are answered one at a time, in order: the wire protocol is a conversation. Id 0
// answers the start.
let queue = pglite.waitReady;
queue.then(
  () => reply({ id: 0, bytes: new Uint8Array(0) }),
  (error) => reply({ id: 0, error: error instanceof Error ? error.message : String(error) }),
);
port.on('message', (request) => {
  queue = queue.then(() => handle(request));
});
