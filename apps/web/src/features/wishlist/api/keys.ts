import { queryRoots } from '../../../lib/query-keys.ts';

/** Every wishlist query starts with this key, so one invalidation refreshes them all. */
export const WISHLIST_KEY = queryRoots.wishlist;
