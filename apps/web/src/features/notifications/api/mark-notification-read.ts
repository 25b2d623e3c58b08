import { NotificationSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './keys.ts';

export function markNotificationRead(id: string) {
  return apiRequest(`/api/v1/me/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    schema: NotificationSchema,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
