import { createHmac, timingSafeEqual } from 'node:crypto';
import { type NotificationKind, NotificationKindSchema } from '@basha/domain';

/** How long an email's unsubscribe link works: longer than anyone keeps an email unread. */
export const UNSUBSCRIBE_TOKEN_DAYS = 180;

export type UnsubscribeSubject = { userId: string; kind: NotificationKind };

export type TokenCheck =
  | { valid: true; subject: UnsubscribeSubject }
  | { valid: false; reason: 'invalid' | 'expired' };

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', `basha-unsubscribe:${secret}`).update(body).digest();
}

/**
 * A token that names a user and a kind of email, signed with the server's secret (ADR 34):
 * `<user id>.<kind>.<expiry, seconds>.<HMAC-SHA256, base64url>`. Whoever holds the email
 * may use it; it can do nothing but turn that one kind off.
 */
export function signUnsubscribeToken(
  secret: string,
  subject: UnsubscribeSubject,
  now: Date = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 24 * 60 * 60;
  const body = `${subject.userId}.${subject.kind}.${expires}`;
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

/** Checks the signature first, then the expiry: a forged token learns nothing about either. */
export function checkUnsubscribeToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { valid: false, reason: 'invalid' };
  const [userId, kind, expires, signed] = parts as [string, string, string, string];
  const expected = signature(secret, `${userId}.${kind}.${expires}`);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: 'invalid' };
  }
  const parsedKind = NotificationKindSchema.safeParse(kind);
  if (!parsedKind.success || !/^\d+$/.test(expires)) return { valid: false, reason: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, subject: { userId, kind: parsedKind.data } };
}
