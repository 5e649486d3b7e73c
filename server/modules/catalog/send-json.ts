import type { FastifyReply } from 'fastify';
import type { JsonReply } from './catalog.service.ts';

/**
 * Sends a reply the catalogue serialized (and cached) already: Fastify passes a string with a JSON
 * content type through untouched, so the route's zod schema documents the shape without
 * re-encoding it on every request.
 */
export function sendJson(reply: FastifyReply, json: JsonReply): FastifyReply {
  if (json.total !== undefined) reply.header('x-total-count', String(json.total));
  return reply.header('content-type', 'application/json; charset=utf-8').send(json.body);
}
