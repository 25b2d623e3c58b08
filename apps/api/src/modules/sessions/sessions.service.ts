import { type DeviceSession, sessionMessages } from '@basha/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { session } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The caller's own signed-in devices, newest first, each with an opaque id (the row's
 * uuid) and never its token (ADR 0011). Expired sessions are not listed: they sign in
 * nothing.
 */
export async function listMySessions(
  db: Database,
  actor: Actor,
  currentToken: string | null,
): Promise<DeviceSession[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      signedInAt: session.createdAt,
      expiresAt: session.expiresAt,
      current: sql<boolean>`${session.token} = ${currentToken ?? ''}`,
    })
    .from(session)
    .where(and(eq(session.userId, actor.id), sql`${session.expiresAt} > now()`))
    .orderBy(desc(session.createdAt), desc(session.id));
  return rows.map((row) => ({
    ...row,
    userAgent: row.userAgent || null,
    ipAddress: row.ipAddress || null,
    signedInAt: row.signedInAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: Boolean(row.current),
  }));
}

/**
 * Signs out one of the caller's own sessions. Another account's session, or one that does
 * not exist, is refused alike: the answer does not tell whether the id belongs to someone.
 */
export async function signOutMySession(db: Database, actor: Actor, id: string): Promise<void> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, actor.id)))
    .returning({ id: session.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', sessionMessages.notYours);
}

/** Signs out every session of the caller except the one this request came with. */
export async function signOutMyOtherSessions(
  db: Database,
  actor: Actor,
  currentToken: string | null,
): Promise<number> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.userId, actor.id), ne(session.token, currentToken ?? '')))
    .returning({ id: session.id });
  return deleted.length;
}
