import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import { listing, user } from '../../../db/schema.ts';
import { type ListingCardRow, listingCardColumns } from '../listing-card.ts';
import { factSortKey, managedColumns } from '../listing-reads.ts';
import { isPublicListing } from '../listing-visibility.ts';
import type { ListingFactsRow } from './listing-facts-table.ts';

// Reads what memory keeps of each public listing (every one at start, some after a change):
// the facts a search filters and sorts on, and, where memory answers pages too, the card a
// page shows, with the keys its cursor resumes from as PostgreSQL prints them.

/** The facts a search filters and sorts on (`ListingFactsRow`). */
const factColumns = {
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

/** A card with the keys a cursor after it resumes from, as PostgreSQL prints them. */
const pageCardColumns = {
  ...listingCardColumns,
  createdAtKey: managedColumns.createdAtKey,
  pricePerSqftKey: sql<number>`${factSortKey('price_per_sqft')}`
    .mapWith(Number)
    .as('price_per_sqft_key'),
  sizeKey: sql<number>`${factSortKey('size')}`.mapWith(Number).as('size_key'),
};

const searchedColumns = { ...pageCardColumns, ...factColumns };

/** A page's listing as read: its card and its sort keys. */
export type PageCardRow = ListingCardRow & {
  createdAtKey: string;
  pricePerSqftKey: number;
  sizeKey: number;
};

/** A public listing as memory keeps it: its facts, its card and its sort keys. */
export type SearchedListingRow = ListingFactsRow & PageCardRow;

const searchedListings = (db: Database) =>
  db.select(searchedColumns).from(listing).innerJoin(user, eq(user.id, listing.agentId));

/** Those of the ids (`ids`, a parameter) that are public now; the others are not searchable. */
const publicAmongIds = sql`${listing.id} = any(${sql.placeholder('ids')}::uuid[]) and ${isPublicListing()}`;

/** Every public listing. */
export function publicListingsQuery(db: Database) {
  return searchedListings(db).where(isPublicListing());
}

/** Those of the listings `ids` names that are public now, with their cards. */
export function listingsQuery(db: Database) {
  return searchedListings(db).where(publicAmongIds);
}

/** Those of the listings `ids` names that are public now: their cards alone, for a page. */
export function pageCardsQuery(db: Database) {
  return db
    .select(pageCardColumns)
    .from(listing)
    .innerJoin(user, eq(user.id, listing.agentId))
    .where(publicAmongIds);
}

// Prepared: PostgreSQL plans a read of 21 listings by id in 0.5-0.7 ms, weighing each of the
// listings' 28 indexes, and runs it in 0.15 ms; a page read from memory on PostgreSQL reads
// its cards so (ADR 33).
const preparedListings = preparedOnce((db: Database) =>
  listingsQuery(db).prepare('basha_search_listings_by_ids'),
);
const preparedPageCards = preparedOnce((db: Database) =>
  pageCardsQuery(db).prepare('basha_search_page_cards_by_ids'),
);
const preparedListingFacts = preparedOnce((db: Database) =>
  listingFactsQuery(db).prepare('basha_search_listing_facts_by_ids'),
);

export const readPublicListings = (db: Database): Promise<SearchedListingRow[]> =>
  publicListingsQuery(db).execute();
export const readListings = (db: Database, ids: string[]): Promise<SearchedListingRow[]> =>
  preparedListings(db).execute({ ids });
export const readPageCards = (db: Database, ids: string[]): Promise<PageCardRow[]> =>
  preparedPageCards(db).execute({ ids });

/**
 * Public listings' facts in id order after `after` (from the first when null), a batch at a
 * time: a pooled PostgreSQL connection keeps its last answer until it runs another, and one
 * answer of every listing's facts stayed in memory after it was read (550 MB at 1 M).
 */
export function publicListingFactsQuery(db: Database, after: string | null, limit: number) {
  return db
    .select(factColumns)
    .from(listing)
    .where(
      after === null ? isPublicListing() : sql`${isPublicListing()} and ${listing.id} > ${after}`,
    )
    .orderBy(listing.id)
    .limit(limit);
}

/** The facts of those of the listings `ids` names that are public now. */
export function listingFactsQuery(db: Database) {
  return db.select(factColumns).from(listing).where(publicAmongIds);
}

const FACTS_BATCH = 20_000;

/**
 * Every public listing's facts alone, for a memory that keeps no cards, a batch at a
 * time: no more than a batch of rows is held at once.
 */
export async function* publicListingFactBatches(db: Database): AsyncGenerator<ListingFactsRow[]> {
  let after: string | null = null;
  for (;;) {
    const batch: ListingFactsRow[] = await publicListingFactsQuery(
      db,
      after,
      FACTS_BATCH,
    ).execute();
    yield batch;
    const last = batch.at(-1);
    if (batch.length < FACTS_BATCH || !last) return;
    after = last.id;
  }
}

export const readListingFacts = (db: Database, ids: string[]): Promise<ListingFactsRow[]> =>
  preparedListingFacts(db).execute({ ids });
