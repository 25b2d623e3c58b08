import type { Notification } from '@basha/domain';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { MessageKey } from '../../../lib/i18n/english-catalog.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { describeError, useNotify } from '../../../lib/notify.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';

/** The bell's list: newest first, a page at a time, each entry linking to its subject. */
export default function NotificationPanel({
  id,
  onNavigate,
}: {
  id: string;
  onNavigate: () => void;
}) {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const list = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const panel = useRef<HTMLElement>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = items.some((item) => item.readAt === null);

  return (
    <section
      ref={panel}
      id={id}
      // Focusable, to take the focus back from "Mark all read" (below).
      tabIndex={-1}
      aria-label={t('notifications.title')}
      className="fixed inset-x-2 top-[70px] z-50 flex max-h-[75vh] flex-col gap-2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 shadow-lg focus-visible:outline-2 focus-visible:outline-emerald-700 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-bold text-slate-900">{t('notifications.title')}</h2>
        <Button
          variant="secondary"
          className="px-3 text-xs"
          disabled={!anyUnread}
          busy={markAll.isPending}
          // The button is disabled while it works and once nothing is unread, and a disabled
          // button drops the focus to the page's start: the panel takes it, so Tab and Escape
          // go on from where the reader was.
          onClick={() =>
            markAll.mutate(undefined, {
              onError: notify.error,
              onSettled: () => panel.current?.focus(),
            })
          }
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {describeError(list.error, t, serverText)}
        </p>
      ) : items.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-700">{t('notifications.none')}</p>
      ) : (
        <ul className="flex flex-col">
          {items.map((item) => (
            <NotificationEntry key={item.id} notification={item} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      <LoadMoreButton query={list} />
    </section>
  );
}

function NotificationEntry({
  notification,
  onNavigate,
}: {
  notification: Notification;
  onNavigate: () => void;
}) {
  const { t, serverText, dateTime } = useI18n();
  const notify = useNotify();
  const markRead = useMarkNotificationRead();
  const unread = notification.readAt === null;
  const text = serverText({
    text: notification.kind,
    code: `notification.${notification.kind}`,
    params: readableParams(notification, t),
  });

  return (
    <li className="flex items-start gap-2 border-t border-slate-100 py-2">
      {unread ? (
        <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-emerald-700" />
      ) : (
        <span aria-hidden className="mt-2 size-2 shrink-0" />
      )}
      <Link
        to={notification.link}
        className={`min-w-0 flex-1 rounded-sm text-sm break-words focus-visible:outline-2 focus-visible:outline-emerald-700 ${unread ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
        onClick={() => {
          if (unread) markRead.mutate(notification.id);
          onNavigate();
        }}
      >
        {unread ? <span className="sr-only">{t('notifications.unread')}: </span> : null}
        {text}
        <span className="block text-xs font-normal text-slate-600">
          <time dateTime={notification.createdAt}>{dateTime(notification.createdAt)}</time>
        </span>
      </Link>
      {unread ? (
        <Button
          variant="ghost"
          className="shrink-0 px-2 text-xs"
          busy={markRead.isPending}
          onClick={() => markRead.mutate(notification.id, { onError: notify.error })}
        >
          {t('notifications.markRead')}
        </Button>
      ) : null}
    </li>
  );
}

/** The entry's params as the reader reads them: a role by its name in their language. */
function readableParams(
  notification: Notification,
  t: (key: MessageKey) => string,
): Notification['params'] {
  const { role } = notification.params;
  if (role !== 'user' && role !== 'agent' && role !== 'admin') return notification.params;
  return { ...notification.params, role: t(`notifications.role.${role}`) };
}
