import { type EmailPreferencesChange, EmailSettingsSchema } from '@basha/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedSearchKeys } from './keys.ts';

const URL = '/api/v1/me/email-preferences';

export const emailPreferencesQueryOptions = queryOptions({
  queryKey: savedSearchKeys.emailPreferences,
  queryFn: ({ signal }) => apiRequest(URL, { schema: EmailSettingsSchema, signal }),
});

/** The account's email language, which notifications it gets by email, and whether email is sent at all. */
export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions);
}

export function useChangeEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EmailPreferencesChange) =>
      apiRequest(URL, { method: 'PATCH', body: change, schema: EmailSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(savedSearchKeys.emailPreferences, saved),
  });
}
