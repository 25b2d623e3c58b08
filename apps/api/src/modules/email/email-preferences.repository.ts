import {
  EMAIL_DEFAULTS,
  type EmailPreferences,
  type EmailPreferencesChange,
  type Language,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@basha/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailPreference, user } from '../../db/schema.ts';

/** The kinds emailed to a user who chose nothing about them. */
export const KINDS_EMAILED_BY_DEFAULT = NOTIFICATION_KINDS.filter((kind) => EMAIL_DEFAULTS[kind]);

/**
 * Whether a notification's recipient gets it by email, as SQL over the notifications row:
 * their own choice for its kind, else the kind's default.
 */
export function emailChosen(recipientId: SQLColumn, kind: SQLColumn) {
  return sql`coalesce(
    (select ${emailPreference.enabled} from ${emailPreference}
     where ${emailPreference.userId} = ${recipientId} and ${emailPreference.kind} = ${kind}),
    ${inArray(kind, KINDS_EMAILED_BY_DEFAULT)})`;
}
type SQLColumn = Parameters<typeof eq>[0];

export async function readEmailPreferences(
  db: Database,
  userId: string,
): Promise<EmailPreferences | undefined> {
  const [account] = await db
    .select({ language: user.language })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) return undefined;
  const chosen = await db
    .select({ kind: emailPreference.kind, enabled: emailPreference.enabled })
    .from(emailPreference)
    .where(eq(emailPreference.userId, userId));
  const email = { ...EMAIL_DEFAULTS };
  for (const row of chosen) {
    if (row.kind in email) email[row.kind as NotificationKind] = row.enabled;
  }
  return { language: account.language as Language, email };
}

/** Stores the kinds given and the language, if given; the rest of the settings stay. */
export async function changeEmailPreferences(
  db: Database,
  userId: string,
  change: EmailPreferencesChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (change.language) {
      await tx.update(user).set({ language: change.language }).where(eq(user.id, userId));
    }
    const rows = Object.entries(change.email ?? {}).map(([kind, enabled]) => ({
      userId,
      kind,
      enabled: Boolean(enabled),
    }));
    if (rows.length === 0) return;
    await tx
      .insert(emailPreference)
      .values(rows)
      .onConflictDoUpdate({
        target: [emailPreference.userId, emailPreference.kind],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
  });
}

/** Turns one kind off for a user (the unsubscribe link); false when the user is gone. */
export async function turnEmailOff(
  db: Database,
  userId: string,
  kind: NotificationKind,
): Promise<boolean> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!account) return false;
  await changeEmailPreferences(db, userId, { email: { [kind]: false } });
  return true;
}

export async function languageOf(db: Database, userId: string): Promise<Language> {
  const [row] = await db.select({ language: user.language }).from(user).where(eq(user.id, userId));
  return (row?.language as Language | undefined) ?? 'en';
}
