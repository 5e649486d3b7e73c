import type { FastifyReply } from 'fastify';
import {
  API_COMPRESSION_THRESHOLD,
  type ApiEncoding,
  acceptedEncoding,
  compressed,
} from '../../lib/compression.ts';
import type { CacheableReply, CatalogCache } from './catalog-cache.ts';

/** A reply serialised once; total is the X-Total-Count of a search. */
interface JsonReply {
  body: Buffer;
  total?: number;
  /** The body compressed, each encoding the first time a browser takes it. */
  encoded: Partial<Record<ApiEncoding, Buffer>>;
}

/**
 * The bytes in memory of their own, to be kept: a small Buffer is often a slice of a shared block
 * (Buffer.from's 8 KB pool, zlib's 16 KB output chunk), and a cached slice keeps its block alive
 * whole (a 500-byte brotli copy held 16 KB).
 */
function keptCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
}

/**
 * What a reply takes of the cache's size budget: its bytes, twice over when it is compressed for
 * browsers (its brotli and gzip copies, made later, are each a fraction of a JSON body).
 */
function budgetOf(body: Buffer): number {
  return body.length < API_COMPRESSION_THRESHOLD ? body.length : 2 * body.length;
}

/**
 * The route edge of the catalogue's replies: each is serialised once and kept in the catalogue
 * cache under its key, then sent as ready bytes (Fastify passes them through untouched, so the
 * route's zod schema documents the shape without re-encoding it on every request: a cached
 * catalogue answer costs a map lookup). A browser's copy is compressed once too: compressed on
 * every request, as @fastify/compress does for the other answers, a category's phase (28 KB) was
 * served five times slower to a browser than to a client that takes no compression.
 */
export function createReplySender(cache: CatalogCache) {
  return async function sendCached<T>(
    reply: FastifyReply,
    cacheable: CacheableReply<T>,
  ): Promise<FastifyReply> {
    const json = await cache.getOrLoad<JsonReply>(cacheable.key, async () => {
      const { data, tags, total, maxAgeMs } = await cacheable.load();
      const value: JsonReply = { body: keptCopy(Buffer.from(JSON.stringify(data))), encoded: {} };
      if (total !== undefined) value.total = total;
      const chars = budgetOf(value.body);
      return maxAgeMs === undefined ? { value, tags, chars } : { value, tags, chars, maxAgeMs };
    });
    if (json.total !== undefined) reply.header('x-total-count', String(json.total));
    reply.header('content-type', 'application/json; charset=utf-8');
    if (json.body.length < API_COMPRESSION_THRESHOLD) return reply.send(json.body);
    reply.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
    if (!encoding) return reply.send(json.body);
    json.encoded[encoding] ??= keptCopy(compressed(json.body, encoding));
    // A content-encoding already set tells @fastify/compress to leave the bytes as they are.
    return reply.header('content-encoding', encoding).send(json.encoded[encoding]);
  };
}

export type ReplySender = ReturnType<typeof createReplySender>;
