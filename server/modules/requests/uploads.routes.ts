import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE, uploadReplySchema } from '../../../domain/requests.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { callerKey, rateLimited, UPLOAD_RATE_LIMIT } from './rate-limits.ts';
import { type IncomingFile, UPLOADS_PREFIX, type UploadsService } from './uploads.service.ts';

/**
 * An upload is shown as an image and nothing else: the browser may not guess another type, and
 * were it ever opened as a document, it could run no script, load nothing and submit nothing.
 */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** One file of at most UPLOAD_MAX_BYTES, and hardly anything else. */
const UPLOAD_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
  headerPairs: 50,
};

const tooLarge = () => new AppError('file_too_large', UPLOAD_TOO_LARGE_MESSAGE, 413);
const onePerUpload = () => new AppError('too_many_parts', 'Please send one file per upload.', 413);

/** The one file of a multipart body, read into memory (at most UPLOAD_MAX_BYTES). */
export async function readOneFile(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Please send the file as multipart/form-data.', 415);
  }
  let file: IncomingFile | undefined;
  try {
    // Every part is read, so that a second file is refused rather than silently dropped.
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type !== 'file') continue;
      if (file) throw onePerUpload();
      const bytes = await part.toBuffer();
      // toBuffer throws when the file was cut short, unless an app-wide registration said otherwise.
      if (part.file.truncated) throw tooLarge();
      file = { bytes, filename: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw onePerUpload();
    }
    if (error instanceof AppError) throw error;
    // Anything else here is the body itself: no boundary, a part cut off, a malformed header.
    throw new AppError('invalid_multipart', 'The upload is not a well-formed multipart/form-data body.', 400);
  }
  if (!file) throw badRequest('Please choose a file to upload.');
  return file;
}

/** POST api/upload (spec storefront §7: multipart, one file, answers { url }) and GET /uploads/. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // Another area may have registered multipart for the whole app; the limits go with each call anyway.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/api/upload',
    {
      schema: {
        consumes: ['multipart/form-data'],
        response: { 200: uploadReplySchema },
      },
      config: {
        access: 'public',
        rateLimit: {
          ...UPLOAD_RATE_LIMIT,
          keyGenerator: callerKey,
          errorResponseBuilder: rateLimited('Too many uploads. Please wait a few minutes and try again.'),
        },
      },
    },
    async (request) => uploads.save(request.user, await readOneFile(request), request.ip),
  );

  app.get(
    `${UPLOADS_PREFIX}:name`,
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ name: z.string().max(64) }) } },
    async (request, reply) => {
      const found = await uploads.open(request.params.name);
      if (!found) throw new AppError('not_found', 'This file was not found.', 404);
      return reply
        .type(found.contentType)
        .header('content-length', found.file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', UPLOAD_CSP)
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.file.stream());
    },
  );
};
