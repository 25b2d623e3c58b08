import { type EmailPreferencesChange, EmailPreferencesSchema } from '@basha/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedSearchKeys } from './keys.ts';

const URL = '/api/v1/me/email-preferences';

export const emailPreferencesQueryOptions = queryOptions({
  queryKey: savedSearchKeys.emailPreferences,
  queryFn: ({ signal }) => apiRequest(URL, { schema: EmailPreferencesSchema, signal }),
});

/** The account's email language and which notifications it gets by email. */
export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions);
}

export function useChangeEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EmailPreferencesChange) =>
      apiRequest(URL, { method: 'PATCH', body: change, schema: EmailPreferencesSchema }),
    onSuccess: (saved) => queryClient.setQueryData(savedSearchKeys.emailPreferences, saved),
  });
}
