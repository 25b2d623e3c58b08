import type { ChangeListener } from './change-feed.ts';

/** The tables whose changes PostgreSQL announces (migrations 0006_change_notifications, 0014, 0018, 0025). */
export type AnnouncedTable =
  | 'users'
  | 'sessions'
  | 'listings'
  | 'listing_revisions'
  | 'listing_photos'
  | 'wishlist_items'
  | 'reviews'
  | 'conversations'
  | 'conversation_reports'
  | 'messages';

/** What a cached value was read from, and the versions of those tables at the time. */
export type VersionStamp = {
  readonly epoch: number;
  readonly tables: readonly AnnouncedTable[];
  readonly generations: readonly number[];
};

/**
 * Per-process versions of the data cached answers are built from. A value is cached with
 * the stamp taken *before* it was read, so a change that commits while it is being read
 * already makes it stale. Nothing is ever served from cache while the change feed is down.
 */
export type DataVersions = ChangeListener & {
  readonly live: boolean;
  stamp(tables: readonly AnnouncedTable[]): VersionStamp;
  isCurrent(stamp: VersionStamp): boolean;
};

export function createDataVersions(): DataVersions {
  let live = false;
  let epoch = 0;
  const generations = new Map<string, number>();
  const generationOf = (table: string) => generations.get(table) ?? 0;

  return {
    get live() {
      return live;
    },
    stamp: (tables) => ({ epoch, tables, generations: tables.map(generationOf) }),
    isCurrent: (stamp) =>
      live &&
      stamp.epoch === epoch &&
      stamp.tables.every((table, index) => generationOf(table) === stamp.generations[index]),
    changed: (table) => {
      generations.set(table, generationOf(table) + 1);
    },
    changedEverything: () => {
      epoch += 1;
    },
    lost: () => {
      live = false;
      epoch += 1;
    },
    resumed: () => {
      live = true;
      epoch += 1;
    },
  };
}
