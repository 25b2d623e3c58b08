import { ChatMessagePageSchema, ConversationSchema } from '@basha/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CONVERSATIONS_KEY, POLL_INTERVAL_MS } from './keys.ts';

/** The newest messages a thread shows; older ones stay readable through the API's pages. */
export const THREAD_PAGE_SIZE = 50;

export const threadKey = (id: string) => [...CONVERSATIONS_KEY, 'thread', id] as const;

async function getThread(id: string, signal?: AbortSignal) {
  const [conversation, messages] = await Promise.all([
    apiRequest(`/api/v1/conversations/${id}`, { schema: ConversationSchema, signal }),
    apiRequest(`/api/v1/conversations/${id}/messages?limit=${THREAD_PAGE_SIZE}`, {
      schema: ChatMessagePageSchema,
      signal,
    }),
  ]);
  // The API pages newest first; a thread reads oldest first.
  return { conversation, messages: [...messages.items].reverse() };
}

/**
 * An open thread and its latest messages, polled: the one place that learns of new
 * messages, so the notification stream can replace the polling here alone.
 */
export function useThreadFeed(id: string) {
  return useQuery({
    queryKey: threadKey(id),
    queryFn: ({ signal }) => getThread(id, signal),
    refetchInterval: POLL_INTERVAL_MS,
  });
}
