import { queryRoots } from '../../../lib/query-keys.ts';

/** Every conversation query starts with this key, so one invalidation refreshes them all. */
export const CONVERSATIONS_KEY = queryRoots.conversations;

/**
 * How often an open inbox or thread asks for news while the live stream is down (not open
 * yet, reconnecting, or refused): new messages still show within a second.
 */
export const POLL_INTERVAL_MS = 1000;

/**
 * How often they ask while the stream is open: each new message arrives as a
 * `messageReceived` event, which refreshes every conversation query at once, so this slow
 * poll is only for what no event announces (a thread closed by an admin, by a fraud mark or
 * a deleted account).
 */
export const POLL_INTERVAL_WITH_STREAM_MS = 30_000;
