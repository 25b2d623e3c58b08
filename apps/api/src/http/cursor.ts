import { cursorMessages } from '@basha/domain';
import { AppError } from './app-error.ts';

/** Opaque keyset cursors: the sort key of the last row seen, base64url-encoded JSON. */
export function encodeCursor(values: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor<T extends (string | number | null)[]>(
  cursor: string,
  isValid: (values: unknown[]) => values is T,
): T {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && isValid(values)) return values;
  } catch {}
  throw AppError.validation([{ path: 'cursor', message: cursorMessages.invalid }]);
}
