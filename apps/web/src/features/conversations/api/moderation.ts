import { ConversationSchema, ReportedConversationPageSchema } from '@basha/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CONVERSATIONS_KEY } from './keys.ts';

const REPORTED_KEY = [...CONVERSATIONS_KEY, 'reported'] as const;

/** Admins' moderation list: reported threads only, most recently reported first. */
export function useReportedConversations() {
  return useInfiniteQuery({
    queryKey: REPORTED_KEY,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `/api/v1/admin/conversations/reported${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: ReportedConversationPageSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useCloseConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest(`/api/v1/admin/conversations/${conversationId}/close`, {
        method: 'POST',
        schema: ConversationSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}
