import type { Notification, Role } from '@basha/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LiveEventListener } from '../../db/live-event-feed.ts';
import { session, user } from '../../db/schema.ts';
import type { ChangeListener } from '../../performance/change-feed.ts';
import * as repo from './notifications.repository.ts';

/** How many events one read returns at most; streams further behind read again. */
const CATCH_UP_BATCH = 100;

/** One open event stream: a signed-in tab. */
export type LiveStream = {
  readonly userId: string;
  /** The session it was opened with, and the role the account had then. */
  readonly sessionToken: string;
  readonly role: Role;
  /** The sequence of the last notification sent (or skipped, at a fresh start). */
  lastSent: number;
  /**
   * True while its tab has not read what was written (a phone asleep with the connection
   * open, a stalled network): it is sent nothing more until it calls `resume`, then catches
   * up from the table. The table is the queue, so the process holds little for such a tab.
   */
  readonly backedUp: boolean;
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
  /** A backed-up stream of the account was read again: send it what it missed meanwhile. */
  resume(userId: string): void;
  /** How many streams are open in this process. */
  count(): number;
  /** Ends every stream (shutdown): an open stream must not hold a stop up. */
  closeAll(): void;
};

/**
 * The streams open in this process, by account. Accounts woken together are read in one
 * query: for each, the notifications newer than the oldest any of its streams sent; every
 * stream gets only those after its own `lastSent`. A stream never gets an event twice (an
 * account is never read twice at once), and one that missed announcements (reconnected with
 * Last-Event-ID, or the listening connection dropped) catches up from the table.
 */
export function createLiveStreams(db: Database, log: FastifyBaseLogger): LiveStreams {
  const byUser = new Map<string, Set<LiveStream>>();
  /** Accounts woken since the last read started; read together in the next one. */
  const woken = new Set<string>();
  /** Accounts whose read is under way: woken again, they wait for the next read. */
  const reading = new Set<string>();
  let scheduled = false;

  function wake(userId: string): void {
    if (!byUser.has(userId)) return;
    woken.add(userId);
    scheduleRead();
  }

  function scheduleRead(): void {
    if (scheduled) return;
    scheduled = true;
    // Announcements that arrive together (one commit, many recipients) make one read.
    setImmediate(readWoken);
  }

  function readWoken(): void {
    scheduled = false;
    const batch = [...woken].filter((userId) => !reading.has(userId));
    if (batch.length === 0) return;
    for (const userId of batch) {
      woken.delete(userId);
      reading.add(userId);
    }
    deliver(batch)
      .catch((error: unknown) => log.warn({ err: error }, 'live events: delivery failed'))
      .finally(() => {
        for (const userId of batch) reading.delete(userId);
        if (woken.size > 0) scheduleRead();
      });
  }

  /** Reads what the accounts' streams have not sent, in sequence order, and sends it. */
  async function deliver(userIds: readonly string[]): Promise<void> {
    for (;;) {
      const after = userIds.flatMap((userId) => {
        const streams = [...(byUser.get(userId) ?? [])].filter((stream) => !stream.backedUp);
        if (streams.length === 0) return [];
        const sequence = Math.min(...streams.map((stream) => stream.lastSent));
        return [{ recipientId: userId, sequence }];
      });
      if (after.length === 0) return;
      const rows = await repo.listAfterSequences(db, after, CATCH_UP_BATCH);
      const readFrom = new Map(after.map((a) => [a.recipientId, a.sequence]));
      for (const row of rows) {
        const event = repo.toNotification(row);
        const from = readFrom.get(row.recipientId) ?? 0;
        for (const stream of byUser.get(row.recipientId) ?? []) {
          // A stream that opened during the read, further behind than it read, waits for the
          // next read (its opening woke the account): sent this row now, it would skip the
          // older ones.
          if (stream.lastSent < from) continue;
          if (stream.backedUp || event.sequence <= stream.lastSent) continue;
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
    resume: wake,
    count: () => [...byUser.values()].reduce((total, set) => total + set.size, 0),
    closeAll() {
      for (const set of [...byUser.values()]) for (const stream of [...set]) stream.close();
    },
  };
}
