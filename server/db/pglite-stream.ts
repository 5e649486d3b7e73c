import { Duplex } from 'node:stream';
import type { PgliteThread } from './pglite-thread.ts';

/**
 * The socket node-postgres talks through, with the embedded PGlite (in its worker thread) at the
 * other end: what the client writes (the wire protocol, a query's messages corked together) goes
 * to PGlite in one message, and PGlite's answer comes back as the bytes a server would send.
 * node-postgres does the rest exactly as over TCP (its own parser, prepared statements), so the
 * shop runs the same driver on PGlite as on PostgreSQL.
 */
export class PgliteStream extends Duplex {
  /** node-postgres connects a stream only when it is not open yet. */
  readyState: 'closed' | 'open' = 'closed';

  readonly #database: PgliteThread;
  /** Answers are pushed in the order node-postgres wrote the messages. */
  #queue: Promise<void> = Promise.resolve();

  constructor(database: PgliteThread) {
    super();
    this.#database = database;
  }

  connect(): this {
    // The session the last connection used is reset before this one's start-up message reaches
    // it; if that fails, so does this connection's first message.
    this.#queue = this.#database.resetSession();
    // The database is open before a stream is made: the "socket" is up at once, and node-postgres
    // goes on with its start-up message.
    process.nextTick(() => {
      this.readyState = 'open';
      this.emit('connect');
    });
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
    const reply = this.#database.exchange(message);
    this.#queue = this.#queue
      .then(async () => {
        const bytes = await reply;
        if (bytes.length > 0) this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      })
      .then(
        () => callback(),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
  }
}
