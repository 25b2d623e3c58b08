import { DeviceSessionListSchema, SignedOutSessionsSchema } from '@basha/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** The signed-in account's devices (browser, address, time); never a session token. */
export const mySessionsQueryOptions = queryOptions({
  queryKey: authKeys.mySessions,
  queryFn: async () =>
    (await apiRequest('/api/v1/me/sessions', { schema: DeviceSessionListSchema })).items,
});

export function useMySessions() {
  return useQuery(mySessionsQueryOptions);
}

/** Signs one of your own sessions out by its id. */
export function signOutSession(id: string) {
  return apiRequest(`/api/v1/me/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: z.null(),
  });
}

/** Signs out every session of yours but this one; answers how many. */
export function signOutOtherSessions() {
  return apiRequest('/api/v1/me/sessions/others', {
    method: 'DELETE',
    schema: SignedOutSessionsSchema,
  });
}

function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mySessionsQueryOptions.queryKey });
}

export function useSignOutSession() {
  return useMutation({ mutationFn: signOutSession, onSettled: useRefreshSessions() });
}

export function useSignOutOtherSessions() {
  return useMutation({ mutationFn: signOutOtherSessions, onSettled: useRefreshSessions() });
}
