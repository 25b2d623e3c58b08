import { AdminSalesPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PAYMENTS_KEY } from './keys.ts';

export function getAdminSalesPage(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/v1/admin/sales${query}`, { schema: AdminSalesPageSchema, signal });
}

/** Every sale on the site, newest first, with its rail and any refund (admins). */
export function useAdminSales() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...PAYMENTS_KEY, 'admin-sales'],
      queryFn: ({ pageParam, signal }) => getAdminSalesPage(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  );
}
