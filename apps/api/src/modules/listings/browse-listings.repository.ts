import type { ListingSearchSort, ListingType } from '@basha/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { listing, priceBandOf, user } from '../../db/schema.ts';
import type { ListingCursor } from './listing-cursor.ts';
import {
  factSortKey,
  isAscending,
  managedColumns,
  orderOf,
  selectListings,
  sortKeyColumn,
  sortKeyOf,
  startingAfter,
} from './listing-reads.ts';
import {
  chosenTypesOf,
  type SearchFilterName,
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
import { fewUnderCap, type PriceFloors, priceFloorsOf } from './price-floors.ts';

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

/**
 * Which filters a browse request uses, its sort, whether it resumes, how many types it chose
 * when more than one (each has its own part of the query), and whether it gathers the few
 * listings under its price cap instead of walking its order: the SQL text.
 */
export type BrowseShape = SearchShape & {
  sort: ListingSearchSort;
  after: boolean;
  typeCount: number;
  gathersUnderCap: boolean;
};

/** `floors`: the database's price floors, when read (price-floors.ts); without, no gather. */
export function browseShapeOf(
  filters: BrowseFilters,
  sort: ListingSearchSort,
  after: ListingCursor | null,
  floors?: PriceFloors,
): BrowseShape {
  const values = searchValuesOf(filters);
  return {
    ...searchShapeOf(values),
    sort,
    after: after !== null,
    typeCount: values.types?.length ?? 0,
    gathersUnderCap:
      !sortsByPrice(sort) &&
      floors !== undefined &&
      values.maxPrice !== undefined &&
      fewUnderCap(floors, chosenTypesOf(values) as ListingType[], values.maxPrice),
  };
}

function sortsByPrice(sort: ListingSearchSort): boolean {
  return sort === 'price_asc' || sort === 'price_desc';
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
 * once per database, then executed with the request's values. Only the shapes requested are
 * built, so the map stays as small as the searches people make.
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
  sort: ListingSearchSort,
  after: ListingCursor | null,
  limit: number,
): Promise<(ManagedListingRow & { factKey?: number | null })[]> {
  const shape = browseShapeOf(filters, sort, after, priceFloorsOf(db));
  const values = browseValuesOf(filters, after, limit);
  const statement = preparedBrowseStatement(db, shape);
  // Past the cap a shape is sent as a plain query: same SQL, same plan choices.
  return statement ? statement.execute(values) : browseListingsQuery(db, shape, values);
}

/**
 * At most this many shapes are kept built per database. With 16 filters the shapes number in
 * the hundreds of thousands: a caller sending every combination must not grow the map without
 * bound. The searches people make use a few dozen shapes; the benchmark's random searches
 * (every filter drawn independently) use about 1 600 in 5 000 requests. A built shape holds
 * about 9.5 KiB (500 took 4.6 MiB of heap), so the cap bounds them at about 19 MiB.
 */
const MAX_PREPARED_BROWSE_SHAPES = 2000;

/**
 * A browse statement's name: none. PostgreSQL parses and plans an unnamed statement for each
 * request's values, where a named one may settle on one plan for any values after five runs
 * (ADR 5): a plan made without knowing the search term suits "Dhaka" or "Zindabazar", never
 * both. Drizzle still builds the SQL once per shape.
 */
const PLANNED_FOR_EACH_REQUEST = '';

/** The statement of a shape, built on its first use on this database (up to the cap). */
function preparedBrowseStatement(db: Database, shape: BrowseShape): BrowseStatement | undefined {
  let statements = preparedBrowse.get(db);
  if (!statements) {
    statements = new Map();
    preparedBrowse.set(db, statements);
  }
  const key = `${shape.sort}_${searchShapeName(shape)}${Number(shape.after)}_${shape.typeCount}_${Number(shape.gathersUnderCap)}`;
  let statement = statements.get(key);
  if (!statement && statements.size < MAX_PREPARED_BROWSE_SHAPES) {
    statement = browseListingsQuery(db, shape, browsePlaceholders).prepare(
      PLANNED_FOR_EACH_REQUEST,
    );
    statements.set(key, statement);
  }
  return statement;
}

/** A page's values: a request's, or placeholders for a prepared statement. */
type PageValues = Partial<Record<SearchFilterName | 'afterKey' | 'afterId' | 'limit', unknown>>;

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
  const page = shape.types ? pageOfSeveralTypes(db, shape, v) : pageQuery(db, shape, v).as('page');
  return db
    .select({ ...managedColumns, ...factKeyColumn(shape.sort) })
    .from(listing)
    .innerJoin(user, eq(user.id, listing.agentId))
    .innerJoin(page, eq(page.id, listing.id))
    .orderBy(...orderOf(shape.sort));
}

/**
 * The ids of a page (id, sort_key): the few listings under a low price cap gathered and
 * sorted, else walking one order's index (with a single type, the type's own), or its price
 * bands'.
 */
function pageQuery(db: Database, shape: BrowseShape, v: PageValues): PageIds {
  // The same two columns either way; drizzle types a lateral's columns by its alias.
  if (shape.gathersUnderCap) return gatherUnderCap(db, shape, v);
  if (walksPriceBands(shape)) return pageByPriceBand(db, shape, v) as unknown as PageIds;
  return walkInOrder(db, shape, v);
}

/**
 * Every match under the cap, found through the price indexes (the cap as a range), then
 * sorted: fewer than the gather limit cost no more than the cap (price-floors.ts). The order
 * is written so that no index provides it (`unindexed`): given one, the planner walks it,
 * taking the filters for independent (ADR 33, 2026-12-03).
 */
function gatherUnderCap(db: Database, shape: BrowseShape, v: PageValues) {
  const direction = isAscending(shape.sort) ? asc : desc;
  return db
    .select({ id: listing.id, sortKey: sortKeyColumn(shape.sort).as('sort_key') })
    .from(listing)
    .where(pageConditions(shape, v))
    .orderBy(direction(unindexed(shape.sort)), direction(listing.id))
    .limit(v.limit as number);
}

/** A sort's key plus nothing: the same order, which no index matches. */
function unindexed(sort: ListingSearchSort): SQL {
  const nothing = sort === 'newest' ? sql`interval '0 seconds'` : sql`0`;
  return sql`(${sortKeyColumn(sort)} + ${nothing})`;
}

type PageIds = ReturnType<typeof walkInOrder>;

function walkInOrder(db: Database, shape: BrowseShape, v: PageValues) {
  return db
    .select({ id: listing.id, sortKey: sortKeyColumn(shape.sort).as('sort_key') })
    .from(listing)
    .where(pageConditions(shape, v))
    .orderBy(...orderOf(shape.sort))
    .limit(v.limit as number);
}

function pageConditions(shape: BrowseShape, v: PageValues, ...more: SQL[]) {
  return and(
    isPublicListing(),
    ...searchConditions(shape, v, {
      priceWindowAsRange: sortsByPrice(shape.sort) || shape.gathersUnderCap,
    }),
    shape.after ? startingAfter(shape.sort, v.afterKey, v.afterId) : undefined,
    ...more,
  );
}

/**
 * One type, largest first, under a price cap, in no smaller place than a district (an area
 * or a district has indexes of its own): walked one price band at a time (ADR 33). Sizes
 * follow prices, so walking the type's sizes from the top passed every listing too dear for
 * the cap first (apartments under 5 M TK with three bedrooms: 102 977 of them, 34 ms).
 */
function walksPriceBands(shape: BrowseShape): boolean {
  return shape.sort === 'size' && shape.maxPrice && shape.type && !shape.area && !shape.district;
}

/**
 * The page of each band up to the cap's, each walked largest first in the type's band index
 * (every band but the cap's own is wholly under it), merged. Bands start at 0: a price
 * window's lower end bounds the range's upper end, not its start.
 */
function pageByPriceBand(db: Database, shape: BrowseShape, v: PageValues) {
  const bands = sql`generate_series(0, ${priceBandOf(sql`${v.maxPrice}`)}) as bands(band)`;
  const walk = db
    .select({ id: listing.id, sortKey: sortKeyColumn(shape.sort).as('sort_key') })
    .from(listing)
    .where(pageConditions(shape, v, sql`${priceBandOf(listing.priceMin)} = bands.band`))
    .orderBy(...orderOf(shape.sort))
    .limit(v.limit as number)
    .as('walk');
  return db
    .select({ id: walk.id, sortKey: walk.sortKey })
    .from(bands)
    .crossJoinLateral(walk)
    .orderBy(desc(walk.sortKey), desc(walk.id))
    .limit(v.limit as number);
}

/**
 * Several chosen types: one page per type, each walking that type's index in order, merged
 * (ADR 33). A single walk with `type = any(…)` cannot use the indexes led by the type and
 * reads every listing of the order until the page fills: "duplex or house" with few matches
 * read the whole of it.
 */
function pageOfSeveralTypes(db: Database, shape: BrowseShape, v: PageValues) {
  const types = Array.isArray(v.types) ? sql.param(v.types) : v.types;
  const oneType = { ...shape, types: false, type: true };
  const [first, second, ...others] = Array.from({ length: shape.typeCount }, (_, index) =>
    pageQuery(db, oneType, {
      ...v,
      type: sql`(${types}::listing_type[])[${sql.raw(String(index + 1))}]`,
    }),
  );
  // By the output columns' names: drizzle rewrites a union's ORDER BY columns to bare
  // names, so `orderOf` itself cannot serve here.
  const direction = sql.raw(isAscending(shape.sort) ? 'asc' : 'desc');
  // biome-ignore lint/style/noNonNullAssertion: a shape with several types has two at least.
  return unionAll(first!, second!, ...others)
    .orderBy(sql`sort_key ${direction}`, sql`id ${direction}`)
    .limit(v.limit as number)
    .as('page');
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
 * with the type filter left out, over the first `cap` of those (lower bounds when those
 * reached the cap: `typesCapped`). Null types (not stated) are in the total when no type is
 * chosen, in no type's count.
 */
export async function countPublicListings(
  db: Database,
  filters: BrowseFilters,
  cap: number,
): Promise<{ total: number; byType: Map<string, number>; capped: boolean; typesCapped: boolean }> {
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
  const typesCapped = all >= cap;
  if (!shape.type && !shape.types) return { total: all, byType, capped: typesCapped, typesCapped };
  const chosenTypes = chosenTypesOf(values);
  if (!typesCapped) {
    // Every match was counted, so the chosen types' counts add up to the total: no second
    // read of the same rows (a search with few matches read the whole place for the first).
    const total = chosenTypes.reduce((sum, type) => sum + (byType.get(type) ?? 0), 0);
    return { total, byType, capped: false, typesCapped };
  }
  // Past the cap the grouped rows were cut before the types were chosen: the total is its
  // own count, capped on its own. (A search with no shop among 10 000 matches of other
  // types has a total of 0, not "0+".)
  const chosen = matching(false);
  const [totalRow] = await db.select({ total: count() }).from(chosen);
  const total = totalRow?.total ?? 0;
  return { total, byType, capped: total >= cap, typesCapped };
}

export function latestPublicListings(db: Database, count: number): Promise<ManagedListingRow[]> {
  return selectListings(db)
    .where(isPublicListing())
    .orderBy(...orderOf('newest'))
    .limit(count);
}
