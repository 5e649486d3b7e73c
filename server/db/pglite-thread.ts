import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What the worker opens: a data directory, a dump of one (a test's snapshot), or neither (memory). */
export interface PgliteWorkerData {
  dataDir?: string | undefined;
  snapshot?: Uint8Array<ArrayBuffer> | undefined;
}

export type PgliteRequest =
  | { id: number; kind: 'exchange'; bytes: Uint8Array }
  | { id: number; kind: 'reset' }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

/** Id 0 answers the start: the database is ready, or why it is not. */
export type PgliteResponse = { id: number; bytes: Uint8Array } | { id: number; error: string };

interface Pending {
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * The embedded PGlite, running in a worker thread (pglite-worker.mjs), as the server sees it: the
 * database's work no longer holds up the event loop between requests, and it uses the second core.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopped: Error | undefined;

  private constructor(data: PgliteWorkerData) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: data,
      // The worker's JavaScript only passes messages (PostgreSQL's memory is WebAssembly's): a
      // young generation of 4 MB instead of V8's 16 MB semi-spaces holds about 8 MB less resident
      // (bench/README.md, "A lean server that starts fast").
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    this.#worker.on('message', (response: PgliteResponse) => {
      const pending = this.#pending.get(response.id);
      this.#pending.delete(response.id);
      if ('error' in response) pending?.reject(new Error(response.error));
      else pending?.resolve(response.bytes);
    });
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) =>
      this.#stop(new Error(`The embedded database stopped (exit code ${code}).`)),
    );
  }

  /**
   * Starts the worker and waits until the database is open. A data directory without a database yet
   * gets one from a process of its own first (pglite-create.mjs says why).
   */
  static async start(data: PgliteWorkerData): Promise<PgliteThread> {
    if (data.dataDir && !existsSync(path.join(data.dataDir, 'PG_VERSION')))
      await createDatabase(data.dataDir);
    const thread = new PgliteThread(data);
    await new Promise<Uint8Array>((resolve, reject) => thread.#pending.set(0, { resolve, reject }));
    return thread;
  }

  /** Wire-protocol messages in, the bytes PostgreSQL answers out. */
  exchange(message: Uint8Array): Promise<Uint8Array> {
    // A copy of its own, so its memory can move to the worker (a Buffer may share a pooled slab).
    const bytes = new Uint8Array(message);
    return this.#request({ id: this.#nextId++, kind: 'exchange', bytes }, [bytes.buffer]);
  }

  /** Gives the next connection a fresh session: nothing open, prepared or set by the last one. */
  async resetSession(): Promise<void> {
    await this.#request({ id: this.#nextId++, kind: 'reset' });
  }

  /** The data directory as an uncompressed tar (PGlite's dumpDataDir). */
  dump(): Promise<Uint8Array> {
    return this.#request({ id: this.#nextId++, kind: 'dump' });
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#request({ id: this.#nextId++, kind: 'close' });
  }

  #request(request: PgliteRequest, transfer: ArrayBuffer[] = []): Promise<Uint8Array> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      this.#worker.postMessage(request, transfer);
    });
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

/** Runs pglite-create.mjs on the folder and waits for it to end; a failure says what it printed. */
function createDatabase(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-create.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let printed = '';
    child.stderr.on('data', (chunk: Buffer) => {
      printed = (printed + chunk.toString()).slice(-2_000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const why = signal ?? `exit code ${code}`;
      reject(new Error(`Creating the embedded database in ${dataDir} failed (${why}):\n${printed.trim()}`));
    });
  });
}
