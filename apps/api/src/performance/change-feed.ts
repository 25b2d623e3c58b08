import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { listenOnChannel } from '../db/listening-connection.ts';

/** The channel migration 0006 announces changes on; the payload is the table's name. */
const CHANNEL = 'basha_changes';
/** The channel migrations 0022 and 0023 announce changed listings on (db/listing-change-feed.ts). */
export const LISTING_CHANNEL = 'basha_listing_changes';
const FENCE_PREFIX = 'fence:';
const CATCH_UP_TIMEOUT_MS = 5000;

export type ChangeListener = {
  /** A transaction that changed `table` committed. */
  changed(table: string): void;
  /**
   * This process wrote, and which tables it does not know: only on a pool connection whose
   * LISTEN failed (`watchOwnWrites`).
   */
  changedEverything(): void;
  /** Announcements may have been missed (the listening connection is down). */
  lost(): void;
  /** Listening again: announcements from now on arrive. */
  resumed(): void;
};

export type ChangeFeed = {
  /**
   * Resolves once every change committed before the call has reached the listener.
   * Requests never need it; tests that write to the database directly do.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
};

/**
 * PGlite runs in this process and calls listeners before the writing query resolves, so
 * its feed is never behind and never lost.
 */
export async function listenOnPglite(
  client: PGlite,
  listener: ChangeListener,
): Promise<ChangeFeed> {
  const unlisten = await client.listen(CHANNEL, (table) => listener.changed(table));
  listener.resumed();
  return { caughtUp: async () => {}, close: () => unlisten() };
}

/**
 * A PostgreSQL server delivers announcements on a connection of our own, in commit order,
 * moments after the commit. If that connection drops, the listener hears `lost` (caches
 * stop being trusted) until it listens again (`listenOnChannel`).
 */
export async function listenOnPostgres(
  connectionString: string,
  pool: pg.Pool,
  ownWrites: OwnWrites,
  listener: ChangeListener,
): Promise<ChangeFeed> {
  const stopHearingOwnWrites = ownWrites.subscribe(listener);
  let fences = 0;
  const fencesPending = new Map<string, () => void>();
  const connection = await listenOnChannel(connectionString, CHANNEL, 'basha-change-feed', {
    notified: (payload, sender) => {
      if (payload.startsWith(FENCE_PREFIX)) fencesPending.get(payload)?.();
      // Our own connections' commits were heard on those connections, before the writes
      // resolved (`watchOwnWrites`): hearing them again here would only forget the answers
      // read since, which already saw those commits.
      else if (!ownWrites.sentBy(sender)) listener.changed(payload);
    },
    lost: () => listener.lost(),
    resumed: () => listener.resumed(),
  });
  return {
    // Announcements arrive in commit order, so once our own fence arrives, so has every
    // change committed before it.
    caughtUp: async () => {
      const fence = `${FENCE_PREFIX}${process.pid}:${++fences}`;
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          fencesPending.delete(fence);
          reject(new Error('the change feed did not catch up'));
        }, CATCH_UP_TIMEOUT_MS);
        fencesPending.set(fence, () => {
          clearTimeout(timer);
          fencesPending.delete(fence);
          resolve();
        });
      });
      await pool.query('select pg_notify($1, $2)', [CHANNEL, fence]);
      await arrived;
    },
    close: async () => {
      stopHearingOwnWrites();
      await connection.close();
    },
  };
}

/** What PostgreSQL says when a statement may have changed data ("INSERT 0 1", "COMMIT"). */
const WRITE_COMPLETED = /^(INSERT|UPDATE|DELETE|MERGE|COMMIT)\b/;

/** Who to tell, the moment a write through this pool commits. */
export type OwnWrites = {
  subscribe(heard: {
    /** This process's own commit changed `table`. */
    changed(table: string): void;
    /** This process's own commit changed the listing (its id, or '*' for many: ADR 33). */
    listingChanged?(idOrAll: string): void;
    /** This process wrote on a connection that cannot say which tables (see below). */
    changedEverything(): void;
  }): () => void;
  /**
   * The pool's `onConnect`: readies each new connection before the pool hands it out, so no
   * query of ours is ever queued behind, or in front of, the pool user's.
   */
  onConnect(client: pg.ClientBase): Promise<void>;
  /**
   * Whether a server backend is one of this pool's open connections whose commits are heard
   * as above (a connection whose LISTEN failed is not: its announcements must come from the
   * feed; one lost unexpectedly counts as a change to everything). A backend's process id is
   * unique among the server's live backends; one of another process would have to reuse a
   * closed connection's id between an announcement and its delivery, moments apart, which
   * takes the server's whole process-id range going round.
   */
  sentBy(backend: number): boolean;
};

/**
 * Every connection of the pool LISTENs to the announcements too, and keeps those its own
 * session made (the notification names the backend that sent it). PostgreSQL hands a session
 * its own notifications after its commit and before it reports the command complete, so
 * subscribers hear exactly which tables a write changed before the query that made it
 * resolves: whoever wrote reads their write at once, and only the answers read from those
 * tables are forgotten (ADR 6). Announcements from other sessions reach these connections
 * as well and are ignored: the feed's own connection hears them in commit order.
 *
 * A connection whose LISTEN failed cannot tell its tables; a write on it (`INSERT …`,
 * `UPDATE …`, `COMMIT`, as PostgreSQL reports them) counts as a change to everything.
 */
export function watchOwnWrites(): OwnWrites {
  type Heard = Parameters<OwnWrites['subscribe']>[0];
  const subscribers = new Set<Heard>();
  const listeningBackends = new Set<number>();
  return {
    sentBy: (backend) => listeningBackends.has(backend),
    subscribe: (heard) => {
      subscribers.add(heard);
      return () => subscribers.delete(heard);
    },
    onConnect: async (client) => {
      // The backend's process id, which PostgreSQL names as the sender of each notification.
      let ownBackend: number | undefined;
      client.on('notification', ({ processId, channel, payload = '' }) => {
        if (processId !== ownBackend) return;
        if (channel === LISTING_CHANNEL) {
          for (const heard of subscribers) heard.listingChanged?.(payload);
          return;
        }
        if (channel !== CHANNEL || payload.startsWith(FENCE_PREFIX)) return;
        for (const heard of subscribers) heard.changed(payload);
      });
      // A pool's connections are pg.Client instances; ClientBase leaves out their wire.
      (client as pg.Client).connection.on('commandComplete', ({ text }: { text: string }) => {
        if (ownBackend !== undefined || !WRITE_COMPLETED.test(text)) return;
        for (const heard of subscribers) heard.changedEverything();
      });
      try {
        await client.query(`LISTEN ${CHANNEL}; LISTEN ${LISTING_CHANNEL}`);
        const backend = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        ownBackend = backend.rows[0]?.pid;
        if (ownBackend !== undefined) {
          const listening = ownBackend;
          listeningBackends.add(listening);
          client.once('end', () => listeningBackends.delete(listening));
          // Lost unexpectedly (never when the pool closes it), it may have committed a write
          // without hearing its announcement, which the feed skips: forget everything.
          client.on('error', () => {
            for (const heard of subscribers) heard.changedEverything();
          });
        }
      } catch {
        // The connection still serves queries; its writes count as changes to everything.
      }
    },
  };
}

/** Both listeners hear every change: the caches' versions and, say, the live streams' session check. */
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
