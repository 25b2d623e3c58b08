import type { Language } from '@basha/domain';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Starts the Google round trip: the server answers with the provider's URL to visit. The
 * page's language becomes a new account's emails' language, as with the sign-up form.
 */
export async function signInWithGoogle(returnTo: string, language: Language): Promise<void> {
  const { url } = await apiRequest('/api/auth/sign-in/social', {
    method: 'POST',
    body: {
      provider: 'google',
      callbackURL: returnTo,
      errorCallbackURL: '/login',
      additionalData: { language },
    },
    schema: z.object({ url: z.string() }),
  });
  window.location.assign(url);
}
