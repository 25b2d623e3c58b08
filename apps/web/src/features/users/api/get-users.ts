import { UserPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKey } from './keys.ts';

/** Accounts, newest first; `q` searches name and email (admin). */
export function getUsers(q: string, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params}` : '';
  return apiRequest(`/api/v1/users${query}`, { schema: UserPageSchema, signal });
}

export const usersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...usersKey, { q }],
    queryFn: ({ pageParam, signal }) => getUsers(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Keep the table on screen while a new search loads.
    placeholderData: (previous) => previous,
  });

export function useUsers(q: string) {
  return useInfiniteQuery(usersQueryOptions(q));
}
