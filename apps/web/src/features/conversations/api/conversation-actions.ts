import { ChatMessageSchema, ConversationReportSchema, ConversationSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from '../../notifications/api/keys.ts';
import { CONVERSATIONS_KEY } from './keys.ts';

/** "Message agent": the caller's thread on the listing, new or the one they have. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) =>
      apiRequest('/api/v1/conversations', {
        method: 'POST',
        body: { listingId },
        schema: ConversationSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest(`/api/v1/conversations/${conversationId}/messages`, {
        method: 'POST',
        body: { text },
        schema: ChatMessageSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}

export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/v1/conversations/${conversationId}/read`, {
        method: 'POST',
        schema: ConversationSchema,
      }),
    // The thread's "new message" notifications were read with it: the bell counts them no more.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
      ]),
  });
}

export function useReportConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest(`/api/v1/conversations/${conversationId}/reports`, {
        method: 'POST',
        body: { reason },
        schema: ConversationReportSchema,
      }),
    // The thread, read again, says when the caller reported it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}
