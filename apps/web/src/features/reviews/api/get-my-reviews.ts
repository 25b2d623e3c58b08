import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { reviewsKey } from './keys.ts';
import { firstPage, getReviewPage, nextCursorOf } from './review-pages.ts';

export function getMyReviews(cursor?: string, signal?: AbortSignal) {
  return getReviewPage('/api/v1/reviews/mine', cursor, signal);
}

export const myReviewsQueryOptions = infiniteQueryOptions({
  queryKey: [...reviewsKey, 'mine'],
  queryFn: ({ pageParam, signal }) => getMyReviews(pageParam, signal),
  initialPageParam: firstPage,
  getNextPageParam: nextCursorOf,
});

export function useMyReviews() {
  return useInfiniteQuery(myReviewsQueryOptions);
}
