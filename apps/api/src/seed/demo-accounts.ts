import { DEMO_ACCOUNTS, ROLES, type Role } from '@basha/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Auth } from '../auth/better-auth.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { MediaStorage } from '../media/storage.ts';
import { signUp } from '../modules/accounts/sign-up.service.ts';

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
    try {
      const createdUser = await signUp(
        deps,
        account,
        await drawAvatar(account.name, avatarColours[role]),
      );
      await deps.db
        .update(user)
        .set({ role, emailVerified: true })
        .where(eq(user.id, createdUser.id));
      created++;
    } catch (error) {
      // Already seeded (earlier start, or another process just now): leave it as it is.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
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
