import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { reviewsKey } from './keys.ts';
import { firstPage, getReviewPage, nextCursorOf } from './review-pages.ts';

/** Every review on the site (admin). */
export function getAllReviews(cursor?: string, signal?: AbortSignal) {
  return getReviewPage('/api/v1/reviews', cursor, signal);
}

export const allReviewsQueryOptions = infiniteQueryOptions({
  queryKey: [...reviewsKey, 'all'],
  queryFn: ({ pageParam, signal }) => getAllReviews(pageParam, signal),
  initialPageParam: firstPage,
  getNextPageParam: nextCursorOf,
});

export function useAllReviews() {
  return useInfiniteQuery(allReviewsQueryOptions);
}
