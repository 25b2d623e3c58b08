/// <reference types="@fastify/cookie" />
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Actor, SessionReader } from '../auth/access.ts';
import type { Auth } from '../auth/better-auth.ts';
import type { Database } from '../db/client.ts';
import { session, user } from '../db/schema.ts';
import type { DataVersions, VersionStamp } from './data-versions.ts';

/** Sessions remembered per process at most; the oldest are forgotten first. */
const REMEMBERED_SESSIONS_MAX = 10_000;

/**
 * Who is calling, read on every guarded request. The session cookie's signature is checked
 * here (better-auth's format, `<token>.<base64 HMAC-SHA-256>`, with node:crypto) and the
 * session is read joined with its account in one indexed query, at a fraction of
 * better-auth's getSession cost, which imports a WebCrypto key and runs two adapter queries
 * per call (bench/HISTORY.md has the figures). What was read is remembered until the users
 * or sessions table changes (any process's change, announced by PostgreSQL; see
 * data-versions.ts), so "a deleted or demoted account loses its powers at once" holds.
 *
 * Every other case is better-auth's own: an expired session (it deletes it), one due for its
 * daily extension (it slides the expiry), or a cookie that does not verify. Its rules stay
 * its rules.
 */
export async function createSessionReader(
  auth: Auth,
  db: Database,
  versions: DataVersions,
): Promise<SessionReader> {
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  const { expiresIn, updateAge } = context.sessionConfig;
  const secret = context.secret;

  const findSession = db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      fraud: user.fraud,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('basha_session_actor');

  const fromBetterAuth = async (request: FastifyRequest): Promise<Actor | null> => {
    const found = await auth.api.getSession({ headers: toHeaders(request.headers) });
    return found ? toActor(found.user) : null;
  };

  type Remembered = { actor: Actor; expiresAt: number; stamp: VersionStamp };
  const remembered = new Map<string, Remembered>();
  // Keyed by the whole signed cookie, so a remembered one needs no signature check again.
  const recall = (cookie: string): Remembered | undefined => {
    const known = remembered.get(cookie);
    return known && versions.isCurrent(known.stamp) ? known : undefined;
  };
  const readSession = async (cookie: string, token: string): Promise<Remembered | undefined> => {
    // Stamped before reading: a change committed meanwhile makes this stale at once.
    const stamp = versions.stamp(['users', 'sessions']);
    const [row] = await findSession.execute({ token });
    remembered.delete(cookie);
    if (!row) return undefined;
    const read = { actor: toActor(row), expiresAt: row.expiresAt.getTime(), stamp };
    remembered.set(cookie, read);
    if (remembered.size > REMEMBERED_SESSIONS_MAX) {
      const [oldest] = remembered.keys();
      if (oldest !== undefined) remembered.delete(oldest);
    }
    return read;
  };

  // A live session's actor; an expired one, or one due for its extension, is better-auth's.
  const fromRemembered = (
    request: FastifyRequest,
    found: Remembered,
  ): Actor | Promise<Actor | null> => {
    const now = Date.now();
    const dueForExtension = found.expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
    if (found.expiresAt <= now || dueForExtension) return fromBetterAuth(request);
    return found.actor;
  };

  return (request) => {
    const cookie = request.cookies?.[cookieName];
    if (!cookie) return null;
    const remembered = recall(cookie);
    if (remembered) return fromRemembered(request, remembered);
    const token = verifiedToken(cookie, secret);
    if (!token) return fromBetterAuth(request);
    return readSession(cookie, token).then((found) =>
      found ? fromRemembered(request, found) : null,
    );
  };
}

/**
 * Reads the token of the caller's own session from its signed cookie (null without a valid
 * one): how /api/v1/me/sessions tells "this device" from the others without the client ever
 * seeing a token.
 */
export async function createSessionTokenReader(
  auth: Auth,
): Promise<(request: FastifyRequest) => string | null> {
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  return (request) => {
    const cookie = request.cookies?.[cookieName];
    return cookie ? verifiedToken(cookie, context.secret) : null;
  };
}

/** The session token, when the cookie carries a valid signature of it. */
function verifiedToken(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

function toActor(found: {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  fraud?: boolean | null;
}): Actor {
  return {
    id: found.id,
    name: found.name,
    email: found.email,
    role: found.role as Role,
    fraud: Boolean(found.fraud),
  };
}

export function toHeaders(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}
