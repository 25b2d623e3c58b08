import { LISTING_SORTS, type ListingSort } from './listings.ts';

/** What the all-properties page filters by; absent means "no filter". */
export type ListingBrowseFilters = {
  location?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: ListingSort;
};

function wholeTakaOrUndefined(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const amount = Number(value.trim());
  return amount > 0 ? amount : undefined;
}

/**
 * The filters an all-properties address asks for (`?location=…&minPrice=…&maxPrice=…&sort=…`).
 * The web app searches with them, and the API's page shell answers the same search ahead of
 * it, so both read the address here. What the API would refuse is left out: an unknown sort,
 * a price that is not whole taka, a reversed price window (`priceOrderWrong`, which the page
 * explains).
 */
export function listingBrowseFiltersFrom(params: URLSearchParams): {
  filters: ListingBrowseFilters;
  priceOrderWrong: boolean;
} {
  const location = params.get('location')?.trim() || undefined;
  const minPrice = wholeTakaOrUndefined(params.get('minPrice'));
  const maxPrice = wholeTakaOrUndefined(params.get('maxPrice'));
  const sortParam = params.get('sort');
  const sort = LISTING_SORTS.includes(sortParam as ListingSort)
    ? (sortParam as ListingSort)
    : undefined;
  const priceOrderWrong = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
  return {
    filters: {
      location,
      sort,
      ...(priceOrderWrong ? {} : { minPrice, maxPrice }),
    },
    priceOrderWrong,
  };
}
