import { type Notification, type NotificationKind, notificationLink } from '@basha/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { conversation, listing, notification, offer, user } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';
import {
  insertNotificationsWithEmails,
  notificationsWithEmails,
} from '../email/notification-email.job.ts';

export type NotificationParams = Record<string, string | number>;

export type NewNotification = {
  recipientId: string;
  kind: NotificationKind;
  listingId?: string | null;
  offerId?: string | null;
  params?: NotificationParams;
};

/**
 * Writes one notification inside the caller's transaction, so it exists iff the event does,
 * with its email job when its recipient gets that kind by email (ADR 34);
 * the insert's announcement (migration 0010) reaches open streams when that transaction
 * commits. Every event of the app goes through here or one of the helpers below.
 */
export async function recordNotification(tx: Database, entry: NewNotification): Promise<void> {
  await insertNotificationsWithEmails(tx, {
    name: 'basha_notification_insert',
    insert: (db) =>
      db
        .insert(notification)
        .values({
          recipientId: sql.placeholder('recipientId'),
          kind: sql.placeholder('kind'),
          listingId: sql.placeholder('listingId'),
          offerId: sql.placeholder('offerId'),
          params: sql.placeholder('params'),
        })
        .returning({
          id: notification.id,
          recipientId: notification.recipientId,
          kind: notification.kind,
        }),
    values: {
      recipientId: entry.recipientId,
      kind: entry.kind,
      listingId: entry.listingId ?? null,
      offerId: entry.offerId ?? null,
      params: entry.params ?? {},
    },
  });
}

/** Who hears of an offer's event: the listing's agent of a new offer or a payment, else the buyer. */
const AGENT_KINDS: readonly NotificationKind[] = ['offerReceived', 'paymentReceived'];

/**
 * One notification per offer about `kind`, to the agent or the buyer, naming the listing and
 * the amount, in one statement. An offer whose buyer account is gone notifies no one.
 */
export async function recordOfferNotifications(
  tx: Database,
  kind: NotificationKind,
  offerIds: readonly string[],
): Promise<void> {
  if (offerIds.length === 0) return;
  await insertNotificationsWithEmails(tx, {
    name: `basha_offer_notifications_${kind}`,
    insert: () =>
      offerNotifications(
        kind,
        {
          from: offer,
          id: offer.id,
          buyerId: offer.buyerId,
          listingId: offer.listingId,
          amount: offer.amount,
        },
        sql`${offer.id} = any(${sql.placeholder('offerIds')}::uuid[])`,
      ),
    values: { offerIds: [...offerIds] },
  });
}

/** Offers as a statement has them: a table or a CTE, and its columns an offer's notice needs. */
export type OfferRows = {
  from: SQLWrapper;
  id: SQLWrapper;
  buyerId: SQLWrapper;
  listingId: SQLWrapper;
  amount: SQLWrapper;
};

/**
 * The notifications of a new offer to its listing's agent, with their email jobs, as CTEs for
 * the statement that writes the offer (makeOffer writes everything in one).
 */
export function offerReceivedNotifications(tx: Database, offers: OfferRows) {
  return notificationsWithEmails(tx, offerNotifications('offerReceived', offers));
}

/** The insert of one notification about `kind` per offer of `offers` (those `where` keeps). */
function offerNotifications(kind: NotificationKind, offers: OfferRows, where?: SQL): SQL {
  const recipient = AGENT_KINDS.includes(kind) ? listing.agentId : offers.buyerId;
  return sql`
    insert into ${notification} (recipient_id, kind, listing_id, offer_id, params)
    select ${recipient}, ${kind}, ${listing.id}, ${offers.id},
           jsonb_build_object('listingTitle', ${listing.title}, 'amount', ${offers.amount})
    from ${offers.from} join ${listing} on ${listing.id} = ${offers.listingId}
    where ${and(sql`${recipient} is not null`, where)}
    returning id, recipient_id, kind`;
}

/**
 * Tells the other side of a conversation that a message arrived, naming its sender and the
 * listing; the entry links to the conversation.
 */
export async function recordMessageNotifications(
  tx: Database,
  conversationId: string,
  senderId: string,
  recipientIds: readonly string[],
): Promise<void> {
  if (recipientIds.length === 0) return;
  const [subject] = await messageSubject(tx).execute({ senderId, conversationId });
  if (!subject) return;
  const params = {
    listingTitle: subject.listingTitle,
    senderName: subject.senderName,
    conversationId,
  };
  for (const recipientId of recipientIds) {
    await recordNotification(tx, {
      recipientId,
      kind: 'messageReceived',
      listingId: subject.listingId,
      params,
    });
  }
}

const messageSubject = preparedOnce((tx: Database) =>
  tx
    .select({ listingId: listing.id, listingTitle: listing.title, senderName: user.name })
    .from(conversation)
    .innerJoin(listing, eq(listing.id, conversation.listingId))
    .innerJoin(user, eq(user.id, sql.placeholder('senderId')))
    .where(eq(conversation.id, sql.placeholder('conversationId')))
    .prepare('basha_message_subject'),
);

/** One notification to a listing's agent about `kind`, naming the listing. */
export async function recordListingNotification(
  tx: Database,
  kind: NotificationKind,
  listingId: string,
  params: NotificationParams = {},
): Promise<void> {
  const [subject] = await tx
    .select({ agentId: listing.agentId, title: listing.title })
    .from(listing)
    .where(eq(listing.id, listingId));
  if (!subject) return;
  await recordNotification(tx, {
    recipientId: subject.agentId,
    kind,
    listingId,
    params: { listingTitle: subject.title, ...params },
  });
}

const entryColumns = {
  id: notification.id,
  sequence: notification.sequence,
  kind: notification.kind,
  listingId: notification.listingId,
  offerId: notification.offerId,
  params: notification.params,
  readAt: notification.readAt,
  createdAt: notification.createdAt,
  exactCreatedAt: exactTimestamp(notification.createdAt),
};
type EntryRow = {
  id: string;
  sequence: number;
  kind: string;
  listingId: string | null;
  offerId: string | null;
  params: NotificationParams;
  readAt: Date | null;
  createdAt: Date;
};

export function toNotification(row: EntryRow): Notification {
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    sequence: Number(row.sequence),
    kind,
    listingId: row.listingId,
    offerId: row.offerId,
    params: row.params,
    link: notificationLink(kind, row),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function listNewestFirst(
  db: Database,
  recipientId: string,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  return db
    .select(entryColumns)
    .from(notification)
    .where(
      and(
        eq(notification.recipientId, recipientId),
        olderThan(notification.createdAt, notification.id, after),
      ),
    )
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(limit);
}

/**
 * Each recipient's notifications after its sequence, oldest first, in one query: what the
 * streams woken together have not sent (each term reads notifications_recipient_sequence_idx).
 */
export function listAfterSequences(
  db: Database,
  after: readonly { recipientId: string; sequence: number }[],
  limit: number,
) {
  return db
    .select({ ...entryColumns, recipientId: notification.recipientId })
    .from(notification)
    .where(
      or(
        ...after.map(({ recipientId, sequence }) =>
          and(eq(notification.recipientId, recipientId), gt(notification.sequence, sequence)),
        ),
      ),
    )
    .orderBy(asc(notification.sequence))
    .limit(limit);
}

/** The newest sequence of the recipient's notifications (0 without any). */
export async function latestSequence(db: Database, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ latest: sql<number>`coalesce(max(${notification.sequence}), 0)`.mapWith(Number) })
    .from(notification)
    .where(eq(notification.recipientId, recipientId));
  return row?.latest ?? 0;
}

export async function countUnread(db: Database, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), isNull(notification.readAt)));
  return row?.unread ?? 0;
}

/** Marks one of the recipient's own notifications read; undefined for any other id. */
export async function markRead(db: Database, recipientId: string, id: string) {
  const [row] = await db
    .update(notification)
    .set({ readAt: sql`coalesce(${notification.readAt}, now())` })
    .where(and(eq(notification.id, id), eq(notification.recipientId, recipientId)))
    .returning(entryColumns);
  return row;
}

/**
 * Marks the recipient's "new message" notifications of one conversation read: reading the
 * thread is reading them (the bell kept counting messages already read in the inbox).
 */
export async function markConversationNotificationsRead(
  db: Database,
  recipientId: string,
  conversationId: string,
): Promise<void> {
  await db
    .update(notification)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notification.recipientId, recipientId),
        eq(notification.kind, 'messageReceived'),
        isNull(notification.readAt),
        sql`${notification.params}->>'conversationId' = ${conversationId}`,
      ),
    );
}

export async function markAllRead(db: Database, recipientId: string): Promise<number> {
  const rows = await db
    .update(notification)
    .set({ readAt: sql`now()` })
    .where(and(eq(notification.recipientId, recipientId), isNull(notification.readAt)))
    .returning({ id: notification.id });
  return rows.length;
}
