import { apiUrls } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PREFETCHED_PAGE_STALE_TIME } from '../../../lib/query-client.ts';
import { reviewsKey } from './keys.ts';
import { firstPage, getReviewPage, nextCursorOf } from './review-pages.ts';

export function getListingReviews(listingId: string, cursor?: string, signal?: AbortSignal) {
  return getReviewPage(apiUrls.listingReviews(listingId), cursor, signal);
}

export const listingReviewsQueryOptions = (listingId: string) =>
  infiniteQueryOptions({
    queryKey: [...reviewsKey, 'listing', listingId],
    queryFn: ({ pageParam, signal }) => getListingReviews(listingId, pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: nextCursorOf,
    staleTime: PREFETCHED_PAGE_STALE_TIME,
  });

export function useListingReviews(listingId: string) {
  return useInfiniteQuery(listingReviewsQueryOptions(listingId));
}
