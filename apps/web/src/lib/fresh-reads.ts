/**
 * Which features' data a live event has just said changed (ADR 6, amendment of 2026-11-29).
 * The event can reach this tab before the API process that answers its next read has heard
 * the change announced, and that process would serve the answer it kept from before. For a
 * moment after the event, that feature's reads ask for a fresh answer (`fresh` in
 * api-client.ts, sent as `Cache-Control: no-cache`); later reads may be served from the cache.
 */
const FRESH_FOR_MS = 5000;

const changedAt = new Map<string, number>();

/** A live event said the data under this query root changed. */
export function markChanged(root: readonly string[]): void {
  changedAt.set(root.join('/'), Date.now());
}

/** Whether reads under this root should skip the API's kept answers right now. */
export function changedJustNow(root: readonly string[]): boolean {
  const at = changedAt.get(root.join('/'));
  return at !== undefined && Date.now() - at < FRESH_FOR_MS;
}
