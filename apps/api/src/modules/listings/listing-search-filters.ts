import {
  type ListingSearch,
  type LocationLevel,
  locationsMatching,
  sizeWindowInSquareFeet,
} from '@basha/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { amenityBitsOf } from '../../db/amenity-mask.ts';
import { listing, listingPricePerSqftKey } from '../../db/schema.ts';
import { escapeLike } from '../users/users.repository.ts';
import { isPublicListing } from './listing-visibility.ts';

// The WHERE of a search of all properties (ADR 33): one condition per filter used. A prepared
// browse statement is built per shape (which filters are used) over placeholders, so each
// condition takes a value or a placeholder.

/** What a search filters by: the search without its order. */
export type SearchFilters = Omit<ListingSearch, 'sort'>;

/** The values a search's conditions compare with, as the database takes them. */
export type SearchValues = {
  pattern?: string;
  /** The catalog places the typed location names, by level (`locationsMatching`). */
  placeDivisions?: string[];
  placeDistricts?: string[];
  placeAreas?: string[];
  minPrice?: number;
  maxPrice?: number;
  /** One chosen type, compared by equality so the indexes led by the type keep their order. */
  type?: string;
  /** Two or more chosen types. */
  types?: string[];
  division?: string;
  district?: string;
  area?: string;
  minBedrooms?: number;
  minBathrooms?: number;
  minSqft?: number;
  maxSqft?: number;
  /** What a price cap and a minimum size imply together (`maxPricePerSqftOf`). */
  maxPricePerSqft?: number;
  /** The amenities every match has, as bits (`amenityBitsOf`). */
  amenities?: number;
  completion?: string;
};

export type SearchFilterName = keyof SearchValues;

/** Which filters a search uses: with the sort, what decides the SQL text. */
export type SearchShape = Record<SearchFilterName, boolean>;

const PLACE_LEVELS: Record<LocationLevel, 'placeDivisions' | 'placeDistricts' | 'placeAreas'> = {
  division: 'placeDivisions',
  district: 'placeDistricts',
  area: 'placeAreas',
};

export function searchValuesOf(filters: Partial<SearchFilters>): SearchValues {
  const values: SearchValues = {
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    ...typeValues(filters.types),
    division: filters.division,
    district: filters.district,
    area: filters.area,
    minBedrooms: filters.minBedrooms,
    minBathrooms: filters.minBathrooms,
    amenities: filters.amenities && amenityBitsOf(filters.amenities),
    completion: filters.completion,
  };
  if (filters.location) {
    values.pattern = `%${escapeLike(filters.location)}%`;
    // The typed text also finds listings by their structured place, in either language.
    for (const place of locationsMatching(filters.location)) {
      const level = PLACE_LEVELS[place.level];
      values[level] = [...(values[level] ?? []), place.id];
    }
  }
  const size = sizeWindowInSquareFeet({
    minSize: filters.minSize,
    maxSize: filters.maxSize,
    sizeUnit: filters.sizeUnit ?? 'sqft',
  });
  values.minSqft = size.min;
  values.maxSqft = size.max;
  values.maxPricePerSqft = maxPricePerSqftOf(values.maxPrice, values.minSqft);
  return values;
}

/**
 * What a price cap and a minimum size imply together: a listing starting at most `maxPrice`
 * with at least `minSqft` costs at most `maxPrice / minSqft` per sq ft (rounding is monotonic,
 * and PostgreSQL divides the same doubles, so no match is dropped; a bound too large for a
 * double is Infinity, which drops nothing). Prices follow sizes, so the two filters alone
 * often leave nothing, and the planner, which multiplies their separate estimates, expected
 * thousands of matches and walked every listing of the type to find none (ADR 33: 109 ms to
 * 0.1 ms). Said as a cap on the price-per-sq-ft key, which has statistics of its own
 * (migration 0021), it sees how few listings are left and reads them from that key's index.
 */
function maxPricePerSqftOf(maxPrice?: number, minSqft?: number): number | undefined {
  return maxPrice === undefined || minSqft === undefined ? undefined : maxPrice / minSqft;
}

/** The types a search chose, one or several; none when it chose none. */
export function chosenTypesOf(values: SearchValues): string[] {
  return values.type !== undefined ? [values.type] : (values.types ?? []);
}

/**
 * A single chosen type is an equality (ADR 33): PostgreSQL walks an index led by the type in
 * its order only for `type = $1`, not for `type = any($1)`, even with one element.
 */
function typeValues(types: string[] | undefined): Pick<SearchValues, 'type' | 'types'> {
  if (types === undefined) return {};
  const distinct = [...new Set(types)];
  return distinct.length === 1 ? { type: distinct[0] } : { types: distinct };
}

const SEARCH_FILTER_NAMES: SearchFilterName[] = [
  'pattern',
  'placeDivisions',
  'placeDistricts',
  'placeAreas',
  'minPrice',
  'maxPrice',
  'type',
  'types',
  'division',
  'district',
  'area',
  'minBedrooms',
  'minBathrooms',
  'minSqft',
  'maxSqft',
  'maxPricePerSqft',
  'amenities',
  'completion',
];

export function searchShapeOf(values: SearchValues): SearchShape {
  return Object.fromEntries(
    SEARCH_FILTER_NAMES.map((name) => [name, values[name] !== undefined]),
  ) as SearchShape;
}

/** The shape as a short stable name (one digit per filter), for prepared statements. */
export function searchShapeName(shape: SearchShape): string {
  return SEARCH_FILTER_NAMES.map((name) => Number(shape[name])).join('');
}

export const searchPlaceholders: Record<SearchFilterName, SQLWrapper> = Object.fromEntries(
  SEARCH_FILTER_NAMES.map((name) => [name, sql.placeholder(name)]),
) as unknown as Record<SearchFilterName, SQLWrapper>;

/** Literal values or placeholders: the conditions are the same text either way. */
type ConditionValues = Partial<Record<SearchFilterName, unknown>>;

/**
 * The conditions of a shape over values or placeholders. A fact filter compares a column that
 * is null when the fact is not stated, so such listings never match it (and appear only
 * unfiltered). `withoutTypes` leaves the type filter out, for the counts per type.
 * `priceWindowAsRange: false` writes the price window so that no index on the price can
 * serve it (`price_min + 0`, no lower bound): a page in another order then walks that
 * order's index checking the window on each entry, instead of a plan that trusts the
 * planner's (often far too low) estimate of the window's matches, fetches them all and
 * sorts them (ADR 33: 1 851 ms → 1–1.5 ms on 1 M listings).
 */
export function searchConditions(
  shape: SearchShape,
  values: ConditionValues,
  { withoutTypes = false, priceWindowAsRange = true } = {},
): (SQL | undefined)[] {
  const v = asParameters(values);
  return [
    shape.pattern ? locationCondition(shape, v) : undefined,
    shape.minPrice ? sql`${listing.priceMax} >= ${v.minPrice}` : undefined,
    shape.minPrice && priceWindowAsRange ? startsNearPriceWindow(v.minPrice) : undefined,
    shape.maxPrice
      ? priceWindowAsRange
        ? sql`${listing.priceMin} <= ${v.maxPrice}`
        : sql`${listing.priceMin} + 0 <= ${v.maxPrice}`
      : undefined,
    shape.type && !withoutTypes ? sql`${listing.type} = ${v.type}::listing_type` : undefined,
    shape.types && !withoutTypes
      ? sql`${listing.type} = any(${v.types}::listing_type[])`
      : undefined,
    shape.division ? sql`${listing.division} = ${v.division}` : undefined,
    shape.district ? sql`${listing.district} = ${v.district}` : undefined,
    shape.area ? sql`${listing.area} = ${v.area}` : undefined,
    shape.minBedrooms ? sql`${listing.bedrooms} >= ${v.minBedrooms}` : undefined,
    shape.minBathrooms ? sql`${listing.bathrooms} >= ${v.minBathrooms}` : undefined,
    shape.minSqft ? sql`${listing.sizeSqft} >= ${v.minSqft}::float8` : undefined,
    shape.maxSqft ? sql`${listing.sizeSqft} <= ${v.maxSqft}::float8` : undefined,
    shape.maxPricePerSqft
      ? sql`${listingPricePerSqftKey} <= ${v.maxPricePerSqft}::float8`
      : undefined,
    shape.amenities
      ? sql`(${listing.amenityMask} & ${v.amenities}::smallint) = ${v.amenities}::smallint`
      : undefined,
    shape.completion ? sql`${listing.completion} = ${v.completion}::listing_completion` : undefined,
  ];
}

/**
 * A list value is sent as one array parameter (a JS array in a query would be spread into a
 * list of parameters); placeholders and single values go as they are.
 */
function asParameters(values: ConditionValues): ConditionValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      Array.isArray(value) ? sql.param(value) : value,
    ]),
  );
}

/** The address line contains the text, or the listing lies in a place the text names. */
function locationCondition(shape: SearchShape, v: ConditionValues): SQL {
  const places = [
    shape.placeDivisions ? sql`${listing.division} = any(${v.placeDivisions}::text[])` : undefined,
    shape.placeDistricts ? sql`${listing.district} = any(${v.placeDistricts}::text[])` : undefined,
    shape.placeAreas ? sql`${listing.area} = any(${v.placeAreas}::text[])` : undefined,
  ].filter((condition) => condition !== undefined);
  const address = sql`${listing.location} ilike ${v.pattern}`;
  return places.length === 0 ? address : sql`(${sql.join([address, ...places], sql` or `)})`;
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
