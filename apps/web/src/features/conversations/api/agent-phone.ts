import { AgentPhoneSchema } from '@basha/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { CONVERSATIONS_KEY } from './keys.ts';

const PHONE_KEY = [...CONVERSATIONS_KEY, 'my-phone'] as const;

/** The signed-in agent's phone number, as buyers see it. */
export function useMyPhone(enabled: boolean) {
  return useQuery({
    queryKey: PHONE_KEY,
    queryFn: ({ signal }) => apiRequest('/api/v1/me/phone', { schema: AgentPhoneSchema, signal }),
    enabled,
  });
}

export function useSaveMyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) =>
      apiRequest('/api/v1/me/phone', {
        method: 'PUT',
        body: { phone: phone.trim() === '' ? null : phone },
        schema: AgentPhoneSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(PHONE_KEY, saved);
      // Details pages show the number.
      return queryClient.invalidateQueries({ queryKey: queryRoots.listings });
    },
  });
}
