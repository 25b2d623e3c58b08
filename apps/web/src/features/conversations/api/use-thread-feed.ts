import { ChatMessagePageSchema, ConversationSchema } from '@basha/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { changedJustNow } from '../../../lib/fresh-reads.ts';
import { CONVERSATIONS_KEY } from './keys.ts';
import { useConversationPollInterval } from './poll-interval.ts';

/** The newest messages a thread shows; older ones stay readable through the API's pages. */
export const THREAD_PAGE_SIZE = 50;

export const threadKey = (id: string) => [...CONVERSATIONS_KEY, 'thread', id] as const;

async function getThread(id: string, signal?: AbortSignal) {
  const fresh = changedJustNow(CONVERSATIONS_KEY);
  const [conversation, messages] = await Promise.all([
    apiRequest(`/api/v1/conversations/${id}`, { schema: ConversationSchema, signal, fresh }),
    apiRequest(`/api/v1/conversations/${id}/messages?limit=${THREAD_PAGE_SIZE}`, {
      schema: ChatMessagePageSchema,
      signal,
      fresh,
    }),
  ]);
  // The API pages newest first; a thread reads oldest first. `olderCursor` opens the
  // messages before these (null when these are all).
  return {
    conversation,
    messages: [...messages.items].reverse(),
    olderCursor: messages.nextCursor,
  };
}

/** Messages before the newest page, a page at a time ("Load more"), oldest page last. */
export function useOlderMessages(id: string, olderCursor: string | null) {
  return useInfiniteQuery({
    queryKey: [...threadKey(id), 'older', olderCursor],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `/api/v1/conversations/${id}/messages?limit=${THREAD_PAGE_SIZE}&cursor=${encodeURIComponent(pageParam)}`,
        { schema: ChatMessagePageSchema, signal },
      ),
    initialPageParam: olderCursor ?? '',
    getNextPageParam: (page) => page.nextCursor,
    enabled: false,
  });
}

/**
 * An open thread and its latest messages, refreshed by the live stream's message events,
 * and polled while the stream is down.
 */
export function useThreadFeed(id: string) {
  const refetchInterval = useConversationPollInterval();
  return useQuery({
    queryKey: threadKey(id),
    queryFn: ({ signal }) => getThread(id, signal),
    refetchInterval,
  });
}
