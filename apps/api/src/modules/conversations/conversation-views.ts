import type { ChatMessage, Conversation } from '@basha/domain';
import type { ConversationRow, MessageRow } from './conversations.repository.ts';

export function toConversation(row: ConversationRow, viewerId: string): Conversation {
  return {
    id: row.id,
    listing: { id: row.listingId, title: row.listingTitle },
    buyer: { id: row.buyerId, name: row.buyerName },
    agent: { id: row.agentId, name: row.agentName },
    viewerSide: row.buyerId === viewerId ? 'buyer' : row.agentId === viewerId ? 'agent' : 'admin',
    lastMessage:
      row.hasMessages && row.lastMessageText !== null
        ? {
            text: row.lastMessageText,
            fromViewer: row.lastMessageSenderId === viewerId,
            createdAt: row.lastActivityAt.toISOString(),
          }
        : null,
    unreadCount: Number(row.unreadCount),
    closed: Boolean(row.closed),
    reportedByViewerAt: row.reportedByViewerAt?.toISOString() ?? null,
    lastActivityAt: row.lastActivityAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toChatMessage(row: MessageRow, viewerId: string): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: { id: row.senderId, name: row.senderName },
    fromViewer: row.senderId === viewerId,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}
