import {
  type EmailPreferencesChange,
  type EmailSettings,
  emailMessages,
  type Language,
  userMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import * as preferences from './email-preferences.repository.ts';
import { checkUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-token.ts';

/** The caller's settings, and whether this server sends email at all (`sending`). */
export async function myEmailSettings(
  db: Database,
  actor: Actor,
  sending: boolean,
): Promise<EmailSettings> {
  const found = await preferences.readEmailPreferences(db, actor.id);
  if (!found) throw new AppError('NOT_FOUND', userMessages.notFound);
  return { ...found, sending };
}

export async function changeMyEmailSettings(
  db: Database,
  actor: Actor,
  change: EmailPreferencesChange,
  sending: boolean,
): Promise<EmailSettings> {
  await preferences.changeEmailPreferences(db, actor.id, change);
  return myEmailSettings(db, actor, sending);
}

/**
 * What an unsubscribe token names, or a 400 (forged, mangled) or 403 (expired) problem:
 * refused before anything is read or written.
 */
export function unsubscribeSubjectOf(secret: string, token: string): UnsubscribeSubject {
  const check = checkUnsubscribeToken(secret, token);
  if (check.valid) return check.subject;
  if (check.reason === 'expired') {
    throw new AppError('FORBIDDEN', emailMessages.unsubscribeTokenExpired);
  }
  throw new AppError('BAD_REQUEST', emailMessages.unsubscribeTokenInvalid);
}

/**
 * The one-click unsubscribe (RFC 8058): that kind of email stops for that user. Answers the
 * user's language, for the page that says so.
 */
export async function unsubscribe(db: Database, secret: string, token: string): Promise<Language> {
  const subject = unsubscribeSubjectOf(secret, token);
  if (!(await preferences.turnEmailOff(db, subject.userId, subject.kind))) {
    throw new AppError('BAD_REQUEST', emailMessages.unsubscribeTokenInvalid);
  }
  return preferences.languageOf(db, subject.userId);
}

/** What the unsubscribe page asks about: the token's kind, in its user's language. */
export async function unsubscribeQuestion(
  db: Database,
  secret: string,
  token: string,
): Promise<{ kind: UnsubscribeSubject['kind']; language: Language }> {
  const subject = unsubscribeSubjectOf(secret, token);
  return { kind: subject.kind, language: await preferences.languageOf(db, subject.userId) };
}
