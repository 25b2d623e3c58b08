import { type User, UserSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** The signed-in account, or null for a visitor. */
export async function getMe(): Promise<User | null> {
  try {
    return await apiRequest('/api/v1/me', { schema: UserSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}
