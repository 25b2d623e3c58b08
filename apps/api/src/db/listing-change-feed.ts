import type { PGlite } from '@electric-sql/pglite';
import { LISTING_CHANNEL, type OwnWrites } from '../performance/change-feed.ts';
import { listenOnChannel } from './listening-connection.ts';

// Which listings changed (ADR 33): migrations 0022 and 0023 announce, after each statement,
// the ids of the listings whose row or agent it changed, or '*' for more than 100. The
// search memory of every API process follows them.

export type ListingChangeListener = {
  /** A listing's id, or '*' for "read them all again". */
  changed(idOrAll: string): void;
  /** Announcements may be missed until `resumed`. */
  lost(): void;
  /** Listening (again): every announcement from now on arrives. */
  resumed(): void;
};

export type ListingChangeFeed = { close(): Promise<void> };

/** PGlite calls the listener before the writing query resolves: never behind, never lost. */
export async function listenForListingChangesOnPglite(
  client: PGlite,
  listener: ListingChangeListener,
): Promise<ListingChangeFeed> {
  const unlisten = await client.listen(LISTING_CHANNEL, (idOrAll) => listener.changed(idOrAll));
  listener.resumed();
  return { close: () => unlisten() };
}

/**
 * A PostgreSQL server delivers every process's announcements on a connection of our own, in
 * commit order, moments after each commit; this process's own arrive sooner, on the pool's
 * connection that wrote, before the writing query resolves (`watchOwnWrites`), so whoever
 * wrote reads their write. A write on a pool connection that cannot tell what it changed
 * counts as a change to every listing.
 */
export async function listenForListingChangesOnPostgres(
  connectionString: string,
  ownWrites: OwnWrites,
  listener: ListingChangeListener,
): Promise<ListingChangeFeed> {
  const stopHearingOwnWrites = ownWrites.subscribe({
    changed: () => {},
    listingChanged: (idOrAll) => listener.changed(idOrAll),
    changedEverything: () => listener.changed('*'),
  });
  const connection = await listenOnChannel(
    connectionString,
    LISTING_CHANNEL,
    'basha-listing-feed',
    {
      notified: (idOrAll) => listener.changed(idOrAll),
      lost: () => listener.lost(),
      resumed: () => listener.resumed(),
    },
  );
  return {
    close: async () => {
      stopHearingOwnWrites();
      await connection.close();
    },
  };
}
