import type { ListingSort } from '@basha/domain';
import { cursorMessages } from '@basha/domain';
import { AppError } from '../../http/app-error.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';

/**
 * Where a page of listings stops, in the sort it was read with. `createdAt` is the
 * timestamp as PostgreSQL printed it (microseconds; a JS Date would round them to ms and
 * skip or repeat rows that share a millisecond).
 */
export type ListingCursor =
  | { sort: 'newest'; createdAt: string; id: string }
  | { sort: 'price_asc' | 'price_desc'; priceMin: number; id: string };

/** Sort keys every listing row carries (`createdAtKey`: see listing-reads.ts). */
export type ListingSortKeys = { id: string; createdAtKey: string; priceMin: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UTC_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeListingCursor(sort: ListingSort, row: ListingSortKeys): string {
  return encodeCursor([sort, sort === 'newest' ? row.createdAtKey : Number(row.priceMin), row.id]);
}

type CursorValues = ['newest', string, string] | ['price_asc' | 'price_desc', number, string];

/** Decodes a cursor, refusing one that was made for another sort order. */
export function decodeListingCursor(cursor: string, sort: ListingSort): ListingCursor {
  const values = decodeCursor(cursor, isListingCursor);
  if (values[0] !== sort) {
    throw AppError.validation([{ path: 'cursor', message: cursorMessages.otherSort }]);
  }
  return values[0] === 'newest'
    ? { sort: values[0], createdAt: values[1], id: values[2] }
    : { sort: values[0], priceMin: values[1], id: values[2] };
}

function isListingCursor(values: unknown[]): values is CursorValues {
  const [sort, key, id] = values;
  if (values.length !== 3 || typeof id !== 'string' || !UUID.test(id)) return false;
  if (sort === 'newest') return typeof key === 'string' && UTC_MICROS.test(key);
  return (
    (sort === 'price_asc' || sort === 'price_desc') &&
    typeof key === 'number' &&
    Number.isSafeInteger(key)
  );
}

/**
 * Turns `limit + 1` rows read in `sort` order into a page: the extra row only tells us that
 * another page exists, so the last page never comes back empty.
 */
export function toPage<Row extends ListingSortKeys, Item>(
  rows: Row[],
  limit: number,
  sort: ListingSort,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toItem),
    nextCursor: rows.length > limit && last ? encodeListingCursor(sort, last) : null,
  };
}
