import type { ListingSearchSort } from '@basha/domain';
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
  | { sort: 'price_asc' | 'price_desc'; priceMin: number; id: string }
  | FactSortCursor;

/**
 * The sorts on a fact (price per square foot, size) read a key PostgreSQL computes, in which
 * a listing without a size sorts last as ±Infinity (listing-reads.ts). JSON has no Infinity,
 * so the cursor says null for it.
 */
type FactSortCursor = { sort: FactSort; key: number | null; id: string };
type FactSort = 'price_per_sqft' | 'size';
const isFactSort = (sort: unknown): sort is FactSort =>
  sort === 'price_per_sqft' || sort === 'size';

/**
 * Sort keys every listing row carries (`createdAtKey`: see listing-reads.ts); `factKey` only
 * when the rows were read in a sort on a fact.
 */
export type ListingSortKeys = {
  id: string;
  createdAtKey: string;
  priceMin: number;
  factKey?: number | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UTC_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeListingCursor(sort: ListingSearchSort, row: ListingSortKeys): string {
  if (isFactSort(sort)) {
    const key = row.factKey === undefined || row.factKey === null ? null : Number(row.factKey);
    return encodeCursor([sort, key !== null && Number.isFinite(key) ? key : null, row.id]);
  }
  return encodeCursor([sort, sort === 'newest' ? row.createdAtKey : Number(row.priceMin), row.id]);
}

type CursorValues =
  | ['newest', string, string]
  | ['price_asc' | 'price_desc', number, string]
  | [FactSort, number | null, string];

/** Decodes a cursor, refusing one that was made for another sort order. */
export function decodeListingCursor(cursor: string, sort: ListingSearchSort): ListingCursor {
  const values = decodeCursor(cursor, isListingCursor);
  if (values[0] !== sort) {
    throw AppError.validation([{ path: 'cursor', message: cursorMessages.otherSort }]);
  }
  switch (values[0]) {
    case 'newest':
      return { sort: values[0], createdAt: values[1], id: values[2] };
    case 'price_asc':
    case 'price_desc':
      return { sort: values[0], priceMin: values[1], id: values[2] };
    default:
      return { sort: values[0], key: values[1], id: values[2] };
  }
}

function isListingCursor(values: unknown[]): values is CursorValues {
  const [sort, key, id] = values;
  if (values.length !== 3 || typeof id !== 'string' || !UUID.test(id)) return false;
  if (sort === 'newest') return typeof key === 'string' && UTC_MICROS.test(key);
  if (isFactSort(sort)) return key === null || (typeof key === 'number' && Number.isFinite(key));
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
  sort: ListingSearchSort,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toItem),
    nextCursor: rows.length > limit && last ? encodeListingCursor(sort, last) : null,
  };
}
