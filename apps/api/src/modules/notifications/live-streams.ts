import type { Notification, Role } from '@basha/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeListener } from '../../db/change-feed.ts';
import type { Database } from '../../db/client.ts';
import type { LiveEventListener } from '../../db/live-event-feed.ts';
import { session, user } from '../../db/schema.ts';
import * as repo from './notifications.repository.ts';

/** How many missed events one read catches up at most; a stream further behind reads again. */
const CATCH_UP_BATCH = 100;

/** One open event stream: a signed-in tab. */
export type LiveStream = {
  readonly userId: string;
  /** The session it was opened with, and the role the account had then. */
  readonly sessionToken: string;
  readonly role: Role;
  /** The sequence of the last notification sent (or skipped, at a fresh start). */
  lastSent: number;
  send(notification: Notification): void;
  /** Ends the response; the browser reconnects, and that reconnection checks the session. */
  close(): void;
};

export type LiveStreams = {
  /** Hears every committed notification (any process) and wakes its recipient's streams. */
  readonly events: LiveEventListener;
  /** Hears changes to sessions and users, and closes streams whose session ended. */
  readonly sessionChanges: ChangeListener;
  /** Registers an open stream and sends it what it missed; returns how to unregister it. */
  open(stream: LiveStream): () => void;
  /** How many streams are open in this process. */
  count(): number;
  /** Ends every stream (shutdown): an open stream must not hold a stop up. */
  closeAll(): void;
};

/**
 * The streams open in this process, by account. Each wake-up reads, once per account, the
 * notifications newer than the oldest any of its streams sent, and gives every stream only
 * those after its own `lastSent`: a stream never gets an event twice, and one that missed
 * announcements (reconnected with Last-Event-ID, or the listening connection dropped)
 * catches up from the table.
 */
export function createLiveStreams(db: Database, log: FastifyBaseLogger): LiveStreams {
  const byUser = new Map<string, Set<LiveStream>>();
  const delivering = new Map<string, Promise<void>>();
  const again = new Set<string>();

  function wake(userId: string): void {
    if (!byUser.has(userId)) return;
    if (delivering.has(userId)) {
      again.add(userId);
      return;
    }
    const run = deliver(userId)
      .catch((error: unknown) => log.warn({ err: error }, 'live events: delivery failed'))
      .finally(() => {
        delivering.delete(userId);
        if (again.delete(userId)) wake(userId);
      });
    delivering.set(userId, run);
  }

  async function deliver(userId: string): Promise<void> {
    for (;;) {
      const streams = byUser.get(userId);
      if (!streams || streams.size === 0) return;
      const from = Math.min(...[...streams].map((stream) => stream.lastSent));
      const rows = await repo.listAfterSequence(db, userId, from, CATCH_UP_BATCH);
      for (const row of rows) {
        const event = repo.toNotification(row);
        for (const stream of byUser.get(userId) ?? []) {
          if (event.sequence <= stream.lastSent) continue;
          stream.lastSent = event.sequence;
          stream.send(event);
        }
      }
      if (rows.length < CATCH_UP_BATCH) return;
    }
  }

  let checking: Promise<void> | undefined;
  let checkAgain = false;
  function checkSessions(): void {
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = closeEndedSessions()
      .catch((error: unknown) => log.warn({ err: error }, 'live events: session check failed'))
      .finally(() => {
        checking = undefined;
        if (checkAgain) {
          checkAgain = false;
          checkSessions();
        }
      });
  }

  /**
   * One query for every open stream: a stream whose session is gone (signed out, expired, the
   * account deleted) or whose account's role changed is closed.
   */
  async function closeEndedSessions(): Promise<void> {
    const streams = [...byUser.values()].flatMap((set) => [...set]);
    if (streams.length === 0) return;
    const tokens = [...new Set(streams.map((stream) => stream.sessionToken))];
    const alive = await db
      .select({ token: session.token, role: user.role })
      .from(session)
      .innerJoin(user, sql`${user.id} = ${session.userId}`)
      .where(and(inArray(session.token, tokens), sql`${session.expiresAt} > now()`));
    const roleByToken = new Map(alive.map((row) => [row.token, row.role]));
    for (const stream of streams) {
      if (roleByToken.get(stream.sessionToken) !== stream.role) stream.close();
    }
  }

  return {
    events: {
      notified: ({ recipientId }) => wake(recipientId),
      resumed: () => {
        for (const userId of byUser.keys()) wake(userId);
      },
    },
    sessionChanges: {
      changed: (table) => {
        if (table === 'sessions' || table === 'users') checkSessions();
      },
      changedEverything: () => {},
      lost: () => {},
      resumed: checkSessions,
    },
    open(stream) {
      let streams = byUser.get(stream.userId);
      if (!streams) {
        streams = new Set();
        byUser.set(stream.userId, streams);
      }
      streams.add(stream);
      wake(stream.userId);
      return () => {
        const current = byUser.get(stream.userId);
        current?.delete(stream);
        if (current?.size === 0) byUser.delete(stream.userId);
      };
    },
    count: () => [...byUser.values()].reduce((total, set) => total + set.size, 0),
    closeAll() {
      for (const set of [...byUser.values()]) for (const stream of [...set]) stream.close();
    },
  };
}

/** Both listeners hear every change: the caches' versions and the streams' session check. */
export function bothHear(first: ChangeListener, second: ChangeListener): ChangeListener {
  return {
    changed: (table) => {
      first.changed(table);
      second.changed(table);
    },
    changedEverything: () => {
      first.changedEverything();
      second.changedEverything();
    },
    lost: () => {
      first.lost();
      second.lost();
    },
    resumed: () => {
      first.resumed();
      second.resumed();
    },
  };
}
