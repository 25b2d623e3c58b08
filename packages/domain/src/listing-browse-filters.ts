import { type ListingSearch, listingSearchFromParams, SizeBoundSchema } from './listing-search.ts';
import { ListingBrowseQuerySchema } from './listings.ts';

/**
 * What the all-properties page filters and sorts by; absent means "no filter" (or the
 * default order, newest first).
 */
export type ListingBrowseFilters = Partial<ListingSearch>;

/**
 * The filters an all-properties address asks for. The web app searches with them, and the
 * API's page shell answers the same search ahead of it (ADR 7), so both read the address
 * here, through the one reader of a search link (`listingSearchFromParams`): what the API
 * would refuse is left out. Defaults are left out too (newest first; square feet), so an
 * address with and without `sort=newest` is one search. `priceOrderWrong` and
 * `sizeOrderWrong` say that both ends of a window were valid but upside down, and
 * `priceProblems` and `sizeProblems` why a price or size typed on its own was left out
 * ("-500", "lots"): the page explains both beside the fields.
 */
export function listingBrowseFiltersFrom(params: URLSearchParams): {
  filters: ListingBrowseFilters;
  priceOrderWrong: boolean;
  sizeOrderWrong: boolean;
  priceProblems: Partial<Record<PriceParam, string>>;
  sizeProblems: Partial<Record<SizeParam, string>>;
} {
  const { search, dropped } = listingSearchFromParams(params);
  const { sort, sizeUnit, ...filters } = search;
  const sized = filters.minSize !== undefined || filters.maxSize !== undefined;
  return {
    filters: {
      ...filters,
      ...(sort === 'newest' ? {} : { sort }),
      ...(sized && sizeUnit !== 'sqft' ? { sizeUnit } : {}),
    },
    priceOrderWrong: orderWrong(PRICE_PARAMS, dropped, params),
    sizeOrderWrong: orderWrong(SIZE_PARAMS, dropped, params),
    priceProblems: problemsOf(PRICE_PARAMS, dropped, params),
    sizeProblems: problemsOf(SIZE_PARAMS, dropped, params),
  };
}

type PriceParam = 'minPrice' | 'maxPrice';
const PRICE_PARAMS = ['minPrice', 'maxPrice'] as const;
type SizeParam = 'minSize' | 'maxSize';
const SIZE_PARAMS = ['minSize', 'maxSize'] as const;

/** Each parameter's schema when read on its own. */
const SCHEMA_ALONE = {
  minPrice: ListingBrowseQuerySchema.shape.minPrice,
  maxPrice: ListingBrowseQuerySchema.shape.maxPrice,
  minSize: SizeBoundSchema,
  maxSize: SizeBoundSchema,
};

/** Why each of `names` that the search left out is no value on its own, where it is not. */
function problemsOf<Name extends PriceParam | SizeParam>(
  names: readonly Name[],
  dropped: readonly string[],
  params: URLSearchParams,
): Partial<Record<Name, string>> {
  return Object.fromEntries(
    names.flatMap((name) => {
      const problem = dropped.includes(name) ? problemAlone(name, params) : undefined;
      return problem ? [[name, problem]] : [];
    }),
  ) as Partial<Record<Name, string>>;
}

/** Whether both ends of a window were left out though each is valid: it was upside down. */
function orderWrong(
  [min, max]: readonly [PriceParam, PriceParam] | readonly [SizeParam, SizeParam],
  dropped: readonly string[],
  params: URLSearchParams,
): boolean {
  return (
    dropped.includes(min) &&
    dropped.includes(max) &&
    validAlone(min, params) &&
    validAlone(max, params)
  );
}

/** Whether a parameter is valid on its own (so only the pair's order was wrong). */
function validAlone(name: PriceParam | SizeParam, params: URLSearchParams): boolean {
  const value = params.get(name);
  if (value === null) return false;
  const parsed = SCHEMA_ALONE[name].safeParse(value);
  return parsed.success && parsed.data !== undefined;
}

/** The message of a parameter that is no value of its kind on its own, if it is not. */
function problemAlone(name: PriceParam | SizeParam, params: URLSearchParams): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  return SCHEMA_ALONE[name].safeParse(value).error?.issues[0]?.message;
}
