import { type OfferStatus, ReceivedOfferPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFERS_KEY } from './keys.ts';

export function getReceivedOffersPage(
  { cursor, status }: { cursor: string | null; status?: OfferStatus },
  signal?: AbortSignal,
) {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params}` : '';
  return apiRequest(`/api/v1/offers/received${query}`, {
    schema: ReceivedOfferPageSchema,
    signal,
  });
}

export const receivedOffersQueryOptions = (status?: OfferStatus) =>
  infiniteQueryOptions({
    queryKey: [...OFFERS_KEY, 'received', status ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      getReceivedOffersPage({ cursor: pageParam, status }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Offers on the agent's listings, newest first, optionally of one status. */
export function useReceivedOffers(status?: OfferStatus) {
  return useInfiniteQuery(receivedOffersQueryOptions(status));
}
