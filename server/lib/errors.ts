import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
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

/** 400 with one message per field; the message is the field's when there is one field. */
function invalidInput(issues: ReadonlyArray<{ path: string; message: string }>): ErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path || 'body'] ??= issue.message;
  const messages = Object.values(fields);
  const message = messages.length === 1 ? (messages[0] ?? INVALID_FORM_MESSAGE) : INVALID_FORM_MESSAGE;
  return body('invalid_input', message, fields);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? INVALID_FORM_MESSAGE,
      }));
      return reply.status(400).send(invalidInput(issues));
    }
    // A service that parses its own input (a shape the route could not declare) fails the same way.
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return reply.status(400).send(invalidInput(issues));
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
