import { MyOfferPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFERS_KEY } from './keys.ts';

export function getMyOffersPage(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/v1/offers/mine${query}`, { schema: MyOfferPageSchema, signal });
}

export const myOffersQueryOptions = infiniteQueryOptions({
  queryKey: [...OFFERS_KEY, 'mine'],
  queryFn: ({ pageParam, signal }) => getMyOffersPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** The buyer's offers ("property bought"), newest first, a page at a time. */
export function useMyOffers() {
  return useInfiniteQuery(myOffersQueryOptions);
}
