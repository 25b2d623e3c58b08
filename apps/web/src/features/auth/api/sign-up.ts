import type { SignUpFields } from '@basha/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';

export type SignUpInput = SignUpFields & { photo: File };

export function signUp({ photo, ...fields }: SignUpInput) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', photo);
  return apiRequest('/api/auth/sign-up/email', { method: 'POST', body: form, schema: z.unknown() });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
