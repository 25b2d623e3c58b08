import {
  PasswordAnswerSchema,
  type PasswordChange,
  type PasswordReset,
  type PasswordResetRequest,
} from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** Asks for a link to choose a new password; the answer is the same for any email. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest('/api/v1/auth/password-reset-requests', {
        method: 'POST',
        body: input,
        schema: PasswordAnswerSchema,
      }),
  });
}

/** Sets the new password with the emailed link's token; every device is signed out. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // This browser too was signed out, if it was signed in: nothing cached is its any more.
    onSuccess: () => queryClient.removeQueries(),
    mutationFn: (input: PasswordReset) =>
      apiRequest('/api/v1/auth/password-resets', {
        method: 'POST',
        body: input,
        schema: PasswordAnswerSchema,
      }),
  });
}

/** Changes the signed-in person's password; their other devices are signed out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // The list of devices on the same page no longer has the others.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.mySessions }),
    mutationFn: (input: PasswordChange) =>
      apiRequest('/api/v1/me/password', {
        method: 'PUT',
        body: input,
        schema: PasswordAnswerSchema,
      }),
  });
}
