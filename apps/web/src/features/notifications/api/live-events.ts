import { LIVE_EVENT, type NotificationKind, NotificationSchema } from '@basha/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from '../../../lib/api-client.ts';
import { markChanged } from '../../../lib/fresh-reads.ts';
import { setLiveStreamOpen } from '../../../lib/live-stream-state.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { NOTIFICATIONS_KEY } from './keys.ts';

/** How long to wait before opening a new stream after the browser gave one up. */
const REOPEN_AFTER_MS = 5000;

/** Besides the bell, the data each kind of event changed: refreshed through its feature's root. */
const CHANGED_BY: Record<NotificationKind, readonly (readonly string[])[]> = {
  offerReceived: [queryRoots.offers],
  offerAccepted: [queryRoots.offers],
  offerRejected: [queryRoots.offers],
  offerLostToAnother: [queryRoots.offers],
  offerExpired: [queryRoots.offers],
  paymentReceived: [queryRoots.offers, queryRoots.payments, queryRoots.listings],
  paymentRefunded: [queryRoots.offers, queryRoots.payments, queryRoots.listings],
  listingVerified: [queryRoots.listings],
  listingRejected: [queryRoots.listings],
  revisionApproved: [queryRoots.listings],
  revisionRejected: [queryRoots.listings],
  reviewReceived: [queryRoots.reviews],
  roleChanged: [queryRoots.me],
  messageReceived: [queryRoots.conversations],
  savedSearchMatch: [],
};

function refreshAfter(queryClient: QueryClient, data: string): void {
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const parsed = NotificationSchema.safeParse(JSON.parse(data));
  if (!parsed.success) return;
  for (const queryKey of CHANGED_BY[parsed.data.kind]) {
    markChanged(queryKey);
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * One live event stream for this tab while someone is signed in (ADR 26). The browser
 * reconnects by itself after a dropped connection, sending Last-Event-ID so the server
 * replays what was missed; when it gives up (the server refused), a new stream is tried a
 * little later, and the bell is refreshed on every reopen since a new stream does not
 * replay. Whether the stream is open is reported to `live-stream-state.ts`, so pages that
 * poll as a fallback (conversations) poll fast only while it is down.
 */
export function useLiveEvents(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let openedBefore = false;
    const open = () => {
      source = new EventSource(apiUrl('/api/v1/me/events'), { withCredentials: true });
      source.addEventListener('open', () => {
        setLiveStreamOpen(true);
        // Open conversations polled until now; a message between their last poll and this
        // open came as no event. (Only queries on screen refetch.)
        markChanged(queryRoots.conversations);
        void queryClient.invalidateQueries({ queryKey: queryRoots.conversations });
        // The first open follows the page's own first read of the bell.
        if (openedBefore) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
        openedBefore = true;
      });
      source.addEventListener(LIVE_EVENT.notification, (event) =>
        refreshAfter(queryClient, (event as MessageEvent<string>).data),
      );
      source.addEventListener('error', () => {
        // Reconnecting or given up: either way events may be missed until it opens again.
        setLiveStreamOpen(false);
        if (source?.readyState !== EventSource.CLOSED) return;
        reopen = setTimeout(open, REOPEN_AFTER_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
      setLiveStreamOpen(false);
    };
  }, [signedIn, queryClient]);
}
