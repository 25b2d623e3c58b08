import { MarkedReadSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './keys.ts';

export function markAllNotificationsRead() {
  return apiRequest('/api/v1/me/notifications/read-all', {
    method: 'POST',
    schema: MarkedReadSchema,
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
