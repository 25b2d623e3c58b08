import type { SignUpFields } from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import type { Auth } from '../../auth/better-auth.ts';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { storeImage } from '../../media/images.ts';
import type { MediaStorage } from '../../media/storage.ts';

export const PROFILE_PHOTO_VARIANTS = [{ width: 256, height: 256 }] as const;
const duplicateEmail = () =>
  new AppError('CONFLICT', 'An account with this email already exists. Please log in instead.');

type SignUpDeps = { auth: Auth; db: Database; storage: MediaStorage };

/** Creates a `user` account with its photo; the photo is removed again if the account is not. */
export async function signUp(
  deps: SignUpDeps,
  fields: SignUpFields,
  photo: Buffer,
): Promise<{ id: string; name: string; email: string; image: string | null }> {
  if (await emailIsTaken(deps.db, fields.email)) throw duplicateEmail();
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
    // better-auth answers a duplicate with a look-alike success (anti-enumeration) when
    // auto sign-in is off; a racing duplicate shows up here as a user that was never stored.
    if (!(await userExists(deps.db, created.id))) {
      await removePhoto();
      throw duplicateEmail();
    }
    return {
      id: created.id,
      name: created.name,
      email: created.email,
      image: created.image ?? null,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    await removePhoto();
    // The unique index on lower(email) is the final word when two sign-ups race.
    if (await emailIsTaken(deps.db, fields.email)) throw duplicateEmail();
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
