import { z } from 'zod/mini';
import {
  AMENITIES,
  AmenitySchema,
  CompletionStatusSchema,
  LISTING_TYPES,
  ListingTypeSchema,
  numberFromField,
  optionalWholeNumber,
  SizeUnitSchema,
  squareFeetOf,
} from './listing-facts.ts';
import { LISTING_ROOMS_MAX } from './listing-facts-messages.ts';
import { listingLocationMessages } from './listing-location-messages.ts';
import { listingSearchMessages as messages } from './listing-search-messages.ts';
import { LISTING_SORTS, ListingBrowseQuerySchema } from './listings.ts';
import { listingMessages } from './listings-messages.ts';
import { placeById } from './locations.ts';
import { blankAsMissing, listOfValues, text } from './text.ts';

/**
 * The orders of all properties: the existing three, the lowest price per square foot first
 * (the range's lower end over the canonical size, as the price sorts use the lower end), and
 * the largest first.
 */
export const LISTING_SEARCH_SORTS = [...LISTING_SORTS, 'price_per_sqft', 'size'] as const;
export const ListingSearchSortSchema = z.enum(LISTING_SEARCH_SORTS);
export type ListingSearchSort = z.infer<typeof ListingSearchSortSchema>;

/** A size filter's bound, in the chosen unit: a number more than 0 (Bangla digits welcome). */
export const SizeBoundSchema = z.pipe(
  z.transform(numberFromField),
  z.optional(
    z
      .number({ error: messages.sizeFilterInvalid })
      .check(z.refine((n) => Number.isFinite(n) && n > 0, messages.sizeFilterInvalid)),
  ),
);

/** A set of choices in the catalog's order, so equal searches read (and cache) alike. */
const choiceSet = <Value extends string>(
  all: readonly Value[],
  choice: z.ZodMiniType<Value, unknown>,
) =>
  z.pipe(
    z.transform(listOfValues),
    z.optional(
      z.pipe(
        z.array(choice),
        z.transform((chosen) => {
          const ordered = all.filter((value) => chosen.includes(value));
          return ordered.length > 0 ? ordered : undefined;
        }),
      ),
    ),
  );

/** Ids are short slugs: a long value is no id, refused without a lookup. */
const placeId = (unknown: string) =>
  z.pipe(z.transform(blankAsMissing), z.optional(text().check(z.trim(), z.maxLength(60, unknown))));

const { location, minPrice, maxPrice, sort: _sort, ...pageShape } = ListingBrowseQuerySchema.shape;

/** The filters of a search: what the browse query and the counts query share. */
const searchFilterShape = {
  location,
  minPrice,
  maxPrice,
  division: placeId(listingLocationMessages.divisionUnknown),
  district: placeId(listingLocationMessages.districtUnknown),
  area: placeId(listingLocationMessages.areaUnknown),
  types: choiceSet(LISTING_TYPES, ListingTypeSchema),
  minBedrooms: optionalWholeNumber(messages.minBedroomsInvalid, 0, LISTING_ROOMS_MAX),
  minBathrooms: optionalWholeNumber(messages.minBathroomsInvalid, 0, LISTING_ROOMS_MAX),
  minSize: SizeBoundSchema,
  maxSize: SizeBoundSchema,
  /** The unit of minSize and maxSize; square feet unless chosen. */
  sizeUnit: z.pipe(z.transform(blankAsMissing), z._default(SizeUnitSchema, 'sqft')),
  amenities: choiceSet(AMENITIES, AmenitySchema),
  completion: z.pipe(z.transform(blankAsMissing), z.optional(CompletionStatusSchema)),
};

type SearchFilterInput = {
  minPrice?: number;
  maxPrice?: number;
  minSize?: number;
  maxSize?: number;
  division?: string;
  district?: string;
  area?: string;
};

const windowEnd = (n: number | undefined): n is number =>
  n !== undefined && Number.isFinite(n) && n > 0;
const upsideDown = (min: number | undefined, max: number | undefined) =>
  windowEnd(min) && windowEnd(max) && min > max;

/** The rules between filters: windows the right way up, places inside each other. */
const searchFilterRules = z.superRefine((query: SearchFilterInput, context) => {
  const refuse = (fields: string[], message: string) => {
    for (const field of fields) {
      context.addIssue({ code: 'custom', message, path: [field], input: query });
    }
  };
  // Both ends of an upside-down window are named, so a lenient reader drops both. An end
  // refused on its own ("-50") is no end: the other stays.
  if (upsideDown(query.minPrice, query.maxPrice)) {
    refuse(['minPrice', 'maxPrice'], listingMessages.filterPriceRange);
  }
  if (upsideDown(query.minSize, query.maxSize)) {
    refuse(['minSize', 'maxSize'], messages.sizeFilterRange);
  }
  const division = query.division && placeById('division', query.division);
  const district = query.district && placeById('district', query.district);
  const area = query.area && placeById('area', query.area);
  if (query.division && !division) refuse(['division'], listingLocationMessages.divisionUnknown);
  if (query.district && !district) refuse(['district'], listingLocationMessages.districtUnknown);
  if (query.area && !area) refuse(['area'], listingLocationMessages.areaUnknown);
  if (division && district && district.parent !== division.id) {
    refuse(['district'], listingLocationMessages.districtOutsideDivision);
  }
  if (district && area && area.parent !== district.id) {
    refuse(['area'], listingLocationMessages.areaOutsideDistrict);
  }
});

/**
 * The search of all properties: the existing filters with their names and meaning unchanged
 * (`location`, `minPrice`, `maxPrice`, `sort`, paging), and the filters on a listing's facts
 * and structured location. An empty parameter means "no filter". Each parameter is one
 * field here, so a search is a link (`listingSearchParams`) that reads back as the same search
 * (`listingSearchFromParams`).
 */
export const ListingSearchQuerySchema = z
  .object({
    ...pageShape,
    ...searchFilterShape,
    sort: z.pipe(z.transform(blankAsMissing), z._default(ListingSearchSortSchema, 'newest')),
  })
  .check(searchFilterRules);
export type ListingSearchQuery = z.infer<typeof ListingSearchQuerySchema>;

/** What a search filters and sorts by: the query without its page. */
export type ListingSearch = Omit<ListingSearchQuery, 'cursor' | 'limit'>;

/**
 * Counting stops at this many listings: "10,000+ properties" says enough, and a count costs
 * as many rows as it counts (ADR 33).
 */
export const LISTING_SEARCH_COUNT_CAP = 10_000;

/**
 * Beside a search's first page: how many listings match it ("1,234 properties") and how many
 * of each type would match with the type filter alone left out, so every type's checkbox can
 * say what choosing it gives. Counting stops at the cap: the total at the cap is `capped`,
 * and the types' counts, made over the first matches of every type, are lower bounds once
 * those matches reached the cap (`typesCapped`), even when the chosen types' total did not.
 */
export const ListingSearchCountsSchema = z.object({
  total: z.int(),
  byType: z.record(ListingTypeSchema, z.int()),
  /** True when counting stopped at the cap; the API always says, an absent flag means false. */
  capped: z.optional(z.boolean()),
  /** True when each type's count is a lower bound ("5,000+"); absent means false. */
  typesCapped: z.optional(z.boolean()),
});

/** The query of the counts: a search without its order and page. */
export const ListingSearchCountsQuerySchema = z.object(searchFilterShape).check(searchFilterRules);
export type ListingSearchCountsQuery = z.infer<typeof ListingSearchCountsQuerySchema>;
export type ListingSearchCounts = z.infer<typeof ListingSearchCountsSchema>;

/** The size window in canonical square feet, whatever unit it was typed in. */
export function sizeWindowInSquareFeet(
  search: Pick<ListingSearch, 'minSize' | 'maxSize' | 'sizeUnit'>,
) {
  return {
    min: search.minSize === undefined ? undefined : squareFeetOf(search.minSize, search.sizeUnit),
    max: search.maxSize === undefined ? undefined : squareFeetOf(search.maxSize, search.sizeUnit),
  };
}

/** The parameters of a search link, in this order; a search's defaults are left out. */
export const LISTING_SEARCH_PARAMS = [
  'location',
  'division',
  'district',
  'area',
  'types',
  'minPrice',
  'maxPrice',
  'minBedrooms',
  'minBathrooms',
  'minSize',
  'maxSize',
  'sizeUnit',
  'amenities',
  'completion',
  'sort',
] as const satisfies readonly (keyof ListingSearch)[];

const MULTI_VALUED = new Set<string>(['types', 'amenities']);

/**
 * A search as link parameters: several values as repeated parameters (`types=apartment&
 * types=duplex`), defaults left out (newest first; square feet, and the unit at all when no
 * size is filtered), in one order, so one search has one link.
 */
export function listingSearchParams(search: Partial<ListingSearch>): URLSearchParams {
  const params = new URLSearchParams();
  const sized = search.minSize !== undefined || search.maxSize !== undefined;
  for (const name of LISTING_SEARCH_PARAMS) {
    const value = search[name];
    if (value === undefined) continue;
    if (name === 'sort' && value === 'newest') continue;
    if (name === 'sizeUnit' && (!sized || value === 'sqft')) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  return params;
}

/** Link parameters as the object a query parser gives: repeated names as lists. */
function paramsObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    object[name] = MULTI_VALUED.has(name) ? params.getAll(name) : (params.get(name) ?? '');
  }
  return object;
}

/**
 * The search a link asks for. Lenient, as links are old or hand-edited: a parameter the API
 * would refuse is left out (and named in `dropped`, so the page can say why) instead of
 * failing the whole search; unknown parameters are ignored.
 */
export function listingSearchFromParams(params: URLSearchParams): {
  search: ListingSearch;
  dropped: string[];
} {
  const given = paramsObject(params);
  delete given.cursor;
  delete given.limit;
  const dropped: string[] = [];
  // Each round drops at least one parameter, so this ends.
  for (;;) {
    const parsed = ListingSearchQuerySchema.safeParse(given);
    if (parsed.success) {
      const { cursor: _cursor, limit: _limit, ...search } = parsed.data;
      return { search, dropped };
    }
    const failed = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const droppable = [...failed].filter((name) => name in given);
    if (droppable.length === 0) throw parsed.error;
    for (const name of droppable) {
      delete given[name];
      dropped.push(name);
    }
  }
}
