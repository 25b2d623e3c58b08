import type { SignIn } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { meQueryOptions } from './get-me.ts';

export function logIn(input: SignIn) {
  return apiRequest('/api/auth/sign-in/email', {
    method: 'POST',
    body: input,
    schema: z.unknown(),
  });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    // Everything cached so far belonged to a visitor (or someone else): start afresh.
    onSuccess: async () => {
      queryClient.removeQueries();
      await queryClient.fetchQuery(meQueryOptions);
    },
  });
}
