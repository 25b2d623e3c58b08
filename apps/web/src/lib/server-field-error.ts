import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the API's refusal of a field beside that field: the first of `fields` the refusal
 * names, with its message code as the error's `type`, so it is translated by it. Says
 * whether it did; any other error is the caller's to show.
 */
export function showServerFieldError<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  fields: readonly Path<Values>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) {
      setError(field, { type: message.code ?? 'server', message: message.text });
      return true;
    }
  }
  return false;
}
