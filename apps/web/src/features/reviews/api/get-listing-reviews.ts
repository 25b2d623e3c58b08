import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { reviewsKey } from './keys.ts';
import { firstPage, getReviewPage, nextCursorOf } from './review-pages.ts';

export function getListingReviews(listingId: string, cursor?: string, signal?: AbortSignal) {
  return getReviewPage(`/api/v1/listings/${encodeURIComponent(listingId)}/reviews`, cursor, signal);
}

export const listingReviewsQueryOptions = (listingId: string) =>
  infiniteQueryOptions({
    queryKey: [...reviewsKey, 'listing', listingId],
    queryFn: ({ pageParam, signal }) => getListingReviews(listingId, pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: nextCursorOf,
  });

export function useListingReviews(listingId: string) {
  return useInfiniteQuery(listingReviewsQueryOptions(listingId));
}
