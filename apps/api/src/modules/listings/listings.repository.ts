import type { ListingBrowseQuery, ListingSort, ListingStatus } from '@basha/domain';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { offer, property, user } from '../../db/schema.ts';
import { escapeLike } from '../users/users.repository.ts';
import { listingCardColumns } from './listing-card.ts';
import type { ListingCursor } from './listing-cursor.ts';
import type { ListingDetailsRow, ManagedListingRow } from './listing-views.ts';
import { isPublicListing } from './listing-visibility.ts';

// Read side of listings: every query joins the agent's account for name, email and photo.

const managedColumns = {
  ...listingCardColumns,
  rejectionReason: property.rejectionReason,
  delisted: sql<boolean>`${property.delistedAt} is not null`.as('delisted'),
  // Printed by PostgreSQL so the cursor keeps microseconds (see listing-cursor.ts).
  createdAtKey:
    sql<string>`to_char(${property.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
      'created_at_key',
    ),
};

const detailsColumns = {
  ...managedColumns,
  description: property.description,
  updatedAt: property.updatedAt,
};

const selectListings = (db: Database) =>
  db.select(managedColumns).from(property).innerJoin(user, eq(user.id, property.agentId));

/**
 * A listing the viewer may see: public ones, plus their own (agents), the one they bought
 * (buyers keep seeing the property after it is sold), or any (admins).
 */
export async function findVisibleListing(
  db: Database,
  id: string,
  viewer: Pick<Actor, 'id' | 'role'>,
): Promise<ListingDetailsRow | undefined> {
  const boughtByViewer = sql`exists (select 1 from ${offer} where ${offer.propertyId} = ${property.id}
    and ${offer.buyerId} = ${viewer.id} and ${offer.status} = 'paid')`;
  const visible =
    viewer.role === 'admin'
      ? undefined
      : or(isPublicListing(), eq(property.agentId, viewer.id), boughtByViewer);
  const [row] = await db
    .select(detailsColumns)
    .from(property)
    .innerJoin(user, eq(user.id, property.agentId))
    .where(and(eq(property.id, id), visible));
  return row;
}

export type BrowseFilters = Pick<ListingBrowseQuery, 'location' | 'minPrice' | 'maxPrice'>;

/**
 * Public listings matching the filters; a listing matches a price window its range overlaps.
 * The page is chosen from `properties` alone and only its rows are joined with their agents:
 * when the planner misjudges how many listings match a location (trigram estimates are
 * rough), it would otherwise join thousands of candidates before keeping twenty.
 */
export function browsePublicListings(
  db: Database,
  filters: BrowseFilters,
  sort: ListingSort,
  after: ListingCursor | null,
  limit: number,
): Promise<ManagedListingRow[]> {
  const page = db
    .select({ id: property.id })
    .from(property)
    .where(
      and(
        isPublicListing(),
        filters.location
          ? ilike(property.location, `%${escapeLike(filters.location)}%`)
          : undefined,
        filters.minPrice === undefined ? undefined : gte(property.priceMax, filters.minPrice),
        filters.minPrice === undefined ? undefined : startsNearPriceWindow(filters.minPrice),
        filters.maxPrice === undefined ? undefined : lte(property.priceMin, filters.maxPrice),
        after ? startingAfter(after) : undefined,
      ),
    )
    .orderBy(...orderOf(sort))
    .limit(limit)
    .as('page');
  return selectListings(db)
    .innerJoin(page, eq(page.id, property.id))
    .orderBy(...orderOf(sort));
}

/**
 * A listing whose range reaches `minPrice` starts at most `ratio` times below it, where
 * `ratio` is the widest max/min range among public listings (one probe of
 * properties_public_price_ratio_idx). The condition never drops a matching listing, but
 * it lets the price index scan start just below the window instead of at the cheapest
 * listing in the country: without it, "from 2 crore" read a third of the table to find
 * the first 20. The small margin covers floating-point rounding.
 */
function startsNearPriceWindow(minPrice: number): SQL {
  return sql`${property.priceMin} >= (
    select floor(${minPrice}::float8 / (coalesce(max(${property.priceMax}::float8 / ${property.priceMin}), 1) * 1.000001))::bigint
    from ${property} where ${isPublicListing()})`;
}

export function latestPublicListings(db: Database, count: number): Promise<ManagedListingRow[]> {
  return selectListings(db)
    .where(isPublicListing())
    .orderBy(...orderOf('newest'))
    .limit(count);
}

/** Every listing of one agent, or (agentId omitted) every listing, optionally of one status. */
export function listListingsNewestFirst(
  db: Database,
  filter: { agentId?: string; status?: ListingStatus },
  after: ListingCursor | null,
  limit: number,
): Promise<ManagedListingRow[]> {
  return selectListings(db)
    .where(
      and(
        filter.agentId ? eq(property.agentId, filter.agentId) : undefined,
        filter.status ? eq(property.status, filter.status) : undefined,
        after ? startingAfter(after) : undefined,
      ),
    )
    .orderBy(...orderOf('newest'))
    .limit(limit);
}

export async function countListingsByStatus(db: Database) {
  const countWhere = (status: ListingStatus) =>
    sql`count(*) filter (where ${property.status} = ${status})`.mapWith(Number);
  const [counts] = await db
    .select({
      total: sql`count(*)`.mapWith(Number),
      verified: countWhere('verified'),
      pending: countWhere('pending'),
      rejected: countWhere('rejected'),
    })
    .from(property);
  return counts ?? { total: 0, verified: 0, pending: 0, rejected: 0 };
}

function orderOf(sort: ListingSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(property.createdAt), desc(property.id)];
    case 'price_asc':
      return [asc(property.priceMin), asc(property.id)];
    case 'price_desc':
      return [desc(property.priceMin), desc(property.id)];
  }
}

/** Rows after the cursor in its sort order, as one row comparison the indexes can serve. */
function startingAfter(cursor: ListingCursor): SQL {
  switch (cursor.sort) {
    case 'newest':
      return sql`(${property.createdAt}, ${property.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
    case 'price_asc':
      return sql`(${property.priceMin}, ${property.id}) > (${cursor.priceMin}::bigint, ${cursor.id}::uuid)`;
    case 'price_desc':
      return sql`(${property.priceMin}, ${property.id}) < (${cursor.priceMin}::bigint, ${cursor.id}::uuid)`;
  }
}
