import type { SignUpFields } from '@basha/domain';
import { APIError } from 'better-auth/api';
import type { Auth } from '../../auth/better-auth.ts';
import { AppError, isUniqueViolation } from '../../http/app-error.ts';
import { storeImage } from '../../media/images.ts';
import type { MediaStorage } from '../../media/storage.ts';

export const PROFILE_PHOTO_VARIANTS = [{ width: 256, height: 256 }] as const;
const duplicateEmailMessage = 'An account with this email already exists. Please log in instead.';

/** Creates a `user` account with its photo; the photo is removed again if the account is not. */
export async function signUp(
  deps: { auth: Auth; storage: MediaStorage },
  fields: SignUpFields,
  photo: Buffer,
): Promise<{ id: string; name: string; email: string; image: string | null }> {
  const stored = await storeImage(deps.storage, 'profile-photos', photo, PROFILE_PHOTO_VARIANTS);
  try {
    const { user } = await deps.auth.api.signUpEmail({
      body: {
        name: fields.name,
        email: fields.email,
        password: fields.password,
        image: stored.url,
      },
    });
    return { id: user.id, name: user.name, email: user.email, image: user.image ?? null };
  } catch (error) {
    await Promise.all(stored.keys.map((key) => deps.storage.delete(key)));
    if (
      isUniqueViolation(error) ||
      (error instanceof APIError && String(error.body?.code).startsWith('USER_ALREADY_EXISTS'))
    ) {
      throw new AppError('CONFLICT', duplicateEmailMessage);
    }
    throw error;
  }
}
