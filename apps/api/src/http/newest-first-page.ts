import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from './cursor.ts';

/**
 * Keyset pages ordered newest first on (created_at desc, id desc).
 *
 * The cursor carries the timestamp as PostgreSQL prints it, microseconds included: a JS
 * Date keeps only milliseconds, and rows created within the same millisecond would then be
 * skipped or repeated between pages.
 */
type NewestFirstCursor = { createdAt: string; id: string };

const POSTGRES_TIMESTAMPTZ =
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Select this beside the row (as `exactCreatedAt`) so the page can build its cursor. */
export function exactTimestamp(column: AnyColumn): SQL<string> {
  return sql<string>`${column}::text`;
}

export function decodeNewestFirstCursor(cursor: string | undefined): NewestFirstCursor | null {
  if (cursor === undefined) return null;
  const [createdAt, id] = decodeCursor(
    cursor,
    (v): v is [string, string] =>
      v.length === 2 &&
      typeof v[0] === 'string' &&
      POSTGRES_TIMESTAMPTZ.test(v[0]) &&
      typeof v[1] === 'string' &&
      UUID.test(v[1]),
  );
  return { createdAt, id };
}

/** The WHERE condition for rows after the cursor (none on the first page). */
export function olderThan(
  createdAt: AnyColumn,
  id: AnyColumn,
  after: NewestFirstCursor | null,
): SQL | undefined {
  if (!after) return undefined;
  return sql`(${createdAt}, ${id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only tells that another page
 * exists, so the last page never ends with an empty follow-up request.
 */
export function newestFirstPage<Row extends { exactCreatedAt: string; id: string }, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor([last.exactCreatedAt, last.id]) : null,
  };
}
