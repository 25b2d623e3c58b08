import { SalesPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PAYMENTS_KEY } from './keys.ts';

export function getSalesPage(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/v1/sales${query}`, { schema: SalesPageSchema, signal });
}

export const salesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...PAYMENTS_KEY, 'sales'],
    queryFn: ({ pageParam, signal }) => getSalesPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The agent's sold properties, newest first; every page carries the totals over all sales. */
export function useSales() {
  return useInfiniteQuery(salesQueryOptions());
}
