import type { Role, User, UserListQuery } from '@basha/domain';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import {
  type decodeNewestFirstCursor,
  exactTimestamp,
  olderThan,
} from '../../http/newest-first-page.ts';

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  photoUrl: user.image,
  role: user.role,
  fraud: user.fraud,
  createdAt: user.createdAt,
};

export type UserRow = Omit<User, 'createdAt'> & { createdAt: Date };

export function toUser(row: UserRow): User {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function findUserById(
  db: Database,
  id: string,
  forUpdate = false,
): Promise<UserRow | undefined> {
  const query = db.select(columns).from(user).where(eq(user.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Newest first, keyset-paginated on (created_at, id); `q` matches name or email. */
export async function listUsers(
  db: Database,
  query: Pick<UserListQuery, 'q' | 'limit'>,
  after: ReturnType<typeof decodeNewestFirstCursor>,
) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  return db
    .select({ ...columns, exactCreatedAt: exactTimestamp(user.createdAt) })
    .from(user)
    .where(
      and(
        pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
        olderThan(user.createdAt, user.id, after),
      ),
    )
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(query.limit + 1);
}

export async function setRole(db: Database, id: string, role: Role): Promise<void> {
  await db.update(user).set({ role, updatedAt: sql`now()` }).where(eq(user.id, id));
}

export async function setFraud(db: Database, id: string): Promise<void> {
  await db.update(user).set({ fraud: true, updatedAt: sql`now()` }).where(eq(user.id, id));
}

/** Sessions and accounts go with the user (ON DELETE CASCADE), so sign-outs are immediate. */
export async function deleteUser(db: Database, id: string): Promise<void> {
  await db.delete(user).where(eq(user.id, id));
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
