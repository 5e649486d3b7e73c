import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorBody, INVALID_FORM_MESSAGE } from '../../domain/errors.ts';

/** A failure the caller can act on, mapped to HTTP in one place. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`, 404);
export const unauthorized = () => new AppError('unauthorized', 'Please log in to continue.', 401);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError('forbidden', message, 403);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('invalid_input', message, 400, fields);

/** The spec's text for an unexpected failure (storefront §8): nothing internal leaks. */
const INTERNAL_MESSAGE = 'Something bad happened; please try again later.';

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? INVALID_FORM_MESSAGE;
      }
      const single = Object.values(fields);
      const message = single.length === 1 ? (single[0] ?? INVALID_FORM_MESSAGE) : INVALID_FORM_MESSAGE;
      return reply.status(400).send(body('invalid_input', message, fields));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const code = status === 429 ? 'rate_limited' : (error.code ?? 'bad_request').toLowerCase();
      return reply.status(status).send(body(code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal', INTERNAL_MESSAGE));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(body('not_found', `There is no ${request.method} ${request.url.split('?')[0]}.`)),
  );
}
