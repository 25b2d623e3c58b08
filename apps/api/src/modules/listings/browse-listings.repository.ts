import type { ListingBrowseQuery, ListingSearch, ListingSort } from '@basha/domain';
import { and, eq, gte, ilike, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing } from '../../db/schema.ts';
import { escapeLike } from '../users/users.repository.ts';
import type { ListingCursor } from './listing-cursor.ts';
import { orderOf, selectListings, sortKeyOf, startingAfter } from './listing-reads.ts';
import type { ManagedListingRow } from './listing-views.ts';
import { isPublicListing } from './listing-visibility.ts';

// The public lists: browse with its filters (all properties) and the newest (home).

export type BrowseFilters = Pick<ListingBrowseQuery, 'location' | 'minPrice' | 'maxPrice'>;

type BrowseValues = {
  pattern?: string;
  minPrice?: number;
  maxPrice?: number;
  afterKey?: string | number;
  afterId?: string;
  limit: number;
};

/** What a prepared browse query is executed with; each shape uses some of them. */
const browsePlaceholders: Record<keyof BrowseValues, SQLWrapper> = {
  pattern: sql.placeholder('pattern'),
  minPrice: sql.placeholder('minPrice'),
  maxPrice: sql.placeholder('maxPrice'),
  afterKey: sql.placeholder('afterKey'),
  afterId: sql.placeholder('afterId'),
  limit: sql.placeholder('limit'),
};

/** Which filters a browse request uses, and its sort: what decides the SQL text. */
export type BrowseShape = {
  sort: ListingSort;
  location: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  after: boolean;
};

export function browseShapeOf(
  filters: BrowseFilters,
  sort: ListingSort,
  after: ListingCursor | null,
): BrowseShape {
  return {
    sort,
    location: Boolean(filters.location),
    minPrice: filters.minPrice !== undefined,
    maxPrice: filters.maxPrice !== undefined,
    after: after !== null,
  };
}

export function browseValuesOf(
  filters: BrowseFilters,
  after: ListingCursor | null,
  limit: number,
): BrowseValues {
  return {
    pattern: filters.location ? `%${escapeLike(filters.location)}%` : undefined,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    afterKey: after ? sortKeyOf(after) : undefined,
    afterId: after?.id,
    limit,
  };
}

/**
 * Browse is the busiest query, and building its SQL in JavaScript cost more CPU than
 * PostgreSQL spent running it (bench/HISTORY.md): each shape (sort × filters used, at most
 * 48) is built once per database and prepared, then executed with the request's values.
 */
const preparedBrowse = new WeakMap<Database, Map<string, BrowseStatement>>();
type BrowseStatement = ReturnType<ReturnType<typeof browseListingsQuery>['prepare']>;

/**
 * Public listings matching the filters; a listing matches a price window its range overlaps.
 * `limit` rows at most, after the cursor when there is one.
 */
export function browsePublicListings(
  db: Database,
  filters: BrowseFilters,
  sort: ListingSort,
  after: ListingCursor | null,
  limit: number,
): Promise<ManagedListingRow[]> {
  const shape = browseShapeOf(filters, sort, after);
  return preparedBrowseStatement(db, shape).execute(browseValuesOf(filters, after, limit));
}

/** The prepared statement of a shape, built on its first use on this database. */
function preparedBrowseStatement(db: Database, shape: BrowseShape): BrowseStatement {
  let statements = preparedBrowse.get(db);
  if (!statements) {
    statements = new Map();
    preparedBrowse.set(db, statements);
  }
  const name = `browse_listings_${shape.sort}_${[shape.location, shape.minPrice, shape.maxPrice, shape.after].map(Number).join('')}`;
  let statement = statements.get(name);
  if (!statement) {
    statement = browseListingsQuery(db, shape, browsePlaceholders).prepare(name);
    statements.set(name, statement);
  }
  return statement;
}

/**
 * The browse query of one shape over literal values or placeholders. The page is chosen from
 * `listings` alone and only its rows are joined with their agents: when the planner
 * misjudges how many listings match a location (trigram estimates are rough), it would
 * otherwise join thousands of candidates before keeping twenty.
 */
export function browseListingsQuery(
  db: Database,
  shape: BrowseShape,
  v: BrowseValues | typeof browsePlaceholders,
) {
  const page = db
    .select({ id: listing.id })
    .from(listing)
    .where(
      and(
        isPublicListing(),
        ...filterConditions(shape, v),
        shape.after ? startingAfter(shape.sort, v.afterKey, v.afterId) : undefined,
      ),
    )
    .orderBy(...orderOf(shape.sort))
    .limit(v.limit as number)
    .as('page');
  return selectListings(db)
    .innerJoin(page, eq(page.id, listing.id))
    .orderBy(...orderOf(shape.sort));
}

/** The search's filters as conditions on `listings`: what browse and saved searches both match by. */
function filterConditions(
  shape: BrowseShape,
  v: BrowseValues | typeof browsePlaceholders,
): (SQL | undefined)[] {
  return [
    shape.location ? ilike(listing.location, v.pattern as string | SQLWrapper) : undefined,
    shape.minPrice ? gte(listing.priceMax, v.minPrice as number | SQLWrapper) : undefined,
    shape.minPrice ? startsNearPriceWindow(v.minPrice) : undefined,
    shape.maxPrice ? lte(listing.priceMin, v.maxPrice as number | SQLWrapper) : undefined,
  ];
}

/**
 * Whether a public listing matches a search, by the very conditions browse filters with:
 * a saved search announces what All Properties would have shown for it (ADR 34).
 */
export async function publicListingMatches(
  db: Database,
  listingId: string,
  search: ListingSearch,
): Promise<boolean> {
  const conditions = filterConditions(
    browseShapeOf(search, 'newest', null),
    browseValuesOf(search, null, 1),
  );
  const [row] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), isPublicListing(), ...conditions));
  return row !== undefined;
}

/**
 * A listing whose range reaches `minPrice` starts at most `ratio` times below it, where
 * `ratio` is the widest max/min range among public listings (one probe of
 * listings_public_price_ratio_idx). The condition never drops a matching listing, but
 * it lets the price index scan start just below the window instead of at the cheapest
 * listing in the country: without it, "from 2 crore" read a third of the table to find
 * the first 20. The small margin covers floating-point rounding.
 */
function startsNearPriceWindow(minPrice: unknown): SQL {
  return sql`${listing.priceMin} >= (
    select floor(${minPrice}::float8 / (coalesce(max(${listing.priceMax}::float8 / ${listing.priceMin}), 1) * 1.000001))::bigint
    from ${listing} where ${isPublicListing()})`;
}

export function latestPublicListings(db: Database, count: number): Promise<ManagedListingRow[]> {
  return selectListings(db)
    .where(isPublicListing())
    .orderBy(...orderOf('newest'))
    .limit(count);
}
