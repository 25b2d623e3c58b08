import {
  type ChatMessageListQuery,
  type ChatMessagePage,
  type Conversation,
  type ConversationListQuery,
  type ConversationPage,
  type ConversationReport,
  conversationMessages,
  wishlistMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import { recordAuditOncePerDay } from '../audit/audit.repository.ts';
import { findVisibleListing } from '../listings/listing-details.repository.ts';
import { markConversationNotificationsRead } from '../notifications/notifications.repository.ts';
import { toChatMessage, toConversation } from './conversation-views.ts';
import * as repo from './conversations.repository.ts';

/**
 * A fraud-marked agent may still read their threads but not speak in any, their own
 * listings' (closed anyway) or other agents' as a buyer: the mark is about trust in what
 * they say. The actor is read fresh on every request (the session memory forgets it when the
 * users table changes), so a mark applies from the next request on.
 */
export function refuseFraudSender(actor: Actor): void {
  if (actor.fraud) throw new AppError('FORBIDDEN', conversationMessages.fraudSender);
}

/**
 * Opens the caller's thread with the agent of a listing they may see, or returns the one
 * they already have (one per user and listing).
 */
export async function startConversation(
  db: Database,
  actor: Actor,
  listingId: string,
): Promise<{ conversation: Conversation; created: boolean }> {
  refuseFraudSender(actor);
  const found = await findVisibleListing(db, listingId, actor);
  if (!found) throw new AppError('NOT_FOUND', wishlistMessages.listingUnavailable);
  if (found.row.agentId === actor.id) {
    throw new AppError('CONFLICT', conversationMessages.notYourself);
  }
  const { id, created } = await db.transaction((tx) =>
    repo.findOrCreateConversation(tx, actor.id, { listingId, agentId: found.row.agentId }),
  );
  return { conversation: await getConversation(db, actor, id), created };
}

export async function getConversation(
  db: Database,
  actor: Actor,
  conversationId: string,
): Promise<Conversation> {
  const row = await repo.findConversationFor(db, actor, conversationId);
  if (!row) throw new AppError('NOT_FOUND', conversationMessages.notFound);
  return toConversation(row, actor.id);
}

export async function listMyConversations(
  db: Database,
  actor: Actor,
  query: ConversationListQuery,
): Promise<ConversationPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listConversationsOf(db, actor.id, after, query.limit);
  return newestFirstPage(rows, query.limit, (row) => toConversation(row, actor.id));
}

/**
 * A page of the thread, newest first; participants, or admins for a reported thread. An
 * admin reading someone's private messages is on the audit log, once a day per thread (ADR 30).
 */
export async function listConversationMessages(
  db: Database,
  actor: Actor,
  conversationId: string,
  query: ChatMessageListQuery,
): Promise<ChatMessagePage> {
  const after = decodeNewestFirstCursor(query.cursor);
  if (!(await repo.findConversationFor(db, actor, conversationId))) {
    throw new AppError('NOT_FOUND', conversationMessages.notFound);
  }
  if (actor.role === 'admin') {
    await recordAuditOncePerDay(db, actor, 'conversation.read', {
      type: 'conversation',
      id: conversationId,
    });
  }
  const rows = await repo.listMessages(db, conversationId, after, query.limit);
  return newestFirstPage(rows, query.limit, (row) => toChatMessage(row, actor.id));
}

export async function markConversationRead(
  db: Database,
  actor: Actor,
  conversationId: string,
): Promise<Conversation> {
  await repo.markRead(db, conversationId, actor.id);
  await markConversationNotificationsRead(db, actor.id, conversationId);
  return getConversation(db, actor, conversationId);
}

export async function reportConversation(
  db: Database,
  actor: Actor,
  conversationId: string,
  reason: string,
): Promise<ConversationReport> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockOwnConversation(tx, actor.id, conversationId))) {
      throw new AppError('NOT_FOUND', conversationMessages.notFound);
    }
    const report = await repo.insertReport(tx, conversationId, actor.id, reason);
    if (!report) throw new AppError('CONFLICT', conversationMessages.alreadyReported);
    return { id: report.id, conversationId, reason, createdAt: report.createdAt.toISOString() };
  });
}
