import { type ChatMessage, conversationMessages } from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import { countInWindow } from '../../auth/rate-limit.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { recordMessageNotifications } from '../notifications/notifications.repository.ts';
import { toChatMessage } from './conversation-views.ts';
import * as repo from './conversations.repository.ts';
import { refuseFraudSender } from './conversations.service.ts';

/** What a sent message leaves behind: the saved message and who should hear of it. */
export type SentMessage = { message: ChatMessage; recipientIds: string[] };

/**
 * Saves a participant's message. Sends are counted per account in the shared rate-limit
 * table (so every API process counts the same sends), inside the transaction: a refused
 * send (unknown, closed, over the limit) rolls its count back and writes nothing.
 * The other side is notified in the same transaction.
 */
export async function sendMessage(
  db: Database,
  actor: Actor,
  conversationId: string,
  text: string,
  limit: { perMinute: number },
): Promise<SentMessage> {
  refuseFraudSender(actor);
  return db.transaction(async (tx) => {
    // The row lock orders a send after a concurrent close, so nothing lands in a closed thread.
    const thread = await repo.lockOwnConversation(tx, actor.id, conversationId);
    if (!thread) throw new AppError('NOT_FOUND', conversationMessages.notFound);
    if (thread.closed) throw new AppError('CONFLICT', conversationMessages.closed);
    const sends = await countInWindow(tx, `message:account:${actor.id}`, 60);
    if (sends.count > limit.perMinute) {
      throw new AppError('TOO_MANY_REQUESTS', conversationMessages.tooMany, {
        params: { seconds: sends.retryAfterSeconds },
        retryAfterSeconds: sends.retryAfterSeconds,
      });
    }
    const row = await repo.insertMessage(tx, conversationId, actor.id, text);
    const recipientIds = [thread.buyerId, thread.agentId].filter(
      (id): id is string => id !== null && id !== actor.id,
    );
    await recordMessageNotifications(tx, conversationId, actor.id, recipientIds);
    return { message: toChatMessage(row, actor.id), recipientIds };
  });
}
