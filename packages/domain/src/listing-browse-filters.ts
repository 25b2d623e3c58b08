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
 * prices were valid but upside down, which the page explains.
 */
export function listingBrowseFiltersFrom(params: URLSearchParams): {
  filters: ListingBrowseFilters;
  priceOrderWrong: boolean;
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
  };
}

/** Whether a price parameter is valid on its own (so only the pair's order was wrong). */
function priceAlone(name: 'minPrice' | 'maxPrice', params: URLSearchParams): boolean {
  const value = params.get(name);
  if (value === null) return false;
  const parsed = ListingBrowseQuerySchema.shape[name].safeParse(value);
  return parsed.success && parsed.data !== undefined;
}
