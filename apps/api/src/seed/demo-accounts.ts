import { DEMO_ACCOUNTS, ROLES, type Role } from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Auth } from '../auth/better-auth.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { isUniqueViolation } from '../http/app-error.ts';
import { storeImage } from '../media/images.ts';
import type { MediaStorage } from '../media/storage.ts';
import { PROFILE_PHOTO_VARIANTS } from '../modules/accounts/sign-up.service.ts';

const avatarColours: Record<Role, string> = { user: '#0f766e', agent: '#b45309', admin: '#4338ca' };

/** Creates the three demo accounts that do not exist yet; never touches existing rows. */
export async function seedDemoAccounts(deps: {
  db: Database;
  auth: Auth;
  storage: MediaStorage;
}): Promise<number> {
  let created = 0;
  for (const role of ROLES) {
    const account = DEMO_ACCOUNTS[role];
    const [existing] = await deps.db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, account.email));
    if (existing) continue;
    const photo = await storeImage(
      deps.storage,
      'profile-photos',
      await drawAvatar(account.name, avatarColours[role]),
      PROFILE_PHOTO_VARIANTS,
    );
    try {
      const { user: createdUser } = await deps.auth.api.signUpEmail({
        body: {
          name: account.name,
          email: account.email,
          password: account.password,
          image: photo.url,
        },
      });
      await deps.db
        .update(user)
        .set({ role, emailVerified: true })
        .where(eq(user.id, createdUser.id));
      created++;
    } catch (error) {
      await Promise.all(photo.keys.map((key) => deps.storage.delete(key)));
      // Another process seeded the same account a moment earlier: that is the goal anyway.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return created;
}

/** A generated initials avatar, so demo data needs no network and no binary assets. */
export function drawAvatar(name: string, colour: string): Promise<Buffer> {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="${colour}"/>
    <text x="50%" y="54%" font-family="sans-serif" font-size="104" font-weight="700" fill="#fff"
      text-anchor="middle" dominant-baseline="middle">${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
