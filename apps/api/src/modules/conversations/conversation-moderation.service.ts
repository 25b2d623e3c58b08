import {
  type Conversation,
  type ConversationListQuery,
  conversationMessages,
  type ReportedConversationPage,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { toConversation } from './conversation-views.ts';
import * as repo from './conversations.repository.ts';
import { getConversation } from './conversations.service.ts';

export async function listReportedConversations(
  db: Database,
  admin: Actor,
  query: ConversationListQuery,
): Promise<ReportedConversationPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listReportedConversations(db, admin.id, after, query.limit);
  return newestFirstPage(rows, query.limit, (row) => ({
    conversation: toConversation(row, admin.id),
    reportCount: Number(row.reportCount),
    latestReason: row.latestReason,
    lastReportedAt: (row.lastReportedAt ?? row.createdAt).toISOString(),
  }));
}

/** An admin closes a reported conversation; the audit log records it in the same transaction. */
export async function closeConversation(
  db: Database,
  admin: Actor,
  conversationId: string,
): Promise<Conversation> {
  await db.transaction(async (tx) => {
    const outcome = await repo.closeReportedConversation(tx, conversationId);
    if (outcome === 'notFound') throw new AppError('NOT_FOUND', conversationMessages.notFound);
    if (outcome === 'alreadyClosed') {
      throw new AppError('CONFLICT', conversationMessages.alreadyClosed);
    }
    await recordAudit(tx, admin, 'conversation.closed', {
      type: 'conversation',
      id: conversationId,
    });
  });
  return getConversation(db, admin, conversationId);
}
