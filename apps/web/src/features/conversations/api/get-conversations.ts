import { ConversationPageSchema } from '@basha/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CONVERSATIONS_KEY, POLL_INTERVAL_MS } from './keys.ts';

export function getConversationPage(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/v1/conversations${query}`, { schema: ConversationPageSchema, signal });
}

/** The caller's threads (inbox for agents, "My messages" for users), kept fresh by polling. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: [...CONVERSATIONS_KEY, 'list'],
    queryFn: ({ pageParam, signal }) => getConversationPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: POLL_INTERVAL_MS,
  });
}
