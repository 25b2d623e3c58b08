import { useSyncExternalStore } from 'react';

/**
 * Whether this tab's live event stream (ADR 26) is open right now. The notifications feature
 * opens the stream and reports here; a feature that would otherwise poll for what the stream
 * announces reads it and polls fast only while the stream is down. It lives in lib/ because
 * features never import each other.
 */
let open = false;
const watchers = new Set<() => void>();

export function setLiveStreamOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const watcher of watchers) watcher();
}

export function useLiveStreamOpen(): boolean {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => open,
    () => false,
  );
}
