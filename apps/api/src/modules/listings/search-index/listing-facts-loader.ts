import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listing } from '../../../db/schema.ts';
import { isPublicListing } from '../listing-visibility.ts';
import type { ListingFactsRow } from './listing-facts-table.ts';

// Reads the facts table's rows: every public listing's at start, some listings' after a change.

const factsColumns = {
  id: listing.id,
  createdMicros: sql<number>`(extract(epoch from ${listing.createdAt}) * 1000000)::float8`.mapWith(
    Number,
  ),
  location: listing.location,
  priceMin: listing.priceMin,
  priceMax: listing.priceMax,
  type: listing.type,
  division: listing.division,
  district: listing.district,
  area: listing.area,
  bedrooms: listing.bedrooms,
  bathrooms: listing.bathrooms,
  sizeSqft: listing.sizeSqft,
  amenities: listing.amenities,
  completion: listing.completion,
};

/** Every public listing's facts. */
export function publicListingFactsQuery(db: Database) {
  return db.select(factsColumns).from(listing).where(isPublicListing());
}

/** The facts of those of `ids` that are public now; the others are no longer searchable. */
export function listingFactsQuery(db: Database, ids: string[]) {
  return db
    .select(factsColumns)
    .from(listing)
    .where(sql`${inArray(listing.id, ids)} and ${isPublicListing()}`);
}

export const readPublicListingFacts = (db: Database): Promise<ListingFactsRow[]> =>
  publicListingFactsQuery(db).execute();
export const readListingFacts = (db: Database, ids: string[]): Promise<ListingFactsRow[]> =>
  listingFactsQuery(db, ids).execute();
