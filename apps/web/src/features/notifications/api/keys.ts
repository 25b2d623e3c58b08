import { queryRoots } from '../../../lib/query-keys.ts';

/** Every notifications query starts with this key, so one invalidation refreshes the bell. */
export const NOTIFICATIONS_KEY = queryRoots.notifications;

export const notificationKeys = {
  unread: [...NOTIFICATIONS_KEY, 'unread'],
  list: [...NOTIFICATIONS_KEY, 'list'],
} as const;
