import { apiUrls, ListingDetailsSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { PREFETCHED_PAGE_STALE_TIME } from '../../../lib/query-client.ts';
import { listingKeys } from './keys.ts';

/** One property: public for everyone signed in, any status for its agent and admins. */
export function getListing(id: string, signal?: AbortSignal) {
  return apiRequest(apiUrls.listing(id), {
    schema: ListingDetailsSchema,
    signal,
  });
}

export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listingKeys.details(id),
    queryFn: ({ signal }) => getListing(id, signal),
    staleTime: PREFETCHED_PAGE_STALE_TIME,
  });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}

/** A 404, or an id that cannot be one (the API refuses it with 400/422): nothing to show. */
export function isMissingListing(error: unknown): boolean {
  return error instanceof ApiError && [400, 404, 422].includes(error.status);
}
