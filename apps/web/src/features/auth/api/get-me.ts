import { apiUrls, SessionStateSchema, type User } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/**
 * The signed-in account, or null for a visitor. Asked of /session, which answers 200 either
 * way: a visitor's first page load then logs no failed request in the console. The server
 * writes this answer into every page it serves (lib/first-answers.ts), so a first load does
 * not ask for it.
 */
export async function getMe(): Promise<User | null> {
  const { user } = await apiRequest(apiUrls.session, { schema: SessionStateSchema });
  return user;
}

export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: getMe,
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
