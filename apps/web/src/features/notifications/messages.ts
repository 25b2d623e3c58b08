import { defineMessages } from '../../lib/i18n/define-messages.ts';

/** Texts of the bell and its list; the entries themselves are server messages by code. */
export const notificationsMessages = defineMessages({
  'notifications.title': 'Notifications',
  'notifications.bell': 'Notifications',
  'notifications.bellUnread': 'Notifications, {count} unread',
  'notifications.markRead': 'Mark read',
  'notifications.markAllRead': 'Mark all read',
  'notifications.none': 'No notifications yet.',
  'notifications.unread': 'Unread',
  'notifications.role.user': 'user',
  'notifications.role.agent': 'agent',
  'notifications.role.admin': 'admin',
});
