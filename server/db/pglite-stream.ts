import { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';

/** How long queries may run back to back before the event loop gets a turn. */
const YIELD_EVERY_MS = 1;

/**
 * The socket node-postgres talks through, with an embedded PGlite at the other end: what the
 * client writes (the wire protocol, a query's messages corked together) goes into PGlite in one
 * call, and PGlite's answer comes back as the bytes a server would send. node-postgres does the
 * rest exactly as over TCP (its own parser, prepared statements, notifications), so the shop runs
 * the same driver on PGlite as on PostgreSQL.
 */
export class PgliteStream extends Duplex {
  /** node-postgres connects a stream only when it is not open yet. */
  readyState: 'closed' | 'open' = 'closed';

  readonly #pglite: PGlite;
  /** One exchange at a time, in the order node-postgres wrote them. */
  #queue: Promise<void> = Promise.resolve();
  #sliceStarted = performance.now();

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
  }

  connect(): this {
    this.#pglite.waitReady.then(
      () => {
        this.readyState = 'open';
        this.emit('connect');
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return this;
  }

  // A socket's options mean nothing in process.
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#exchange(chunk, callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.#exchange(Buffer.concat(chunks.map(({ chunk }) => chunk)), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    callback();
    // The client said Terminate: the "connection" closes (PGlite itself stays open).
    this.destroy();
  }

  #exchange(message: Buffer, callback: (error?: Error | null) => void): void {
    this.#queue = this.#queue
      .then(async () => {
        await this.#yieldNowAndThen();
        // PGlite's own calls (its LISTEN, a dump) take the same lock: never between two of ours.
        const reply = await this.#pglite.runExclusive(() => this.#pglite.execProtocolRaw(message));
        if (reply.length > 0) this.push(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength));
      })
      .then(
        () => callback(),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
  }

  /**
   * Lets the event loop run every millisecond. Each query's answer starts the next one in promise
   * callbacks, so under load Node would never get a turn to read sockets or accept connections
   * while the queue runs (it accepts one connection per turn), and a new connection would wait
   * for the whole queue.
   */
  async #yieldNowAndThen(): Promise<void> {
    if (performance.now() - this.#sliceStarted < YIELD_EVERY_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.#sliceStarted = performance.now();
  }
}
