import { clearLoggedClient, getLoggedClient } from './auth-store.ts';
import { sendLog } from './logger.ts';
import { paths } from './paths.ts';

/**
 * The one HTTP client of the web app (DESIGN.md "A request flows one way").
 * - adds `Authorization: Bearer <token>` and `User_id: <client_id>` when a login is stored;
 * - sends and reads JSON (FormData bodies go as multipart);
 * - turns every non-2xx answer into an ApiError carrying the server's `{ error }` body;
 * - on a 401 (except from api/config and api/Logger) forgets the login and opens the login page
 *   with `returnUrl` set to the current hash route (spec storefront §4, §8).
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Something that turns an unknown JSON value into T, such as a domain zod schema. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Checks the reply's shape; without it the reply is trusted to be T. */
  parser?: Parser<T>;
  /**
   * false: a 401 is only thrown, the login is kept and no redirect happens (the login call itself,
   * logout). Default true.
   */
  redirectOn401?: boolean;
}

const LOGGER_PATH = '/api/logger';
const NO_REDIRECT_PATHS = ['/api/config', LOGGER_PATH];
const NETWORK_MESSAGE = 'Cannot reach the server. Please check your connection and try again.';

function pathOnly(path: string): string {
  return (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '').toLowerCase();
}

function redirectsOn401(path: string): boolean {
  return !NO_REDIRECT_PATHS.includes(pathOnly(path));
}

/** The current hash route without its leading '#', e.g. '/cart?x=1'. */
export function currentHashRoute(): string {
  const route = window.location.hash.replace(/^#/, '');
  return route.startsWith('/') ? route : `/${route}`;
}

/** `sessionEnded`: the refused call carried a login, which the server no longer takes. */
function sendToLogin(sessionEnded: boolean): void {
  const route = currentHashRoute();
  if (/^\/login(?:[/?]|$)/i.test(route)) return;
  window.location.hash = paths.login(route, sessionEnded);
}

function authHeaders(): Record<string, string> {
  const client = getLoggedClient();
  if (!client?.token) return {};
  return { Authorization: `Bearer ${client.token}`, User_id: String(client.client_id) };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error: unknown = body.error;
    if (typeof error === 'object' && error !== null) {
      const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
      const fieldMessages: Record<string, string> = {};
      if (typeof fields === 'object' && fields !== null) {
        for (const [name, text] of Object.entries(fields)) {
          if (typeof text === 'string') fieldMessages[name] = text;
        }
      }
      return new ApiError(
        response.status,
        typeof code === 'string' ? code : `http_${response.status}`,
        typeof message === 'string' && message ? message : fallback,
        Object.keys(fieldMessages).length > 0 ? fieldMessages : undefined,
      );
    }
  }
  return new ApiError(response.status, `http_${response.status}`, fallback);
}

function logFailure(method: string, path: string, error: ApiError): void {
  // A 401 is the normal end of a session, not a fault worth a log line; a failed log call is
  // never logged again.
  if (error.status === 401 || pathOnly(path) === LOGGER_PATH) return;
  const level = error.status >= 400 && error.status < 500 ? 'warn' : 'error';
  sendLog(level, `${method} ${path} failed: ${error.status} ${error.code}: ${error.message}`);
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...authHeaders(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal: options.signal ?? null });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(0, 'network_error', NETWORK_MESSAGE);
    logFailure(method, path, error);
    throw error;
  }

  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) {
    const error = toApiError(response, data);
    if (response.status === 401 && options.redirectOn401 !== false && redirectsOn401(path)) {
      clearLoggedClient();
      // A visitor who never logged in is asked to log in, not told a session ended.
      sendToLogin(headers.Authorization !== undefined);
    }
    logFailure(method, path, error);
    throw error;
  }
  return options.parser ? options.parser.parse(data) : (data as T);
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
