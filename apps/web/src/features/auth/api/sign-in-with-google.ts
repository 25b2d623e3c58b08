import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';

/** Starts the Google round trip: the server answers with the provider's URL to visit. */
export async function signInWithGoogle(returnTo: string): Promise<void> {
  const { url } = await apiRequest('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: returnTo, errorCallbackURL: '/login' },
    schema: z.object({ url: z.string() }),
  });
  window.location.assign(url);
}
