import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { type ErrorBody, INVALID_FORM_MESSAGE } from '../../domain/errors.ts';
import { POS_MESSAGES } from '../../domain/pos/messages.ts';
import { isPaymentError, type PaymentError } from '../providers/payments/gateway.ts';
import { type CarrierErrorCode, isCarrierError } from '../providers/shipping/carrier.ts';

/** A carrier's refusals, as HTTP (server/providers/shipping/carrier.ts says when each happens). */
const CARRIER_ERROR_STATUS: Record<CarrierErrorCode, number> = {
  shipment_not_found: 404,
  no_service: 409,
  not_shippable: 400,
  shipment_cancelled: 409,
};

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

export const readerNotPresent = () => new AppError('reader_not_present', POS_MESSAGES.readerNotPresent, 404);
export const readerOffline = () => new AppError('reader_offline', POS_MESSAGES.readerOffline, 409);
export const readerBusy = () => new AppError('terminal_reader_busy', POS_MESSAGES.readerBusy, 409);

/**
 * The one map from a payment provider's refusal to the HTTP answer, for every route (the payment
 * step, the card forms, the POS): the code is Stripe's code (or its type) and the message Stripe's,
 * so the web can show the spec's '{type}: {message}'; the reader's refusals get the spec's own
 * texts. A service lets a PaymentError through to the error handler unless it decides something on
 * it (a 404 that means "not yours", a decline that is an answer rather than an error).
 */
export function fromPaymentError(error: PaymentError): AppError {
  if (error.code === 'terminal_reader_offline') return readerOffline();
  if (error.code === 'terminal_reader_busy') return readerBusy();
  if (error.code === 'resource_missing' && error.message.includes('terminal.reader'))
    return readerNotPresent();
  const status = error.type === 'idempotency_error' ? 409 : error.statusCode;
  // A provider outage is not the caller's fault, and its details stay in the logs.
  if (status >= 500)
    return new AppError('payment_provider_unavailable', POS_MESSAGES.paymentCreationError, 502);
  return new AppError(error.code ?? error.type, error.message, status);
}

/**
 * A catch handler for a payment provider's call on an id the shop was given: the provider's 404 (no
 * such object on the account) is the shop's "`what` was not found"; any other failure goes on.
 */
export function missingAsNotFound(what: string): (error: unknown) => never {
  return (error) => {
    if (isPaymentError(error) && error.statusCode === 404) throw notFound(what);
    throw error;
  };
}

/** The spec's text for an unexpected failure (storefront §8): nothing internal leaks. */
const INTERNAL_MESSAGE = 'Something bad happened; please try again later.';

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** What a body that is not there (no body, an empty one, JSON null) is told, wherever one is needed. */
const BODY_REQUIRED_MESSAGE = 'The request needs a JSON body.';

/**
 * A schema failure of the body as a whole (no field to name): a missing body is said so, a body of
 * the wrong kind gets the schema's own message, or, where the schema has none (zod's default
 * "Invalid input: ..."), says what kind of JSON value is expected.
 */
function bodyMessage(body: unknown, issue: { keyword: string; message?: string; params?: unknown }): string {
  if (body === undefined || body === null) return BODY_REQUIRED_MESSAGE;
  const message = issue.message ?? INVALID_FORM_MESSAGE;
  if (issue.keyword !== 'invalid_type' || !message.startsWith('Invalid input')) return message;
  const expected = issue.params && Reflect.get(Object(issue.params), 'expected');
  return expected === 'array'
    ? 'The request body must be a JSON list.'
    : 'The request body must be a JSON object.';
}

/** The field a refusal of a whole part of the request names (Fastify's validationContext). */
const WHOLE_PART: Readonly<Record<string, string>> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** 400 with one message per field; the message is the field's when there is one field. */
function invalidInput(issues: ReadonlyArray<{ path: string; message: string }>): ErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path || 'body'] ??= issue.message;
  const messages = Object.values(fields);
  const message = messages.length === 1 ? (messages[0] ?? INVALID_FORM_MESSAGE) : INVALID_FORM_MESSAGE;
  return body('invalid_input', message, fields);
}

/**
 * The framework's own refusals, in the shop's words: the code a caller can test and a message a
 * person can read (Fastify's codes and texts name its internals).
 */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_body',
    message: 'The request body does not match its Content-Length.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'body_too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This call takes a JSON body (Content-Type: application/json).',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This call takes a JSON body (Content-Type: application/json).',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'invalid_url', message: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    code: 'invalid_input',
    message: 'A value in the address is too long.',
  },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'bad_request', message: 'The request cannot be routed.' },
};

/** A code for a 4xx the framework or a plugin answered without one of ours. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'body_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Fastify's default JSON parser, except that an empty body is no body (as without a Content-Type). */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** Errors the router raises before a route is found (frameworkErrors in Fastify's options). */
export function answerRoutingError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  reply
    .status(known?.status ?? 400)
    .send(body(known?.code ?? 'bad_request', known?.message ?? 'The request cannot be routed.'));
}

export interface ErrorHandlingOptions {
  /** The server serves the web app: a page's address typed without its hash opens the page. */
  servesWebApp?: boolean;
}

/**
 * A browser opening an address that is not the API's and has no file (`/login`, `/showroom?x=1`, an
 * old link): the app's routes are hash routes (the storefront spec), so the same address after `/#`
 * is the page, or the app's own Page Not Found. Only printable ASCII, which the address after the
 * hash keeps as it is.
 */
function hashRouteOf(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (!request.headers.accept?.includes('text/html')) return null;
  const { url } = request;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return null;
  return /^\/[\x21-\x7e]*$/.test(url) ? `/#${url}` : null;
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  acceptEmptyJsonBodies(app);
  // Only JSON and (on the upload route) multipart are read: plain text gets 415, not a body of text.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const wholeBody = path === '' && error.validationContext === 'body';
        const message = wholeBody
          ? bodyMessage(request.body, issue)
          : (issue.message ?? INVALID_FORM_MESSAGE);
        // A refusal of the whole query or path (an unknown key) names it, not the body.
        return { path: path || (WHOLE_PART[error.validationContext ?? ''] ?? 'body'), message };
      });
      return reply.status(400).send(invalidInput(issues));
    }
    // A service that parses its own input (a shape the route could not declare) fails the same way.
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return reply.status(400).send(invalidInput(issues));
    }
    if (isPaymentError(error)) {
      const refusal = fromPaymentError(error);
      if (refusal.statusCode >= 500) request.log.error({ err: error }, 'payment provider failed');
      return reply.status(refusal.statusCode).send(body(refusal.code, refusal.message));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (isCarrierError(error)) {
      return reply.status(CARRIER_ERROR_STATUS[error.code]).send(body(error.code, error.message));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(body(known.code, known.message));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send(body(CODE_BY_STATUS[status] ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal', INTERNAL_MESSAGE));
  });

  app.setNotFoundHandler((request, reply) => {
    const page = options.servesWebApp ? hashRouteOf(request) : null;
    if (page) return reply.redirect(page, 302);
    return reply
      .status(404)
      .send(body('not_found', `There is no ${request.method} ${request.url.split('?')[0]}.`));
  });
}
