import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** zod's own serializer: the reply checked (a mismatch is a ResponseSerializationError), then JSON.stringify. */
const zodSerializerCompiler = createSerializerCompiler({});

/**
 * Replies written by fast-json-stringify from each route's zod schema (z.toJSONSchema), instead of
 * zod's encode and JSON.stringify: a four-line cart costs 1.2 µs this way against 11.7 µs, and on
 * Add to Cart under load zod's serializer was 8% of the server's samples (bench/README.md). Only the
 * schema's properties are written, as zod's strip writes them. A schema JSON Schema cannot express
 * (a date, a transform) keeps zod's serializer.
 *
 * With `checkReplies` (tests and development), every reply is first checked by zod's serializer, so
 * a reply that does not match its schema fails as it always did, and the fast text must equal zod's:
 * the whole test suite proves the two write the same bytes. The production server skips the check.
 */
export function replySerializerCompiler({
  checkReplies,
}: {
  checkReplies: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    // Built on a route's first reply: most of the shop's routes are not called soon after a start,
    // and building them all at start took 0.1 s more and 13-14 MB more resident memory.
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= serializerOf(route, checkReplies);
      return serialize(data);
    };
  };
}

function serializerOf(route: FastifyRouteSchemaDef<z.ZodType>, checkReplies: boolean) {
  const zodSerialize = zodSerializerCompiler(route) as (data: unknown) => string;
  const fast = fastSerializer(route.schema as unknown as z.ZodType);
  if (!fast) return zodSerialize;
  if (!checkReplies) return fast;
  return (data: unknown) => {
    const checked = zodSerialize(data);
    const written = fast(data);
    if (written !== checked) {
      throw new Error(
        `${route.method} ${route.url}: fast-json-stringify wrote ${written.slice(0, 300)} where zod wrote ${checked.slice(0, 300)}`,
      );
    }
    return written;
  };
}

/** The fast serializer of a schema, or null when JSON Schema or fast-json-stringify cannot take it. */
function fastSerializer(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    const stringify = fastJson(withoutClosedObjects(json) as Parameters<typeof fastJson>[0]);
    return (data) => stringify(data);
  } catch {
    return null;
  }
}

/**
 * The JSON Schema without `additionalProperties: false`: fast-json-stringify writes only the
 * properties a schema lists anyway, but it picks a union's branch by validating it, and a closed
 * object would refuse a value with one property more, where zod strips it.
 */
function withoutClosedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutClosedObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}
