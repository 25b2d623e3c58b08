import {
  MAX_PAGE_SIZE,
  type MyOffer,
  MyOfferPageSchema,
  messageCodeOf,
  offerMessages,
} from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { OFFERS_KEY } from './keys.ts';

/**
 * One of the buyer's offers. The API has no single-offer read yet, so this walks the
 * buyer's own offers (largest pages, newest first: the offer being paid is usually recent).
 */
export async function getMyOffer(id: string, signal?: AbortSignal): Promise<MyOffer> {
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await apiRequest(`/api/v1/offers/mine?limit=${MAX_PAGE_SIZE}${query}`, {
      schema: MyOfferPageSchema,
      signal,
    });
    const offer = page.items.find((item) => item.id === id);
    if (offer) return offer;
    cursor = page.nextCursor;
  } while (cursor);
  throw new ApiError(404, {
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    detail: offerMessages.offerNotFound,
    // Coded as the API codes its own refusals, so the page says it in the reader's language.
    messageCode: messageCodeOf(offerMessages.offerNotFound),
    code: 'NOT_FOUND',
  });
}

export const myOfferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...OFFERS_KEY, 'mine', 'one', id],
    queryFn: ({ signal }) => getMyOffer(id, signal),
  });

export function useMyOffer(id: string) {
  return useQuery(myOfferQueryOptions(id));
}
