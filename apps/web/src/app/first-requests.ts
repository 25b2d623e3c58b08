import type { FirstRequest } from '@basha/domain';
import type { QueryClient } from '@tanstack/react-query';
import { browseListingsQueryOptions } from '../features/listings/api/browse-listings.ts';
import { latestListingsQueryOptions } from '../features/listings/api/get-latest-listings.ts';
import { listingQueryOptions } from '../features/listings/api/get-listing.ts';
import { searchCountsQueryOptions } from '../features/listings/api/get-search-counts.ts';
import { featuredReviewsQueryOptions } from '../features/reviews/api/get-featured-reviews.ts';
import { listingReviewsQueryOptions } from '../features/reviews/api/get-listing-reviews.ts';
import { wishlistQueryOptions } from '../features/wishlist/api/get-wishlist.ts';
import { wishlistEntryQueryOptions } from '../features/wishlist/api/get-wishlist-entry.ts';

/**
 * Asks for one of a page's first requests (the domain's page table) through the query the
 * page itself renders from, so the page finds the answer there; each of those queries
 * requests the table's URL (the same `apiUrls` builders), which is also the key of the
 * answer the server inlined. Resolves to the answer to that URL: for a paged list, its
 * first page.
 */
export async function fetchFirstRequest(
  queryClient: QueryClient,
  request: FirstRequest,
): Promise<unknown> {
  switch (request.read) {
    case 'latestListings':
      return queryClient.fetchQuery(latestListingsQueryOptions);
    case 'featuredReviews':
      return queryClient.fetchQuery(featuredReviewsQueryOptions);
    case 'listingBrowse': {
      const browse = await queryClient.fetchInfiniteQuery(
        browseListingsQueryOptions(request.filters),
      );
      return browse.pages[0];
    }
    case 'listingSearchCounts':
      return queryClient.fetchQuery(searchCountsQueryOptions(request.filters));
    case 'listing':
      return queryClient.fetchQuery(listingQueryOptions(request.listingId));
    case 'listingReviews': {
      const reviews = await queryClient.fetchInfiniteQuery(
        listingReviewsQueryOptions(request.listingId),
      );
      return reviews.pages[0];
    }
    case 'wishlist': {
      const wishlist = await queryClient.fetchInfiniteQuery(wishlistQueryOptions);
      return wishlist.pages[0];
    }
    case 'wishlistEntry':
      // The entry itself, not the page of at most one holding it: never a page's main request.
      return queryClient.fetchQuery(wishlistEntryQueryOptions(request.listingId, true));
  }
}
