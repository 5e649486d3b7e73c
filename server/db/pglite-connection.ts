import { EventEmitter } from 'node:events';
import { type PGlite, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
const YIELD_EVERY_MS = 1;

type ParseOptions = Parameters<typeof serialize.parse>[0];
type BindOptions = Parameters<typeof serialize.bind>[0];
type ExecuteOptions = Parameters<typeof serialize.execute>[0];
type PortalOptions = Parameters<typeof serialize.describe>[0];

/**
 * The connection node-postgres' Client talks through, to an embedded PGlite instead of a socket.
 * It does what PGlite's own adapter (`@electric-sql/pglite/node-postgres`) does, with one
 * difference that matters on every query: the messages node-postgres writes for one query (Parse,
 * Bind, Describe, Execute) wait for its Sync or Flush and go into PGlite in one call, as a socket
 * would carry them, rather than one call each (a third of the CPU of a small query went there).
 */
export class PgliteConnection extends EventEmitter {
  // Read and written by node-postgres' Client and Query.
  _connecting = false;
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  readonly stream = { destroy: () => this.end() };

  readonly #pglite: PGlite;
  #pending: Uint8Array[] = [];
  /** Batches run one after another, in the order node-postgres wrote them. */
  #queue: Promise<unknown>;
  #emitRawMessages = false;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#queue = pglite.waitReady;
    this.on('newListener', (event) => {
      if (event === 'message') this.#emitRawMessages = true;
    });
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#pglite.waitReady;
    // There is no start-up exchange: the embedded database is ready for queries at once.
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // A socket's start-up, TLS, authentication and cancellation have no meaning here.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.#send(serialize.query(text));
  }

  parse(query: ParseOptions): void {
    // node-postgres passes the query's type parsers as `types`; the wire wants parameter type
    // ids, and node-postgres' own serializer sends none: neither do we.
    const types = Array.isArray(query.types) ? query.types : undefined;
    this.#pending.push(serialize.parse({ ...query, types }));
  }

  bind(config: BindOptions): void {
    this.#pending.push(serialize.bind(config));
  }

  execute(config: ExecuteOptions): void {
    this.#pending.push(serialize.execute(config));
  }

  describe(message: PortalOptions): void {
    this.#pending.push(serialize.describe(message));
  }

  close(message: PortalOptions): void {
    this.#pending.push(serialize.close(message));
  }

  flush(): void {
    this.#send(serialize.flush());
  }

  sync(): void {
    this.#send(serialize.sync());
  }

  sendCopyFromChunk(chunk: ArrayBuffer): void {
    this.#send(serialize.copyData(chunk));
  }

  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }

  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }

  end(): void {
    this.#queue = this.#queue.then(() => this.emit('end'));
    for (const event of this.eventNames()) if (event !== 'newListener') this.removeAllListeners(event);
    this.#emitRawMessages = false;
  }

  #sliceStarted = performance.now();

  /**
   * Lets the event loop run every few milliseconds. Each query ends in promise callbacks that start
   * the next one, so under load the queue would run without ever giving Node a turn to read or
   * accept connections, and a new connection waited a whole queue's time per loop turn.
   */
  async #yieldNowAndThen(): Promise<void> {
    if (performance.now() - this.#sliceStarted < YIELD_EVERY_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.#sliceStarted = performance.now();
  }

  #send(last: Uint8Array): void {
    this.#pending.push(last);
    const batch = concat(this.#pending);
    this.#pending = [];
    this.#queue = this.#queue
      .then(() => this.#yieldNowAndThen())
      .then(() => this.#pglite.execProtocolStream(batch, { throwOnError: false }))
      .then((messages) => {
        for (const message of messages) {
          if (this.#emitRawMessages) this.emit('message', message);
          this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
        }
      })
      .catch((error: unknown) => this.emit('error', error));
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
