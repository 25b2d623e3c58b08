import {
  type MarkedRead,
  type Notification,
  type NotificationListQuery,
  type NotificationPage,
  notificationMessages,
  type UnreadNotifications,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import * as repo from './notifications.repository.ts';

/** The caller's own notifications, newest first; nobody reads anyone else's. */
export async function listMyNotifications(
  db: Database,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listNewestFirst(db, actor.id, after, query.limit + 1);
  return newestFirstPage(rows, query.limit, repo.toNotification);
}

export async function countMyUnread(db: Database, actor: Actor): Promise<UnreadNotifications> {
  return { unread: await repo.countUnread(db, actor.id) };
}

/**
 * Marks one of the caller's notifications read (again is fine). Someone else's id is refused
 * like an unknown one: the answer does not tell that it exists.
 */
export async function markMyNotificationRead(
  db: Database,
  actor: Actor,
  id: string,
): Promise<Notification> {
  const row = await repo.markRead(db, actor.id, id);
  if (!row) throw new AppError('NOT_FOUND', notificationMessages.notFound);
  return repo.toNotification(row);
}

export async function markAllMyNotificationsRead(db: Database, actor: Actor): Promise<MarkedRead> {
  return { marked: await repo.markAllRead(db, actor.id) };
}
