import { queryRoots } from '../../../lib/query-keys.ts';

/** Every conversation query starts with this key, so one invalidation refreshes them all. */
export const CONVERSATIONS_KEY = queryRoots.conversations;

/**
 * How often an open inbox or thread asks for news. Polling is the stand-in until the
 * notification stream lands; it lives in the two hooks that use it (get-conversations.ts,
 * use-thread-feed.ts), so swapping it for the stream touches only them.
 */
export const POLL_INTERVAL_MS = 1000;
