import { isApiError } from './api.ts';

export const GENERIC_ERROR_MESSAGE = 'Something bad happened; please try again later.';

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
