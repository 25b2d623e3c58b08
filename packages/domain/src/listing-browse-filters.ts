import { type ListingSearch, listingSearchFromParams } from './listing-search.ts';
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
 * address with and without `sort=newest` is one search. `priceOrderWrong` says that both
 * prices were valid but upside down, and `priceProblems` why a price typed on its own was
 * left out ("-500", "lots"): the page explains both beside the fields.
 */
export function listingBrowseFiltersFrom(params: URLSearchParams): {
  filters: ListingBrowseFilters;
  priceOrderWrong: boolean;
  priceProblems: Partial<Record<PriceParam, string>>;
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
    priceOrderWrong:
      dropped.includes('minPrice') &&
      dropped.includes('maxPrice') &&
      priceAlone('minPrice', params) &&
      priceAlone('maxPrice', params),
    priceProblems: Object.fromEntries(
      PRICE_PARAMS.flatMap((name) => {
        const problem = dropped.includes(name) ? priceProblem(name, params) : undefined;
        return problem ? [[name, problem]] : [];
      }),
    ),
  };
}

type PriceParam = 'minPrice' | 'maxPrice';
const PRICE_PARAMS: readonly PriceParam[] = ['minPrice', 'maxPrice'];

/** Whether a price parameter is valid on its own (so only the pair's order was wrong). */
function priceAlone(name: PriceParam, params: URLSearchParams): boolean {
  const value = params.get(name);
  if (value === null) return false;
  const parsed = ListingBrowseQuerySchema.shape[name].safeParse(value);
  return parsed.success && parsed.data !== undefined;
}

/** The message of a price parameter that is no price on its own, if it is not. */
function priceProblem(name: PriceParam, params: URLSearchParams): string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  return ListingBrowseQuerySchema.shape[name].safeParse(value).error?.issues[0]?.message;
}
