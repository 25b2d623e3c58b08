import type { Translation } from '../../lib/i18n/define-messages.ts';
import type { notificationsMessages } from './messages.ts';

export const notificationsMessagesBangla: Translation<typeof notificationsMessages> = {
  'notifications.title': 'নোটিফিকেশন',
  'notifications.bell': 'নোটিফিকেশন',
  'notifications.bellUnread': 'নোটিফিকেশন, {count}টি অপঠিত',
  'notifications.markRead': 'পঠিত হিসেবে চিহ্নিত করুন',
  'notifications.markAllRead': 'সব পঠিত হিসেবে চিহ্নিত করুন',
  'notifications.none': 'এখনো কোনো নোটিফিকেশন নেই।',
  'notifications.unread': 'অপঠিত',
  'notifications.role.user': 'ইউজার',
  'notifications.role.agent': 'এজেন্ট',
  'notifications.role.admin': 'অ্যাডমিন',
};
