import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listing, user } from '../../../db/schema.ts';
import { type ListingCardRow, listingCardColumns } from '../listing-card.ts';
import { factSortKey, managedColumns } from '../listing-reads.ts';
import { isPublicListing } from '../listing-visibility.ts';
import type { ListingFactsRow } from './listing-facts-table.ts';

// Reads what memory keeps of each public listing (every one at start, some after a change):
// the facts a search filters and sorts on, and the card a page shows, with the keys its
// cursor resumes from as PostgreSQL prints them.

const searchedColumns = {
  ...listingCardColumns,
  createdAtKey: managedColumns.createdAtKey,
  createdMicros: sql<number>`(extract(epoch from ${listing.createdAt}) * 1000000)::float8`.mapWith(
    Number,
  ),
  division: listing.division,
  district: listing.district,
  area: listing.area,
  amenities: listing.amenities,
  completion: listing.completion,
  pricePerSqftKey: sql<number>`${factSortKey('price_per_sqft')}`
    .mapWith(Number)
    .as('price_per_sqft_key'),
  sizeKey: sql<number>`${factSortKey('size')}`.mapWith(Number).as('size_key'),
};

/** A public listing as memory keeps it: its facts, its card and its sort keys. */
export type SearchedListingRow = ListingFactsRow &
  ListingCardRow & { createdAtKey: string; pricePerSqftKey: number; sizeKey: number };

const searchedListings = (db: Database) =>
  db.select(searchedColumns).from(listing).innerJoin(user, eq(user.id, listing.agentId));

/** Every public listing. */
export function publicListingsQuery(db: Database) {
  return searchedListings(db).where(isPublicListing());
}

/** Those of `ids` that are public now; the others are no longer searchable. */
export function listingsQuery(db: Database, ids: string[]) {
  return searchedListings(db).where(sql`${inArray(listing.id, ids)} and ${isPublicListing()}`);
}

export const readPublicListings = (db: Database): Promise<SearchedListingRow[]> =>
  publicListingsQuery(db).execute();
export const readListings = (db: Database, ids: string[]): Promise<SearchedListingRow[]> =>
  listingsQuery(db, ids).execute();
