import {
  fillMessage,
  formatNumber,
  type Language,
  type NotificationKind,
  notificationLink,
  notificationMessages,
  notificationMessagesBangla,
} from '@basha/domain';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { job, notification, savedSearch, user } from '../../db/schema.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { composeEmail, unsubscribeUrlOf } from './compose-email.ts';
import { emailChosen } from './email-preferences.repository.ts';
import type { Mailer } from './mailer.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

export const NOTIFICATION_EMAIL_JOB = 'notification-email';

/** What sending needs beyond the database: the SMTP server, the links' origin, the signing key. */
export type MailDelivery = { mailer: Mailer; publicUrl: string; secret: string };

/** A statement's name and its placeholders' values: PostgreSQL keeps a named statement planned. */
export type NamedStatement = { name: string; values: Record<string, unknown> };

/**
 * `insertNotifications` (an insert into notifications returning `id`, `recipient_id` and
 * `kind`) and the insert of one email job per notification its recipient gets by email, as
 * two CTEs of one statement, so both are written in the notification's own transaction in one
 * round trip (ADR 34). The key names the notification, so an event never becomes two jobs
 * however often this runs.
 */
export function notificationsWithEmails(tx: Database, insertNotifications: SQLWrapper) {
  const written = tx
    .$with('written', {
      id: notification.id,
      recipientId: notification.recipientId,
      kind: notification.kind,
    })
    .as(insertNotifications.getSQL());
  const emailed = tx.$with('emailed', { id: job.id }).as(sql`
    insert into ${job} (name, key, payload)
    select ${NOTIFICATION_EMAIL_JOB}, ${NOTIFICATION_EMAIL_JOB} || ':' || ${written.id},
           jsonb_build_object('notificationId', ${written.id})
    from ${written}
    where ${emailChosen(written.recipientId, written.kind)}
    on conflict (key) do nothing
    returning id`);
  return [written, emailed] as const;
}

/**
 * Runs `notificationsWithEmails` as a statement of its own. It is named, so each connection
 * plans it once (an offer's reads `listings`, whose 26 indexes made planning it cost more
 * than running it), and built once per name and database (`preparedOnce`): `insert` may use
 * placeholders only, never a request's values.
 */
export async function insertNotificationsWithEmails(
  tx: Database,
  statement: NamedStatement & { insert: (db: Database) => SQLWrapper },
): Promise<void> {
  let prepared = notificationStatements.get(statement.name);
  if (!prepared) {
    prepared = preparedOnce((db: Database) => {
      const [written, emailed] = notificationsWithEmails(db, statement.insert(db));
      return db
        .with(written, emailed)
        .select({ emails: sql<number>`count(*)` })
        .from(emailed)
        .prepare(statement.name);
    });
    notificationStatements.set(statement.name, prepared);
  }
  await prepared(tx).execute(statement.values);
}

type NotificationStatement = (db: Database) => { execute(values: unknown): Promise<unknown> };
/** By statement name: a few, one per kind of event. */
const notificationStatements = new Map<string, NotificationStatement>();

/** The notification's sentence in the reader's language. */
export function notificationSentence(
  kind: NotificationKind,
  params: Record<string, string | number>,
  language: Language,
): string {
  const texts = language === 'bn' ? notificationMessagesBangla : notificationMessages;
  // Amounts as the app writes them ("5,00,00,000 TK", Bangla digits in Bangla), not 50000000.
  const written = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number' ? formatNumber(value, language) : value,
    ]),
  );
  return fillMessage(texts[kind], written);
}

/**
 * Sends a notification's email. Everything is read again when the job runs: a user who
 * turned the kind off (or was deleted) since gets nothing, and a saved search on the daily
 * digest gets its match in the digest instead. Safe to repeat except in one window, SMTP
 * accepted but the job not yet marked done: the repeat carries the same Message-ID (ADR 34).
 */
export function notificationEmailJob(db: Database, delivery: MailDelivery | undefined): JobHandler {
  return async (payload) => {
    if (!delivery) return;
    const { notificationId } = payload as { notificationId: string };
    const [row] = await db
      .select({
        kind: notification.kind,
        params: notification.params,
        listingId: notification.listingId,
        userId: user.id,
        email: user.email,
        name: user.name,
        language: user.language,
        chosen: sql<boolean>`${emailChosen(notification.recipientId, notification.kind)}`,
      })
      .from(notification)
      .innerJoin(user, eq(user.id, notification.recipientId))
      .where(eq(notification.id, notificationId));
    if (!row?.chosen) return;
    const kind = row.kind as NotificationKind;
    if (kind === 'savedSearchMatch' && (await onDailyDigest(db, row.params.savedSearchId))) return;
    const language = row.language as Language;
    const sentence = notificationSentence(kind, row.params, language);
    const token = signUnsubscribeToken(delivery.secret, { userId: row.userId, kind });
    await delivery.mailer.send(
      composeEmail({
        to: row.email,
        recipientName: row.name,
        language,
        subject: `Basha: ${sentence}`,
        lines: [{ text: sentence, link: `${delivery.publicUrl}${notificationLink(kind, row)}` }],
        footer: { unsubscribeUrl: unsubscribeUrlOf(delivery.publicUrl, token) },
        messageId: `<${NOTIFICATION_EMAIL_JOB}.${notificationId}@${delivery.mailer.domain}>`,
      }),
    );
  };
}

async function onDailyDigest(db: Database, savedSearchId: unknown): Promise<boolean> {
  if (typeof savedSearchId !== 'string') return false;
  const [row] = await db
    .select({ frequency: savedSearch.frequency })
    .from(savedSearch)
    .where(eq(savedSearch.id, savedSearchId));
  return row?.frequency === 'daily';
}
