import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Auth } from '../auth/better-auth.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { MediaStorage } from '../media/storage.ts';
import { signUp } from '../modules/accounts/sign-up.service.ts';
import { DEMO_PEOPLE, type DemoPerson, type PersonKey } from './demo-people.ts';

type AccountSeedDeps = { db: Database; auth: Auth; storage: MediaStorage };

/**
 * Creates the demo accounts (the three from the login page plus the marketplace's other
 * agents and users) that do not exist yet, through the real sign-up; never touches existing
 * rows. Returns how many it created.
 */
export async function seedDemoAccounts(deps: AccountSeedDeps): Promise<number> {
  const existing = await demoAccountIds(deps.db);
  const missing = (Object.entries(DEMO_PEOPLE) as [PersonKey, DemoPerson][]).filter(
    ([key]) => !existing.has(key),
  );
  // In parallel: password hashing (scrypt on libuv's pool) dominates, and uses every core.
  const outcomes = await Promise.allSettled(
    missing.map(([, person]) => createAccount(deps, person)),
  );
  let created = 0;
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') throw outcome.reason;
    if (outcome.value) created++;
  }
  return created;
}

/** Whether the account was created here; false when another process created it just now. */
async function createAccount(deps: AccountSeedDeps, person: DemoPerson): Promise<boolean> {
  const createdId = await signUp(
    deps,
    { name: person.name, email: person.email, password: person.password },
    await drawAvatar(person.name, person.avatarColour),
  );
  // Created by another process just now: leave it as it is.
  if (createdId === null) return false;
  // Only the row created a moment ago is updated: the role is what an admin would have set,
  // and the account predates the activity the marketplace seed gives it.
  const joinedAt = new Date(Date.now() - person.joinedDaysAgo * 86_400_000);
  await deps.db
    .update(user)
    .set({
      role: person.role,
      fraud: person.markedFraudDaysAgo !== undefined,
      emailVerified: true,
      createdAt: joinedAt,
      updatedAt: joinedAt,
    })
    .where(eq(user.id, createdId));
  return true;
}

/** The ids of the demo accounts that exist, by their key in DEMO_PEOPLE. */
export async function demoAccountIds(db: Database): Promise<Map<PersonKey, string>> {
  const keyByEmail = new Map(
    Object.entries(DEMO_PEOPLE).map(([key, person]) => [
      person.email.toLowerCase(),
      key as PersonKey,
    ]),
  );
  const rows = await db
    .select({ id: user.id, email: sql<string>`lower(${user.email})` })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, [...keyByEmail.keys()]));
  const ids = new Map<PersonKey, string>();
  for (const row of rows) {
    const key = keyByEmail.get(row.email);
    if (key) ids.set(key, row.id);
  }
  return ids;
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
