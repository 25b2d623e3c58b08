import { and, desc, eq, isNotNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { chatMessage, conversation, conversationReport, listing, user } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';

type Cursor = { createdAt: string; id: string } | null;

const buyer = alias(user, 'buyer');
const agent = alias(user, 'agent');

/**
 * Closed: by an admin, or because the agent was marked fraud or either side's account was
 * deleted. Computed on read, so marking an agent as fraud closes their threads at once.
 */
const isClosed = sql<boolean>`(${conversation.closedAt} is not null or ${conversation.buyerId} is null or ${conversation.agentId} is null or coalesce(${agent.fraud}, false))`;

/** The columns a conversation summary needs, seen by `viewerId` (their unread count). */
function summaryColumns(viewerId: string) {
  return {
    id: conversation.id,
    listingId: conversation.listingId,
    listingTitle: listing.title,
    buyerId: conversation.buyerId,
    buyerName: buyer.name,
    agentId: conversation.agentId,
    agentName: agent.name,
    lastMessageText: sql<
      string | null
    >`(select m.body from ${chatMessage} m where m.conversation_id = ${conversation.id} order by m.created_at desc, m.id desc limit 1)`,
    lastMessageSenderId: sql<
      string | null
    >`(select m.sender_id from ${chatMessage} m where m.conversation_id = ${conversation.id} order by m.created_at desc, m.id desc limit 1)`,
    hasMessages: sql<boolean>`exists (select 1 from ${chatMessage} m where m.conversation_id = ${conversation.id})`,
    unreadCount: sql<number>`(select count(*)::int from ${chatMessage} m where m.conversation_id = ${conversation.id}
      and m.sender_id is distinct from ${viewerId}::uuid
      and m.created_at > case when ${conversation.buyerId} = ${viewerId}::uuid then ${conversation.buyerReadAt}
                              when ${conversation.agentId} = ${viewerId}::uuid then ${conversation.agentReadAt}
                              else 'infinity'::timestamptz end)`,
    closed: isClosed,
    // Looked up only for the few reported threads (the unique index of reporter and thread).
    reportedByViewerAt: sql<Date | null>`case when ${conversation.lastReportedAt} is null then null
      else (select r.created_at from ${conversationReport} r where r.conversation_id = ${conversation.id}
      and r.reporter_id = ${viewerId}::uuid) end`.mapWith(conversation.lastReportedAt),
    lastActivityAt: conversation.lastActivityAt,
    exactCreatedAt: exactTimestamp(conversation.lastActivityAt),
    createdAt: conversation.createdAt,
    lastReportedAt: conversation.lastReportedAt,
  };
}

function selectSummaries(db: Database, viewerId: string) {
  return db
    .select(summaryColumns(viewerId))
    .from(conversation)
    .innerJoin(listing, eq(listing.id, conversation.listingId))
    .leftJoin(buyer, eq(buyer.id, conversation.buyerId))
    .leftJoin(agent, eq(agent.id, conversation.agentId));
}

export type ConversationRow = Awaited<
  ReturnType<ReturnType<typeof selectSummaries>['execute']>
>[number];

const involves = (userId: string | Placeholder): SQL | undefined =>
  or(eq(conversation.buyerId, userId), eq(conversation.agentId, userId));

/** The buyer's conversation on a listing, creating it when there is none (one per pair). */
export async function findOrCreateConversation(
  tx: Database,
  buyerId: string,
  about: { listingId: string; agentId: string },
): Promise<{ id: string; created: boolean }> {
  // ON CONFLICT waits for a racing start of the same pair, so two clicks end in one thread.
  const [inserted] = await tx
    .insert(conversation)
    .values({ buyerId, listingId: about.listingId, agentId: about.agentId })
    .onConflictDoNothing({ target: [conversation.buyerId, conversation.listingId] })
    .returning({ id: conversation.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await tx
    .select({ id: conversation.id })
    .from(conversation)
    .where(and(eq(conversation.buyerId, buyerId), eq(conversation.listingId, about.listingId)));
  if (!existing) throw new Error('a conversation vanished between its conflict and its read');
  return { id: existing.id, created: false };
}

/** One conversation as a participant sees it, or as an admin sees a reported one. */
export async function findConversationFor(
  db: Database,
  viewer: { id: string; role: string },
  conversationId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await selectSummaries(db, viewer.id).where(
    and(
      eq(conversation.id, conversationId),
      viewer.role === 'admin' ? isNotNull(conversation.lastReportedAt) : involves(viewer.id),
    ),
  );
  return row;
}

/** The caller's conversations on either side, most recently active first. */
export function listConversationsOf(
  db: Database,
  userId: string,
  after: Cursor,
  limit: number,
): Promise<ConversationRow[]> {
  return selectSummaries(db, userId)
    .where(and(involves(userId), olderThan(conversation.lastActivityAt, conversation.id, after)))
    .orderBy(desc(conversation.lastActivityAt), desc(conversation.id))
    .limit(limit + 1);
}

/** Locks a participant's conversation for a send, and says whether it is closed. */
export async function lockOwnConversation(
  tx: Database,
  userId: string,
  conversationId: string,
): Promise<
  { id: string; buyerId: string | null; agentId: string | null; closed: boolean } | undefined
> {
  const [row] = await conversationLock(tx).execute({ conversationId, userId });
  return row;
}

const conversationLock = preparedOnce((tx: Database) =>
  tx
    .select({
      id: conversation.id,
      buyerId: conversation.buyerId,
      agentId: conversation.agentId,
      closed: isClosed,
    })
    .from(conversation)
    .leftJoin(agent, eq(agent.id, conversation.agentId))
    .where(
      and(
        eq(conversation.id, sql.placeholder('conversationId')),
        involves(sql.placeholder('userId')),
      ),
    )
    .for('update', { of: conversation })
    .prepare('basha_conversation_lock'),
);

const messageColumns = {
  id: chatMessage.id,
  conversationId: chatMessage.conversationId,
  senderId: chatMessage.senderId,
  senderName: user.name,
  body: chatMessage.body,
  createdAt: chatMessage.createdAt,
  exactCreatedAt: exactTimestamp(chatMessage.createdAt),
};

export type MessageRow = {
  id: string;
  conversationId: string;
  senderId: string | null;
  senderName: string | null;
  body: string;
  createdAt: Date;
  exactCreatedAt: string;
};

/**
 * Writes a message, marks the thread read up to it for its sender and active now, and reads
 * the message back, in one statement.
 */
export async function insertMessage(
  tx: Database,
  conversationId: string,
  senderId: string,
  body: string,
): Promise<MessageRow> {
  const [row] = await messageInsert(tx).execute({ conversationId, senderId, body });
  if (!row) throw new Error('a message insert returned nothing');
  return row;
}

const messageInsert = preparedOnce((tx: Database) => {
  const sender = sql`${sql.placeholder('senderId')}::uuid`;
  const saved = tx.$with('saved').as(
    tx
      .insert(chatMessage)
      .values({
        conversationId: sql.placeholder('conversationId'),
        senderId: sql.placeholder('senderId'),
        body: sql.placeholder('body'),
      })
      .returning({
        id: chatMessage.id,
        conversationId: chatMessage.conversationId,
        senderId: chatMessage.senderId,
        body: chatMessage.body,
        createdAt: chatMessage.createdAt,
      }),
  );
  // The sender has read everything up to their own message.
  const touched = tx.$with('touched').as(
    tx
      .update(conversation)
      .set({
        lastActivityAt: sql`now()`,
        buyerReadAt: sql`case when ${conversation.buyerId} = ${sender} then now() else ${conversation.buyerReadAt} end`,
        agentReadAt: sql`case when ${conversation.agentId} = ${sender} then now() else ${conversation.agentReadAt} end`,
      })
      .where(eq(conversation.id, sql.placeholder('conversationId')))
      .returning({ id: conversation.id }),
  );
  return tx
    .with(saved, touched)
    .select({
      id: saved.id,
      conversationId: saved.conversationId,
      senderId: saved.senderId,
      senderName: user.name,
      body: saved.body,
      createdAt: saved.createdAt,
      exactCreatedAt: exactTimestamp(saved.createdAt),
    })
    .from(saved)
    .leftJoin(user, eq(user.id, saved.senderId))
    .prepare('basha_message_insert');
});

function selectMessages(db: Database) {
  return db
    .select(messageColumns)
    .from(chatMessage)
    .leftJoin(user, eq(user.id, chatMessage.senderId));
}

export function listMessages(
  db: Database,
  conversationId: string,
  after: Cursor,
  limit: number,
): Promise<MessageRow[]> {
  return selectMessages(db)
    .where(
      and(
        eq(chatMessage.conversationId, conversationId),
        olderThan(chatMessage.createdAt, chatMessage.id, after),
      ),
    )
    .orderBy(desc(chatMessage.createdAt), desc(chatMessage.id))
    .limit(limit + 1);
}

/** Marks everything in the conversation read for the participant `userId`. */
export async function markRead(
  db: Database,
  conversationId: string,
  userId: string,
): Promise<void> {
  await db
    .update(conversation)
    .set({
      buyerReadAt: sql`case when ${conversation.buyerId} = ${userId}::uuid then now() else ${conversation.buyerReadAt} end`,
      agentReadAt: sql`case when ${conversation.agentId} = ${userId}::uuid then now() else ${conversation.agentReadAt} end`,
    })
    .where(and(eq(conversation.id, conversationId), involves(userId)));
}

/** Records a participant's report; null when they had already reported it. */
export async function insertReport(
  tx: Database,
  conversationId: string,
  reporterId: string,
  reason: string,
): Promise<{ id: string; createdAt: Date } | null> {
  const [report] = await tx
    .insert(conversationReport)
    .values({ conversationId, reporterId, reason })
    .onConflictDoNothing({
      target: [conversationReport.conversationId, conversationReport.reporterId],
    })
    .returning({ id: conversationReport.id, createdAt: conversationReport.createdAt });
  if (!report) return null;
  await tx
    .update(conversation)
    .set({ lastReportedAt: report.createdAt })
    .where(eq(conversation.id, conversationId));
  return report;
}

const reportCount = sql<number>`(select count(*)::int from ${conversationReport} r where r.conversation_id = ${conversation.id})`;
const latestReason = sql<string>`(select r.reason from ${conversationReport} r where r.conversation_id = ${conversation.id} order by r.created_at desc, r.id desc limit 1)`;

/** Reported conversations, most recently reported first: the only ones admins may read. */
export function listReportedConversations(
  db: Database,
  adminId: string,
  after: Cursor,
  limit: number,
) {
  return db
    .select({
      ...summaryColumns(adminId),
      exactCreatedAt: exactTimestamp(conversation.lastReportedAt),
      reportCount,
      latestReason,
    })
    .from(conversation)
    .innerJoin(listing, eq(listing.id, conversation.listingId))
    .leftJoin(buyer, eq(buyer.id, conversation.buyerId))
    .leftJoin(agent, eq(agent.id, conversation.agentId))
    .where(
      and(
        isNotNull(conversation.lastReportedAt),
        olderThan(conversation.lastReportedAt, conversation.id, after),
      ),
    )
    .orderBy(desc(conversation.lastReportedAt), desc(conversation.id))
    .limit(limit + 1);
}

/** Closes a reported conversation; false when it is not reported or was closed already. */
export async function closeReportedConversation(
  tx: Database,
  conversationId: string,
): Promise<'closed' | 'alreadyClosed' | 'notFound'> {
  const [row] = await tx
    .select({ closedAt: conversation.closedAt })
    .from(conversation)
    .where(and(eq(conversation.id, conversationId), isNotNull(conversation.lastReportedAt)))
    .for('update');
  if (!row) return 'notFound';
  if (row.closedAt) return 'alreadyClosed';
  await tx
    .update(conversation)
    .set({ closedAt: sql`now()` })
    .where(eq(conversation.id, conversationId));
  return 'closed';
}
