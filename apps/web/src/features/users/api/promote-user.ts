import { type PromoteInput, UserSchema } from '@basha/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshAfterUserChange } from './change-user.ts';

/** Makes a plain user an agent or an admin (admin). */
export function promoteUser({ userId, role }: { userId: string; role: PromoteInput['role'] }) {
  return apiRequest(`/api/v1/users/${encodeURIComponent(userId)}/role`, {
    method: 'PATCH',
    body: { role } satisfies PromoteInput,
    schema: UserSchema,
  });
}

export function usePromoteUser() {
  const refresh = useRefreshAfterUserChange();
  return useMutation({ mutationFn: promoteUser, onSettled: refresh });
}
