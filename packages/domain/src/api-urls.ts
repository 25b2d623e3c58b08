import type { ListingBrowseFilters } from './listing-browse-filters.ts';
import { listingSearchParams } from './listing-search.ts';
import { BROWSE_PAGE_SIZE } from './listings.ts';

/**
 * The URLs of the API's reads that a page may ask for first, built in one place: the web
 * app's client requests exactly these, and the API's page shell inlines the answers keyed by
 * them (ADR 7), so a URL built two ways would silently cost the page a request.
 */
export const apiUrls = {
  session: '/api/v1/session',
  latestListings: '/api/v1/listings/latest',
  featuredReviews: '/api/v1/reviews/featured',
  listingBrowse(filters: ListingBrowseFilters, cursor?: string | null): string {
    const query = new URLSearchParams({ limit: String(BROWSE_PAGE_SIZE) });
    for (const [name, value] of listingSearchParams(filters)) query.append(name, value);
    if (cursor) query.set('cursor', cursor);
    return `/api/v1/listings?${query}`;
  },
  /** How many listings match a search, and how many of each type (beside its first page). */
  listingSearchCounts: (filters: ListingBrowseFilters) => {
    const query = listingSearchParams(filters);
    query.delete('sort');
    return query.size > 0 ? `/api/v1/listings/counts?${query}` : '/api/v1/listings/counts';
  },
  listing: (listingId: string) => `/api/v1/listings/${encodeURIComponent(listingId)}`,
  /** The first page of a listing's reviews (later pages add `?cursor=`). */
  listingReviews: (listingId: string) =>
    `/api/v1/listings/${encodeURIComponent(listingId)}/reviews`,
  wishlist: (cursor?: string | null) =>
    cursor ? `/api/v1/wishlist?cursor=${encodeURIComponent(cursor)}` : '/api/v1/wishlist',
  /** The caller's wishlist item holding the listing, if any (a page of at most one). */
  wishlistEntry: (listingId: string) =>
    `/api/v1/wishlist?listingId=${encodeURIComponent(listingId)}`,
};
