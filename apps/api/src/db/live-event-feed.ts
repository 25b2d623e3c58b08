import type { PGlite } from '@electric-sql/pglite';
import { listenOnChannel } from './listening-connection.ts';

/** The channel migration 0010 announces each new notification on: "<recipient id>:<sequence>". */
const CHANNEL = 'basha_live_events';

export type LiveEvent = { recipientId: string; sequence: number };

export type LiveEventListener = {
  /** A notification for `recipientId` committed. */
  notified(event: LiveEvent): void;
  /** Listening (again) after a loss: announcements in between may be missing. */
  resumed(): void;
};

export type LiveEventFeed = { close(): Promise<void> };

function parse(payload: string): LiveEvent | undefined {
  const [recipientId, sequence] = payload.split(':');
  if (!recipientId || !sequence) return undefined;
  return { recipientId, sequence: Number(sequence) };
}

function hear(listener: LiveEventListener) {
  return (payload: string) => {
    const event = parse(payload);
    if (event) listener.notified(event);
  };
}

/** PGlite runs in this process: every announcement arrives, none is ever lost. */
export async function listenForLiveEventsOnPglite(
  client: PGlite,
  listener: LiveEventListener,
): Promise<LiveEventFeed> {
  const unlisten = await client.listen(CHANNEL, hear(listener));
  return { close: () => unlisten() };
}

/**
 * On PostgreSQL every API process hears every notification, whichever process wrote it: that
 * is the fan-out. After a dropped connection the listener hears `resumed` and catches up
 * from the table, so nothing committed in between is missed.
 */
export async function listenForLiveEventsOnPostgres(
  connectionString: string,
  listener: LiveEventListener,
): Promise<LiveEventFeed> {
  let listening = false;
  return listenOnChannel(connectionString, CHANNEL, 'basha-live-events', {
    notified: hear(listener),
    lost: () => {},
    resumed: () => {
      // The first time is the start, not a recovery.
      if (listening) listener.resumed();
      listening = true;
    },
  });
}
