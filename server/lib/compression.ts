/**
 * How API answers are compressed for the browser: @fastify/compress does it on every request for
 * the answers made per request, and the catalogue's cached replies keep each encoding once made
 * (cached-reply.ts), with the same threshold, encodings and settings.
 */

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
export const API_COMPRESSION_THRESHOLD = 1024;

/** The encodings offered, the browser's preference first where it has one, else in this order. */
export const API_ENCODINGS: ApiEncoding[] = ['br', 'gzip'];
export type ApiEncoding = 'br' | 'gzip';

/** Brotli at quality 4, @fastify/compress's own default: the web's files, compressed once, take 11. */
export const API_BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding an Accept-Encoding header takes of API_ENCODINGS, as @fastify/compress negotiates
 * it ('*' and x-gzip read as gzip); undefined when it takes neither.
 */
export function acceptedEncoding(header: string | undefined): ApiEncoding | undefined {
  if (!header) return undefined;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), API_ENCODINGS) ?? undefined;
}

export function compressed(body: Buffer, encoding: ApiEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, API_BROTLI_OPTIONS) : gzipSync(body);
}
