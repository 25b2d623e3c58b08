import type { ListingSearchSort } from '@basha/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, listingSizeKey, user } from '../../db/schema.ts';
import type { ListingCursor } from './listing-cursor.ts';
import {
  factSortKey,
  managedColumns,
  orderOf,
  selectListings,
  sortKeyOf,
  startingAfter,
} from './listing-reads.ts';
import {
  type SearchFilters,
  type SearchShape,
  type SearchValues,
  searchConditions,
  searchPlaceholders,
  searchShapeName,
  searchShapeOf,
  searchValuesOf,
} from './listing-search-filters.ts';
import type { ManagedListingRow } from './listing-views.ts';
import { isPublicListing } from './listing-visibility.ts';

// The public lists: browse with its filters (all properties) and the newest (home).

export type BrowseFilters = Partial<SearchFilters>;

type BrowseValues = SearchValues & {
  afterKey?: string | number | null;
  afterId?: string;
  limit: number;
};

/** What a prepared browse query is executed with; each shape uses some of them. */
const browsePlaceholders = {
  ...searchPlaceholders,
  afterKey: sql.placeholder('afterKey'),
  afterId: sql.placeholder('afterId'),
  limit: sql.placeholder('limit'),
};

/** Which filters a browse request uses, its sort, and whether it resumes: the SQL text. */
export type BrowseShape = SearchShape & { sort: ListingSearchSort; after: boolean };

export function browseShapeOf(
  filters: BrowseFilters,
  sort: ListingSearchSort,
  after: ListingCursor | null,
): BrowseShape {
  return { ...searchShapeOf(searchValuesOf(filters)), sort, after: after !== null };
}

export function browseValuesOf(
  filters: BrowseFilters,
  after: ListingCursor | null,
  limit: number,
): BrowseValues {
  return {
    ...searchValuesOf(filters),
    afterKey: after ? sortKeyOf(after) : undefined,
    afterId: after?.id,
    limit,
  };
}

/**
 * Browse is the busiest query, and building its SQL in JavaScript cost more CPU than
 * PostgreSQL spent running it (bench/HISTORY.md): each shape (sort × filters used) is built
 * once per database and prepared, then executed with the request's values. Only the shapes
 * requested are built, so the map stays as small as the searches people make.
 */
const preparedBrowse = new WeakMap<Database, Map<string, BrowseStatement>>();
type BrowseStatement = ReturnType<ReturnType<typeof browseListingsQuery>['prepare']>;

/**
 * How many listings of the search's place a page walks along its sort order at most before
 * it gives up and gathers the matches instead (ADR 33): a few milliseconds of index entries.
 */
export const BROWSE_WALK_LIMIT = 3_000;

/**
 * How a page is read (ADR 33). `walk`: along the sort order's index through at most
 * `BROWSE_WALK_LIMIT` listings of the place, checking the filters on each, which finds a
 * page at once when matches are common. `gather`: every match through the filters' own
 * indexes, then sorted, which is quick when matches are few, exactly when the walk is not.
 */
export type BrowsePlan = 'walk' | 'gather';

/**
 * Public listings matching the filters; a listing matches a price window its range overlaps.
 * `limit` rows at most, after the cursor when there is one. The page is first looked for by a
 * bounded walk; a walk that ends short (few matches, or none) hands over to the gather.
 */
export async function browsePublicListings(
  db: Database,
  filters: BrowseFilters,
  sort: ListingSearchSort,
  after: ListingCursor | null,
  limit: number,
): Promise<BrowseRow[]> {
  const shape = browseShapeOf(filters, sort, after);
  const values = browseValuesOf(filters, after, limit);
  const walked = await runBrowse(db, shape, 'walk', values);
  if (walked.length >= limit) return walked;
  return runBrowse(db, shape, 'gather', values);
}

type BrowseRow = ManagedListingRow & { factKey?: number | null };

function runBrowse(
  db: Database,
  shape: BrowseShape,
  plan: BrowsePlan,
  values: BrowseValues,
): Promise<BrowseRow[]> {
  const statement = preparedBrowseStatement(db, shape, plan);
  // Past the cap a shape is sent as a plain query: same SQL, same plan choices.
  return statement ? statement.execute(values) : browseListingsQuery(db, shape, values, plan);
}

/**
 * At most this many shapes are prepared per database. With 16 filters the shapes number in
 * the hundreds of thousands, and each prepared statement stays in every pooled connection for
 * its life: a caller sending every combination must not grow them without bound. The
 * searches people make use a few dozen shapes.
 */
const MAX_PREPARED_BROWSE_SHAPES = 500;

/**
 * The prepared statement of a shape's walk, built on its first use on this database (up to
 * the cap). The gather is never prepared: its plan depends on which filter narrows the most,
 * which only the values tell, so it is planned for each request's values.
 */
function preparedBrowseStatement(
  db: Database,
  shape: BrowseShape,
  plan: BrowsePlan,
): BrowseStatement | undefined {
  if (plan === 'gather') return undefined;
  let statements = preparedBrowse.get(db);
  if (!statements) {
    statements = new Map();
    preparedBrowse.set(db, statements);
  }
  const name = `browse_listings_${shape.sort}_${searchShapeName(shape)}${Number(shape.after)}`;
  let statement = statements.get(name);
  if (!statement && statements.size < MAX_PREPARED_BROWSE_SHAPES) {
    statement = browseListingsQuery(db, shape, browsePlaceholders, plan).prepare(name);
    statements.set(name, statement);
  }
  return statement;
}

/**
 * The browse query of one shape and plan over literal values or placeholders. The page is
 * chosen from `listings` alone and only its rows are joined with their agents: when the
 * planner misjudges how many listings match, it would otherwise join thousands of candidates
 * before keeping twenty.
 */
export function browseListingsQuery(
  db: Database,
  shape: BrowseShape,
  v: BrowseValues | typeof browsePlaceholders,
  plan: BrowsePlan,
) {
  const page = plan === 'walk' ? walkedPage(db, shape, v) : gatheredPage(db, shape, v);
  return db
    .select({ ...managedColumns, ...factKeyColumn(shape.sort) })
    .from(listing)
    .innerJoin(user, eq(user.id, listing.agentId))
    .innerJoin(page, eq(page.id, listing.id))
    .orderBy(...orderOf(shape.sort));
}

/**
 * The walk: the first `BROWSE_WALK_LIMIT` public listings of the place in the sort order
 * (after the cursor), read from the sort's index for that place (an area's, a district's,
 * or all listings'), and among them the first `limit` that pass every filter. The inner
 * query has no filter the planner could misjudge, so its plan is always that index's walk,
 * stopped as soon as the page is full; a window on the sort's own key (price, size) narrows
 * the walk to it. The filters read the inner query's columns, which the index holds.
 */
function walkedPage(db: Database, shape: BrowseShape, v: BrowseValues | typeof browsePlaceholders) {
  const candidates = db
    .select({
      ...walkedColumns(shape),
      sortKey: sql`${sortKeyExpression(shape.sort)}`.as('sort_key'),
    })
    .from(listing)
    .where(
      and(
        isPublicListing(),
        ...walkScope(shape, v),
        shape.after ? startingAfter(shape.sort, v.afterKey, v.afterId) : undefined,
      ),
    )
    .orderBy(...orderOf(shape.sort))
    .limit(BROWSE_WALK_LIMIT)
    .as('listings');
  const direction = sortDescends(shape.sort) ? desc : asc;
  return db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(...searchConditions(shape, v)))
    .orderBy(direction(candidates.sortKey), direction(candidates.id))
    .limit(v.limit as number)
    .as('page');
}

/**
 * The gather: every public listing passing the filters, through whichever of their indexes
 * narrow the most, then sorted. The order is on the sort key plus nothing (`+ 0`), which no
 * index provides, so the planner cannot choose to walk a sort index instead.
 */
function gatheredPage(
  db: Database,
  shape: BrowseShape,
  v: BrowseValues | typeof browsePlaceholders,
) {
  return db
    .select({ id: listing.id })
    .from(listing)
    .where(
      and(
        isPublicListing(),
        ...searchConditions(shape, v),
        shape.after ? startingAfter(shape.sort, v.afterKey, v.afterId) : undefined,
      ),
    )
    .orderBy(...unindexedOrderOf(shape.sort))
    .limit(v.limit as number)
    .as('page');
}

/** The place the walk reads the listings of: the narrowest one the search names. */
function walkScope(
  shape: BrowseShape,
  v: BrowseValues | typeof browsePlaceholders,
): (SQL | undefined)[] {
  const scope: (SQL | undefined)[] = [];
  if (shape.area) scope.push(sql`${listing.area} = ${v.area}`);
  else if (shape.district) scope.push(sql`${listing.district} = ${v.district}`);
  // A window on the sort's own key is a range of its index: the walk starts and ends there.
  if (shape.sort === 'price_asc' || shape.sort === 'price_desc') {
    if (shape.minPrice) scope.push(...searchConditions(priceOnly(shape, 'minPrice'), v));
    if (shape.maxPrice) scope.push(...searchConditions(priceOnly(shape, 'maxPrice'), v));
  }
  if (shape.sort === 'size') {
    if (shape.minSqft) scope.push(sql`${listingSizeKey} >= ${v.minSqft}::float8`);
    if (shape.maxSqft) scope.push(sql`${listingSizeKey} <= ${v.maxSqft}::float8`);
  }
  return scope;
}

const priceOnly = (shape: BrowseShape, name: 'minPrice' | 'maxPrice'): SearchShape =>
  Object.fromEntries(Object.keys(shape).map((key) => [key, key === name])) as SearchShape;

/** The columns the walk's filters read (and the order's), all held by the index it walks. */
function walkedColumns(shape: BrowseShape) {
  return {
    id: listing.id,
    ...(shape.pattern ? { location: listing.location } : {}),
    ...(shape.division || shape.placeDivisions ? { division: listing.division } : {}),
    ...(shape.district || shape.placeDistricts ? { district: listing.district } : {}),
    ...(shape.area || shape.placeAreas ? { area: listing.area } : {}),
    ...(shape.types ? { type: listing.type } : {}),
    ...(shape.minBedrooms ? { bedrooms: listing.bedrooms } : {}),
    ...(shape.minBathrooms ? { bathrooms: listing.bathrooms } : {}),
    ...(shape.minSqft || shape.maxSqft ? { sizeSqft: listing.sizeSqft } : {}),
    ...(shape.minPrice || shape.maxPrice
      ? { priceMin: listing.priceMin, priceMax: listing.priceMax }
      : {}),
    ...(shape.amenities ? { amenities: listing.amenities } : {}),
    ...(shape.completion ? { completion: listing.completion } : {}),
  };
}

/** The single value each sort orders by (before the id). */
function sortKeyExpression(sort: ListingSearchSort): SQL {
  switch (sort) {
    case 'newest':
      return sql`${listing.createdAt}`;
    case 'price_asc':
    case 'price_desc':
      return sql`${listing.priceMin}`;
    default:
      return factSortKey(sort);
  }
}

const sortDescends = (sort: ListingSearchSort) =>
  sort === 'newest' || sort === 'price_desc' || sort === 'size';

/** The sort's order on an expression equal to its key that no index is built on. */
function unindexedOrderOf(sort: ListingSearchSort): SQL[] {
  const key =
    sort === 'newest'
      ? sql`${listing.createdAt} + interval '0 seconds'`
      : sql`${sortKeyExpression(sort)} + 0`;
  const direction = sortDescends(sort) ? desc : asc;
  return [direction(key), direction(listing.id)];
}

/** A sort on a fact resumes from a key PostgreSQL computes, so the rows carry it. */
function factKeyColumn(sort: ListingSearchSort): { factKey?: SQL.Aliased<number> } {
  return sort === 'price_per_sqft' || sort === 'size'
    ? { factKey: sql<number>`${factSortKey(sort)}`.mapWith(Number).as('fact_key') }
    : {};
}

/**
 * Whether a public listing matches a search, by the very conditions browse filters with:
 * a saved search announces what All Properties would have shown for it (ADR 34).
 */
export async function publicListingMatches(
  db: Database,
  listingId: string,
  search: BrowseFilters,
): Promise<boolean> {
  const values = searchValuesOf(search);
  const [row] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(
      and(
        eq(listing.id, listingId),
        isPublicListing(),
        ...searchConditions(searchShapeOf(values), values),
      ),
    );
  return row !== undefined;
}

/**
 * How many public listings match the filters (at most the cap), and per type how many match
 * with the type filter left out, over the first `cap` of those. Null types (not stated) are
 * in the total when no type is chosen, in no type's count.
 */
export async function countPublicListings(
  db: Database,
  filters: BrowseFilters,
  cap: number,
): Promise<{ total: number; byType: Map<string, number>; capped: boolean }> {
  const values = searchValuesOf(filters);
  const shape = searchShapeOf(values);
  const matching = (withoutTypes: boolean) =>
    db
      .select({ type: listing.type })
      .from(listing)
      .where(and(isPublicListing(), ...searchConditions(shape, values, { withoutTypes })))
      .limit(cap)
      .as('matching');
  const grouped = matching(true);
  const rows = await db
    .select({ type: grouped.type, count: count() })
    .from(grouped)
    .groupBy(grouped.type);
  const byType = new Map<string, number>();
  let all = 0;
  for (const row of rows) {
    all += row.count;
    if (row.type !== null) byType.set(row.type, row.count);
  }
  if (!shape.types) return { total: all, byType, capped: all >= cap };
  // With a type filter the total is its own (capped) count: the grouped rows are capped
  // before the types are chosen.
  const chosen = matching(false);
  const [totalRow] = await db.select({ total: count() }).from(chosen);
  const total = totalRow?.total ?? 0;
  return { total, byType, capped: all >= cap || total >= cap };
}

export function latestPublicListings(db: Database, count: number): Promise<ManagedListingRow[]> {
  return selectListings(db)
    .where(isPublicListing())
    .orderBy(...orderOf('newest'))
    .limit(count);
}
