import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshAfterUserChange } from './change-user.ts';

/** Deletes an account whose role is user (admin). */
export function deleteUser(userId: string) {
  return apiRequest(`/api/v1/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    schema: z.null(),
  });
}

export function useDeleteUser() {
  const refresh = useRefreshAfterUserChange();
  return useMutation({ mutationFn: deleteUser, onSettled: refresh });
}
