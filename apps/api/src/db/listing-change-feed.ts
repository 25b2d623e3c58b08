import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { OwnWrites } from '../performance/change-feed.ts';
import { listenOnChannel } from './listening-connection.ts';

// Which listings changed (ADR 33): migrations 0022 and 0023 announce, after each statement,
// the ids of the listings whose row or agent it changed, or '*' for more than 100. The
// search memory of every API process follows them.

const CHANNEL = 'basha_listing_changes';
const FENCE_PREFIX = 'fence:';
const CATCH_UP_TIMEOUT_MS = 5000;

export type ListingChangeListener = {
  /** A listing's id, or '*' for "read them all again". */
  changed(idOrAll: string): void;
  /** Announcements may be missed until `resumed`. */
  lost(): void;
  /** Listening (again): every announcement from now on arrives. */
  resumed(): void;
};

export type ListingChangeFeed = {
  /**
   * Resolves once the listener has heard every listing change this process committed
   * before the call: whoever wrote then reads their write. Quick when it wrote none.
   */
  caughtUpWithOwnWrites(): Promise<void>;
  close(): Promise<void>;
};

/** PGlite calls the listener before the writing query resolves: never behind, never lost. */
export async function listenForListingChangesOnPglite(
  client: PGlite,
  listener: ListingChangeListener,
): Promise<ListingChangeFeed> {
  const unlisten = await client.listen(CHANNEL, (idOrAll) => listener.changed(idOrAll));
  listener.resumed();
  return { caughtUpWithOwnWrites: async () => {}, close: () => unlisten() };
}

/**
 * A PostgreSQL server delivers the announcements on a connection of our own, in commit
 * order, moments after each commit, whichever process wrote. This process's own writes to
 * listings or to accounts are known the moment they commit (`OwnWrites`), so after one the
 * next catch-up sends a fence through the channel and waits for it: once it arrives, so has
 * every announcement committed before it.
 */
export async function listenForListingChangesOnPostgres(
  connectionString: string,
  pool: pg.Pool,
  ownWrites: OwnWrites,
  listener: ListingChangeListener,
): Promise<ListingChangeFeed> {
  let wroteSinceFence = false;
  let fencing: Promise<void> | null = null;
  let fences = 0;
  const fencesPending = new Map<string, () => void>();
  const stopHearingOwnWrites = ownWrites.subscribe({
    changed: (table) => {
      if (table === 'listings' || table === 'users') wroteSinceFence = true;
    },
    changedEverything: () => {
      wroteSinceFence = true;
    },
  });
  const connection = await listenOnChannel(connectionString, CHANNEL, 'basha-listing-feed', {
    notified: (payload) => {
      // Every process hears every fence; each waits only for its own.
      if (payload.startsWith(FENCE_PREFIX)) fencesPending.get(payload)?.();
      else listener.changed(payload);
    },
    lost: () => listener.lost(),
    resumed: () => listener.resumed(),
  });

  async function fence() {
    const name = `${FENCE_PREFIX}${process.pid}:${++fences}`;
    const arrived = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        fencesPending.delete(name);
        reject(new Error('the listing change feed did not catch up'));
      }, CATCH_UP_TIMEOUT_MS);
      fencesPending.set(name, () => {
        clearTimeout(timer);
        fencesPending.delete(name);
        resolve();
      });
    });
    await pool.query('select pg_notify($1, $2)', [CHANNEL, name]);
    await arrived;
  }

  return {
    caughtUpWithOwnWrites: async () => {
      if (wroteSinceFence) {
        wroteSinceFence = false;
        const started = fence();
        fencing = started;
        started
          .finally(() => {
            if (fencing === started) fencing = null;
          })
          .catch(() => undefined);
      }
      // A fence under way may cover a write the caller made: wait for it too.
      await fencing;
    },
    close: async () => {
      stopHearingOwnWrites();
      await connection.close();
    },
  };
}
