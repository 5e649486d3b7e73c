import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api.ts';
import { errorMessage } from './errors.ts';

/**
 * Puts a server's per-field messages (`error.fields`) on the form's fields, and returns the
 * message to show above or below the form, if any: the general message for anything but a 400
 * whose fields were all placed, plus messages of fields the form does not have.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
): string | undefined {
  if (!isApiError(error)) return errorMessage(error);
  const leftovers: string[] = [];
  let placed = 0;
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    const field = formFields.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      leftovers.push(message);
    }
  }
  if (error.status === 400 && placed > 0 && leftovers.length === 0) return undefined;
  return [error.message, ...leftovers].filter(Boolean).join(' ');
}
