import { ConversationPageSchema } from '@basha/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { changedJustNow } from '../../../lib/fresh-reads.ts';
import { CONVERSATIONS_KEY } from './keys.ts';
import { useConversationPollInterval } from './poll-interval.ts';

export function getConversationPage(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/v1/conversations${query}`, {
    schema: ConversationPageSchema,
    signal,
    fresh: changedJustNow(CONVERSATIONS_KEY),
  });
}

/**
 * The caller's threads (inbox for agents, "My messages" for users), kept fresh by the live
 * stream's message events, and by polling while the stream is down.
 */
export function useConversations() {
  const refetchInterval = useConversationPollInterval();
  return useInfiniteQuery({
    queryKey: [...CONVERSATIONS_KEY, 'list'],
    queryFn: ({ pageParam, signal }) => getConversationPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval,
  });
}
