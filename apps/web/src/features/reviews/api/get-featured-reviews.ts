import { apiUrls, FeaturedReviewsSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PREFETCHED_PAGE_STALE_TIME } from '../../../lib/query-client.ts';
import { reviewsKey } from './keys.ts';

/** The home page strip: featured reviews first, topped up with the latest (public). */
export function getFeaturedReviews(signal?: AbortSignal) {
  return apiRequest(apiUrls.featuredReviews, { schema: FeaturedReviewsSchema, signal });
}

export const featuredReviewsQueryOptions = queryOptions({
  queryKey: [...reviewsKey, 'featured'],
  queryFn: ({ signal }) => getFeaturedReviews(signal),
  staleTime: PREFETCHED_PAGE_STALE_TIME,
});

export function useFeaturedReviews() {
  return useQuery(featuredReviewsQueryOptions);
}
