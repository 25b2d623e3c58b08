import { NotificationPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export function getNotificationsPage(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiRequest(`/api/v1/me/notifications${query}`, {
    schema: NotificationPageSchema,
    signal,
  });
}

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam, signal }) => getNotificationsPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** The caller's notifications, newest first, a page at a time. */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions);
}
