import { UnreadNotificationsSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export function getUnreadCount(signal?: AbortSignal) {
  return apiRequest('/api/v1/me/notifications/unread-count', {
    schema: UnreadNotificationsSchema,
    signal,
  });
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => getUnreadCount(signal),
  select: (answer) => answer.unread,
});

/** The number on the bell; kept current by the live event stream. */
export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
