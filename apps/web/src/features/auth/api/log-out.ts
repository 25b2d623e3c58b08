import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { meQueryOptions } from './get-me.ts';

export function logOut() {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {}, schema: z.unknown() });
}

export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => {
      queryClient.removeQueries();
      queryClient.setQueryData(meQueryOptions.queryKey, null);
    },
  });
}
