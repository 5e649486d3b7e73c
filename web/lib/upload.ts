import { ApiError } from './api.ts';
import { getLoggedClient } from './auth-store.ts';
import { sendLog } from './logger.ts';

/**
 * Sends one file as multipart (field `file`) with XMLHttpRequest, which, unlike fetch, reports
 * upload progress. Adds the same headers as lib/api.ts; a non-2xx answer rejects with an ApiError
 * carrying the server's message, a cancel (the signal) with an AbortError.
 * The upload endpoint is open to visitors, so a 401 never happens here and is not handled.
 */

export interface UploadOptions {
  /** Called with 0 to 100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

const NETWORK_MESSAGE = 'Cannot reach the server. Please check your connection and try again.';

function authHeaders(): Record<string, string> {
  const client = getLoggedClient();
  if (!client?.token) return {};
  return { Authorization: `Bearer ${client.token}`, User_id: String(client.client_id) };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  const body = parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown } } | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : `http_${xhr.status}`;
  const message =
    typeof body?.error?.message === 'string' && body.error.message
      ? body.error.message
      : xhr.statusText || `Upload failed with status ${xhr.status}`;
  return new ApiError(xhr.status, code, message);
}

function logFailure(path: string, error: ApiError): void {
  sendLog(
    error.status >= 400 && error.status < 500 ? 'warn' : 'error',
    `POST ${path} failed: ${error.status} ${error.code}: ${error.message}`,
  );
}

export function uploadFile<T = unknown>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(parse(xhr.responseText) as T);
        return;
      }
      const error = errorOf(xhr);
      logFailure(path, error);
      reject(error);
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', abort);
      const error = new ApiError(0, 'network_error', NETWORK_MESSAGE);
      logFailure(path, error);
      reject(error);
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));

    function abort() {
      xhr.abort();
    }
    signal?.addEventListener('abort', abort, { once: true });

    const form = new FormData();
    form.append('file', file, file.name);
    onProgress?.(0);
    xhr.send(form);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
