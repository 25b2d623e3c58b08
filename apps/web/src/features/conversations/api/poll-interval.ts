import { useLiveStreamOpen } from '../../../lib/live-stream-state.ts';
import { POLL_INTERVAL_MS, POLL_INTERVAL_WITH_STREAM_MS } from './keys.ts';

/** How often an open inbox or thread polls: a fallback for when the live stream is down. */
export function useConversationPollInterval(): number {
  return useLiveStreamOpen() ? POLL_INTERVAL_WITH_STREAM_MS : POLL_INTERVAL_MS;
}
