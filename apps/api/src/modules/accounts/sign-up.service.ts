import type { SignUpFields } from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import type { Auth } from '../../auth/better-auth.ts';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { encodeImage, storeImage } from '../../media/images.ts';
import type { MediaStorage } from '../../media/storage.ts';

export const PROFILE_PHOTO_VARIANTS = [{ width: 256, height: 256 }] as const;

type SignUpDeps = { auth: Auth; db: Database; storage: MediaStorage };

/**
 * Creates a `user` account with its photo, unless the email is taken: then nothing is
 * written and nothing is said, and the same work is done (photo checked and encoded,
 * password hashed) so neither the answer nor its timing tells the two apart (ADR 0011).
 * The photo is removed again if the account is not created. Returns the new account's id,
 * or null when the email was taken (for the server's own callers, never for the client).
 */
export async function signUp(
  deps: SignUpDeps,
  fields: SignUpFields,
  photo: Buffer,
): Promise<string | null> {
  if (await emailIsTaken(deps.db, fields.email)) {
    await encodeImage(photo, PROFILE_PHOTO_VARIANTS);
    await (await deps.auth.$context).password.hash(fields.password);
    return null;
  }
  const stored = await storeImage(deps.storage, 'profile-photos', photo, PROFILE_PHOTO_VARIANTS);
  const removePhoto = () => Promise.all(stored.keys.map((key) => deps.storage.delete(key)));
  try {
    const { user: created } = await deps.auth.api.signUpEmail({
      body: {
        name: fields.name,
        email: fields.email,
        password: fields.password,
        image: stored.url,
      },
    });
    // better-auth answers a duplicate with a look-alike success when auto sign-in is off;
    // a racing duplicate shows up here as a user that was never stored.
    if (await userExists(deps.db, created.id)) {
      if (fields.language) {
        await deps.db
          .update(user)
          .set({ language: fields.language })
          .where(eq(user.id, created.id));
      }
      return created.id;
    }
    await removePhoto();
    return null;
  } catch (error) {
    await removePhoto();
    // The unique index on lower(email) is the final word when two sign-ups race.
    if (await emailIsTaken(deps.db, fields.email)) return null;
    throw error;
  }
}

async function emailIsTaken(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return rows.length > 0;
}

async function userExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
  return rows.length > 0;
}
