import {
  isPublicListing as isPublicListingView,
  type ListingBrowseQuery,
  type ListingCounts,
  type ListingSort,
  type ListingStatus,
} from '@basha/domain';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import { batchedLookup } from '../../db/batched-lookup.ts';
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
  agentPhone: user.phone,
  description: property.description,
  updatedAt: property.updatedAt,
};

const selectListings = (db: Database) =>
  db.select(managedColumns).from(property).innerJoin(user, eq(user.id, property.agentId));

/** A sold listing's sale: who paid, how much and when. */
export type ListingSaleRow = { buyerId: string | null; price: number; soldAt: Date };

/**
 * A listing the viewer may see, with its sale once sold: public ones, plus their own
 * (agents), the one they bought (buyers keep seeing the property after it is sold), or any
 * (admins).
 *
 * The listing is read by id and the rule applied to that row here, rather than written into
 * the query: on PGlite, planning an `or … exists` clause and opening the offers table and its
 * indexes made the query half as dear again (715–895 µs against 481 µs by id alone, for
 * listings not read before, 100 000 listings). Only a sold listing needs a second query.
 */
export async function findVisibleListing(
  db: Database,
  id: string,
  viewer: Pick<Actor, 'id' | 'role'>,
): Promise<{ row: ListingDetailsRow; sale: ListingSaleRow | null } | undefined> {
  const statements = preparedDetailsStatements(db);
  // PostgreSQL prints uuids in lower case, and the rows read are matched by that text.
  const row = await statements.listingById(id.toLowerCase());
  if (!row) return undefined;
  const [sale] = row.sold ? await statements.saleOf.execute({ id: row.id }) : [];
  const visible =
    viewer.role === 'admin' ||
    row.agentId === viewer.id ||
    isPublicListingRow(row) ||
    (sale !== undefined && sale.buyerId === viewer.id);
  return visible ? { row, sale: sale ? { ...sale, price: Number(sale.price) } : null } : undefined;
}

const isPublicListingRow = (row: ListingDetailsRow) =>
  isPublicListingView({
    status: row.status,
    sold: Boolean(row.sold),
    delisted: Boolean(row.delisted),
  });

/**
 * The details queries, prepared once per database: the details page is opened often, and
 * listings opened at the same moment are read together (see batched-lookup.ts).
 */
const preparedDetails = new WeakMap<Database, ReturnType<typeof prepareDetailsStatements>>();

function preparedDetailsStatements(db: Database) {
  let statements = preparedDetails.get(db);
  if (!statements) {
    statements = prepareDetailsStatements(db);
    preparedDetails.set(db, statements);
  }
  return statements;
}

function prepareDetailsStatements(db: Database) {
  const id = sql.placeholder('id');
  const listings = db
    .select(detailsColumns)
    .from(property)
    .innerJoin(user, eq(user.id, property.agentId))
    .where(sql`${property.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('basha_listing_details');
  return {
    listingById: batchedLookup(async (ids: string[]) => {
      const rows = await listings.execute({ ids });
      return new Map(rows.map((row) => [row.id, row]));
    }),
    saleOf: db
      .select({
        buyerId: offer.buyerId,
        price: offer.amount,
        soldAt: sql<Date>`${offer.paidAt}`.mapWith(offer.paidAt),
      })
      .from(offer)
      .where(and(eq(offer.propertyId, id), eq(offer.status, 'paid'), isNotNull(offer.paidAt)))
      .limit(1)
      .prepare('basha_listing_sale'),
  };
}

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
 * `properties` alone and only its rows are joined with their agents: when the planner
 * misjudges how many listings match a location (trigram estimates are rough), it would
 * otherwise join thousands of candidates before keeping twenty.
 */
export function browseListingsQuery(
  db: Database,
  shape: BrowseShape,
  v: BrowseValues | typeof browsePlaceholders,
) {
  const page = db
    .select({ id: property.id })
    .from(property)
    .where(
      and(
        isPublicListing(),
        shape.location ? ilike(property.location, v.pattern as string | SQLWrapper) : undefined,
        shape.minPrice ? gte(property.priceMax, v.minPrice as number | SQLWrapper) : undefined,
        shape.minPrice ? startsNearPriceWindow(v.minPrice) : undefined,
        shape.maxPrice ? lte(property.priceMin, v.maxPrice as number | SQLWrapper) : undefined,
        shape.after ? startingAfter(shape.sort, v.afterKey, v.afterId) : undefined,
      ),
    )
    .orderBy(...orderOf(shape.sort))
    .limit(v.limit as number)
    .as('page');
  return selectListings(db)
    .innerJoin(page, eq(page.id, property.id))
    .orderBy(...orderOf(shape.sort));
}

/**
 * A listing whose range reaches `minPrice` starts at most `ratio` times below it, where
 * `ratio` is the widest max/min range among public listings (one probe of
 * properties_public_price_ratio_idx). The condition never drops a matching listing, but
 * it lets the price index scan start just below the window instead of at the cheapest
 * listing in the country: without it, "from 2 crore" read a third of the table to find
 * the first 20. The small margin covers floating-point rounding.
 */
function startsNearPriceWindow(minPrice: unknown): SQL {
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

/**
 * Every listing of one agent, or (agentId omitted) every listing, optionally of one status.
 * A status counts listed ones only: a fraud agent's hidden listings keep their status but
 * are no longer verified, pending or rejected for anyone to act on (see the counts below).
 */
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
        filter.status
          ? and(eq(property.status, filter.status), isNull(property.delistedAt))
          : undefined,
        after ? startingAfter(after.sort, sortKeyOf(after), after.id) : undefined,
      ),
    )
    .orderBy(...orderOf('newest'))
    .limit(limit);
}

/**
 * The Manage Properties counts, each the number of rows its status filter shows: listings
 * hidden because their agent was marked as fraud count as hidden, not under their status
 * (nothing more can be done with them), and the total is every listing.
 */
export async function countListingsByStatus(db: Database): Promise<ListingCounts> {
  const listed = isNull(property.delistedAt);
  const countWhere = (status: ListingStatus) =>
    sql`count(*) filter (where ${and(eq(property.status, status), listed)})`.mapWith(Number);
  const [counts] = await db
    .select({
      total: sql`count(*)`.mapWith(Number),
      verified: countWhere('verified'),
      pending: countWhere('pending'),
      rejected: countWhere('rejected'),
      hidden: sql`count(*) filter (where ${property.delistedAt} is not null)`.mapWith(Number),
    })
    .from(property);
  return counts ?? { total: 0, verified: 0, pending: 0, rejected: 0, hidden: 0 };
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

/** The cursor's value of its sort key. */
function sortKeyOf(cursor: ListingCursor): string | number {
  return cursor.sort === 'newest' ? cursor.createdAt : cursor.priceMin;
}

/**
 * Rows after the cursor (`key`, `id`: values, or placeholders of a prepared query) in its
 * sort order, as one row comparison the indexes can serve.
 */
function startingAfter(sort: ListingSort, key: unknown, id: unknown): SQL {
  switch (sort) {
    case 'newest':
      return sql`(${property.createdAt}, ${property.id}) < (${key}::timestamptz, ${id}::uuid)`;
    case 'price_asc':
      return sql`(${property.priceMin}, ${property.id}) > (${key}::bigint, ${id}::uuid)`;
    case 'price_desc':
      return sql`(${property.priceMin}, ${property.id}) < (${key}::bigint, ${id}::uuid)`;
  }
}
