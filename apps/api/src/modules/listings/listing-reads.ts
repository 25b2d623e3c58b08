import type { ListingSearchSort } from '@basha/domain';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, listingPricePerSqftKey, listingSizeKey, user } from '../../db/schema.ts';
import { listingCardColumns } from './listing-card.ts';
import type { ListingCursor } from './listing-cursor.ts';
import { factColumns } from './listing-facts-columns.ts';

// What every read of listings shares: the columns (each joined with the agent's account for
// name, email and photo), the orders lists are sorted by, and where a cursor resumes them.

export const managedColumns = {
  ...listingCardColumns,
  rejectionReason: listing.rejectionReason,
  delisted: sql<boolean>`${listing.delistedAt} is not null`.as('delisted'),
  // Printed by PostgreSQL so the cursor keeps microseconds (see listing-cursor.ts).
  createdAtKey:
    sql<string>`to_char(${listing.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
      'created_at_key',
    ),
  ...factColumns,
};

export const selectListings = (db: Database) =>
  db.select(managedColumns).from(listing).innerJoin(user, eq(user.id, listing.agentId));

/**
 * The key of a sort on a fact (listing-cursor.ts): the expression its index is built on
 * (schema.ts), so the index serves the order and a cursor's row comparison.
 */
export function factSortKey(sort: 'price_per_sqft' | 'size'): SQL {
  return sort === 'price_per_sqft' ? listingPricePerSqftKey : listingSizeKey;
}

/** What each sort orders by before the id, and in which direction. */
const SORTS: Record<ListingSearchSort, { key: () => SQL; ascending: boolean }> = {
  newest: { key: () => sql`${listing.createdAt}`, ascending: false },
  price_asc: { key: () => sql`${listing.priceMin}`, ascending: true },
  price_desc: { key: () => sql`${listing.priceMin}`, ascending: false },
  price_per_sqft: { key: () => listingPricePerSqftKey, ascending: true },
  size: { key: () => listingSizeKey, ascending: false },
};

/** The column or expression a sort orders by before the id. */
export function sortKeyColumn(sort: ListingSearchSort): SQL {
  return SORTS[sort].key();
}

export function isAscending(sort: ListingSearchSort): boolean {
  return SORTS[sort].ascending;
}

export function orderOf(sort: ListingSearchSort): SQL[] {
  const direction = isAscending(sort) ? asc : desc;
  return [direction(sortKeyColumn(sort)), direction(listing.id)];
}

/** The cursor's value of its sort key. */
export function sortKeyOf(cursor: ListingCursor): string | number | null {
  switch (cursor.sort) {
    case 'newest':
      return cursor.createdAt;
    case 'price_asc':
    case 'price_desc':
      return cursor.priceMin;
    default:
      return cursor.key;
  }
}

/**
 * Rows after the cursor (`key`, `id`: values, or placeholders of a prepared query) in its
 * sort order, as one row comparison the indexes can serve.
 */
export function startingAfter(sort: ListingSearchSort, key: unknown, id: unknown): SQL {
  switch (sort) {
    case 'newest':
      return sql`(${listing.createdAt}, ${listing.id}) < (${key}::timestamptz, ${id}::uuid)`;
    case 'price_asc':
      return sql`(${listing.priceMin}, ${listing.id}) > (${key}::bigint, ${id}::uuid)`;
    case 'price_desc':
      return sql`(${listing.priceMin}, ${listing.id}) < (${key}::bigint, ${id}::uuid)`;
    // A null key is the ±Infinity of a listing without a size (listing-cursor.ts).
    case 'price_per_sqft':
      return sql`(${listingPricePerSqftKey}, ${listing.id}) > (coalesce(${key}::float8, 'Infinity'::float8), ${id}::uuid)`;
    case 'size':
      return sql`(${listingSizeKey}, ${listing.id}) < (coalesce(${key}::float8, '-Infinity'::float8), ${id}::uuid)`;
  }
}
