import type { FastifyReply } from 'fastify';
import type { CacheableReply, CatalogCache } from './catalog-cache.ts';

/** A reply serialised once; total is the X-Total-Count of a search. */
interface JsonReply {
  body: string;
  total?: number;
}

/**
 * The route edge of the catalogue's replies: each is serialised once and kept in the catalogue
 * cache under its key, then sent as a ready string (Fastify passes a string with a JSON content
 * type through untouched, so the route's zod schema documents the shape without re-encoding it on
 * every request: a cached catalogue answer costs a map lookup).
 */
export function createReplySender(cache: CatalogCache) {
  return async function sendCached<T>(
    reply: FastifyReply,
    cacheable: CacheableReply<T>,
  ): Promise<FastifyReply> {
    const json = await cache.getOrLoad<JsonReply>(cacheable.key, async () => {
      const { data, tags, total, maxAgeMs } = await cacheable.load();
      const value: JsonReply =
        total === undefined ? { body: JSON.stringify(data) } : { body: JSON.stringify(data), total };
      return maxAgeMs === undefined ? { value, tags } : { value, tags, maxAgeMs };
    });
    if (json.total !== undefined) reply.header('x-total-count', String(json.total));
    return reply.header('content-type', 'application/json; charset=utf-8').send(json.body);
  };
}

export type ReplySender = ReturnType<typeof createReplySender>;
