import { queryRoots } from '../../../lib/query-keys.ts';

/** Every offers query starts with this key, so one invalidation refreshes them all. */
export const OFFERS_KEY = queryRoots.offers;
