import { UserSchema } from '@basha/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshAfterUserChange } from './change-user.ts';

/** Marks an agent as fraud; the server delists all of the agent's properties (admin). */
export function markAgentFraud(userId: string) {
  return apiRequest(`/api/v1/users/${encodeURIComponent(userId)}/fraud`, {
    method: 'POST',
    schema: UserSchema,
  });
}

export function useMarkAgentFraud() {
  const refresh = useRefreshAfterUserChange();
  return useMutation({ mutationFn: markAgentFraud, onSettled: refresh });
}
