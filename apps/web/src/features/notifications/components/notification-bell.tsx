import { lazy, Suspense, useState } from 'react';
import { Dismissable } from '../../../components/ui/dismissable.tsx';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useLiveEvents } from '../api/live-events.ts';

// The list is downloaded when the bell is first opened: no page needs it to show itself.
const NotificationPanel = lazy(() => import('./notification-panel.tsx'));

const PANEL_ID = 'notification-panel';

/**
 * The bell in the header of every page, for every signed-in role: the unread count, kept
 * current by the tab's live event stream, and the list under it.
 */
export function NotificationBell() {
  const { t, number } = useI18n();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  useLiveEvents(true);
  const count = unread.data ?? 0;

  return (
    <Dismissable onDismiss={() => setOpen(false)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        aria-label={
          count > 0
            ? t('notifications.bellUnread', { count: number(count) })
            : t('notifications.bell')
        }
        className="relative flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-700"
        onClick={() => setOpen((value) => !value)}
      >
        <LineIcon className="size-6">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </LineIcon>
        {count > 0 ? (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {count > 99 ? `${number(99)}+` : number(count)}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel id={PANEL_ID} onNavigate={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Dismissable>
  );
}
