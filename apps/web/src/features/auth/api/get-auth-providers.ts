import { AuthProvidersSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

export const authProvidersQueryOptions = queryOptions({
  queryKey: authKeys.providers,
  queryFn: () => apiRequest('/api/v1/auth/providers', { schema: AuthProvidersSchema }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions);
}
